import Foundation
import ReferenceMath
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `effect-host render` and `plot`: every picture parses as XML, and its
/// geometry is the seed's motion, worked out here from the seed formulas.
final class RenderTests: XCTestCase {
    private func host(_ arguments: [String]) throws -> TestEnvironment.Result {
        try TestEnvironment.run(TestEnvironment.effectHost, arguments)
    }

    /// Renders into a fresh directory and returns each frame parsed, in order.
    private func renderFrames(_ arguments: [String], expecting count: Int) throws -> [XMLDocument] {
        let directory = try TestEnvironment.temporaryDirectory(self) + "/frames"
        // The reference metrics: the geometry below is worked out from them.
        let result = try host(["render"] + arguments + ["--font", "reference", "-o", directory])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertEqual(names, (0..<count).map { String(format: "frame-%05d.svg", $0) })
        return try names.map { name in
            try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), options: [])
        }
    }

    /// The element drawn for display-list item `id`.
    private func item(_ document: XMLDocument, _ id: UInt32) throws -> XMLElement? {
        try document.nodes(forXPath: "//*[@data-id='\(id)']").first as? XMLElement
    }

    private func elements(_ document: XMLDocument, _ name: String) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[local-name()='\(name)']").compactMap { $0 as? XMLElement }
    }

    private func number(_ element: XMLElement?, _ attribute: String) throws -> Double {
        let text = try XCTUnwrap(element.flatMap { attr($0, attribute) }, "no \(attribute)")
        return try XCTUnwrap(Double(text), "\(attribute)=\(text)")
    }

    /// An attribute's value. Attributes here have no namespace, while
    /// their elements are in SVG's, which attribute(forName:) trips on.
    private func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }

    /// An attribute's number, or `absent` when it is not written (SVG's
    /// default: opacity 1, say).
    private func number(_ element: XMLElement?, _ attribute: String, absent: Double) throws -> Double {
        guard let text = element.flatMap({ attr($0, attribute) }) else { return absent }
        return try XCTUnwrap(Double(text), "\(attribute)=\(text)")
    }

    /// A group's transform read back from `translate(a b) rotate(r)
    /// scale(x y) translate(-ax -ay)`: as SVG applies it, a point p goes to
    /// translate + anchor + R S (p − anchor).
    private struct GroupTransform {
        var translate = (x: 0.0, y: 0.0)
        var anchor = (x: 0.0, y: 0.0)
        var rotation = 0.0
        var scale = (x: 1.0, y: 1.0)

        func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let (sx, sy) = ((x - anchor.x) * scale.x, (y - anchor.y) * scale.y)
            let turn = rotation * Double.pi / 180
            return (
                translate.x + anchor.x + sx * cos(turn) - sy * sin(turn), translate.y + anchor.y + sx * sin(turn) + sy * cos(turn)
            )
        }
    }

    private func groupTransform(_ element: XMLElement?) throws -> GroupTransform {
        var result = GroupTransform()
        guard let text = element.flatMap({ attr($0, "transform") }) else { return result }
        var parts: [(String, [Double])] = []
        for piece in text.split(separator: ")") {
            let pair = piece.split(separator: "(")
            guard pair.count == 2 else { continue }
            parts.append((pair[0].trimmingCharacters(in: .whitespaces), pair[1].split(separator: " ").compactMap { Double($0) }))
        }
        let first = try XCTUnwrap(parts.first, text)
        let last = try XCTUnwrap(parts.last, text)
        XCTAssertEqual(first.0, "translate")
        XCTAssertEqual(last.0, "translate")
        result.anchor = (-last.1[0], -last.1[1])
        result.translate = (first.1[0] - result.anchor.x, first.1[1] - result.anchor.y)
        for (name, values) in parts.dropFirst().dropLast() {
            if name == "rotate" { result.rotation = values[0] }
            if name == "scale" { result.scale = (values[0], values[1]) }
        }
        return result
    }

    /// The filter primitive `name` of the filter a group refers to.
    private func filter(_ document: XMLDocument, of group: XMLElement?, _ name: String) throws -> XMLElement? {
        guard let reference = group.flatMap({ attr($0, "filter") }) else { return nil }
        let id = reference.dropFirst(5).dropLast()
        let filter = try document.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement
        return filter?.children?.compactMap { $0 as? XMLElement }.first { $0.localName == name || $0.name == name }
    }

    /// The rect of the clip path a group refers to.
    private func clipRect(_ document: XMLDocument, of group: XMLElement?) throws -> XMLElement? {
        guard let reference = group.flatMap({ attr($0, "clip-path") }) else { return nil }
        let id = reference.dropFirst(5).dropLast()
        let clip = try document.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement
        return clip?.children?.first as? XMLElement
    }

    /// The reference metrics' line height (effect.h): ascent 0.952, descent 0.241.
    private func lineHeight(_ size: Double) -> Double { (0.952 + 0.241) * size }

    func testStrikeFramesFollowTheSeed() throws {
        // 0.32 s at 30 fps: frames 0 ... 10, the last at or after the end.
        let frames = try renderFrames(["strikethrough-reveal", "--fps", "30"], expecting: 11)
        let height = lineHeight(20)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 30
            let expected = Reference.strike(amount: Reference.easeInOut(t / 0.32))
            let text = try item(frame, 4)
            XCTAssertEqual(text?.stringValue, "Ship the component")
            XCTAssertEqual(text.flatMap { attr($0, "font-weight") }, "500")
            let textWidth = try number(text, "textLength")
            let style = try item(frame, 3)
            XCTAssertEqual(try number(style, "opacity", absent: 1), expected.textOpacity, accuracy: 1e-5, "t = \(t)")
            let drain = try filter(frame, of: style, "feColorMatrix")
            XCTAssertEqual(try number(drain, "values", absent: 1), expected.saturation, accuracy: 1e-5)
            // The row (tick, 10 pt, text) dips about its own centre.
            let row = try groupTransform(item(frame, 1))
            XCTAssertEqual(row.scale.x, expected.scale, accuracy: 1e-5)
            if row.scale.x != 1 {
                XCTAssertEqual(row.anchor.x, (26 + textWidth) / 2, accuracy: 1e-3)
                XCTAssertEqual(row.anchor.y, height / 2, accuracy: 1e-3)
            }
            XCTAssertEqual(try number(text, "x"), 26, "16 pt tick, 10 pt spacing")
            let line = try item(frame, 5)
            XCTAssertEqual(try number(line, "x"), 26, "the line starts at the text's leading edge")
            XCTAssertEqual(try number(line, "height"), 1.6)
            XCTAssertEqual(try number(line, "y") + 0.8, height / 2, accuracy: 1e-3, "centred on the text")
            XCTAssertEqual(try number(line, "width"), textWidth * expected.lineWidth, accuracy: 2e-3)
            let tick = try item(frame, 2)
            guard expected.tickTrim > 0 else {
                XCTAssertNil(tick, "a tick trimmed to nothing draws nothing, not its caps")
                continue
            }
            XCTAssertEqual(tick.flatMap { attr($0, "d") }, "M1 \(SVG(8 + (height - 16) / 2)) L6 \(SVG(13 + (height - 16) / 2)) L15 \(SVG(2 + (height - 16) / 2))", "a 16 pt box, centred")
            let dashes = tick.flatMap { attr($0, "stroke-dasharray") }.map { $0.split(separator: " ").compactMap { Double($0) } } ?? [1, 0]
            // The dash is in the path's own units (librsvg ignores pathLength):
            // the tick's two strokes are 5√2 and √(9² + 11²) = √202 long.
            let tickLength = 5 * 2.0.squareRoot() + 202.0.squareRoot()
            if expected.tickTrim < 1 {
                XCTAssertEqual(dashes.first ?? .nan, expected.tickTrim * tickLength, accuracy: 1e-3)
                XCTAssertGreaterThanOrEqual(dashes.last ?? 0, tickLength, "the gap hides the rest of the path")
            } else {
                XCTAssertNil(tick.flatMap { attr($0, "stroke-dasharray") }, "a whole tick has no dashes")
            }
            XCTAssertEqual(tick.flatMap { attr($0, "stroke-width") }, "2.4")
        }
    }

    /// A coordinate as the SVG writes it: at most three decimals.
    private func SVG(_ x: Double) -> String {
        var text = String(format: "%.3f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    func testStrikeWithoutTheTickDrawsTheTextWhereTheTickWas() throws {
        let frames = try renderFrames(["strikethrough-reveal", "--fps", "10", "--param", "tick=false"], expecting: 5)
        var dips = 0
        for frame in frames {
            XCTAssertNil(try item(frame, 2))
            let text = try item(frame, 4)
            XCTAssertEqual(try number(text, "x"), 0)
            let row = try groupTransform(item(frame, 1))
            guard row.scale.x != 1 else { continue }
            XCTAssertEqual(row.anchor.x, (try number(text, "textLength")) / 2, accuracy: 1e-3)
            dips += 1
        }
        XCTAssertGreaterThan(dips, 0)
    }

    func testTrackingBreatheFramesFollowTheSeed() throws {
        let frames = try renderFrames(["tracking-breathe", "--fps", "10", "--duration", "2"], expecting: 21)
        var centres: [Double] = []
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 10
            let expected = Reference.trackingBreathe(at: t)
            let text = try item(frame, 2)
            XCTAssertEqual(text?.stringValue, "BREATHE")
            XCTAssertEqual(text.flatMap { attr($0, "font-weight") }, "600")
            XCTAssertEqual(try number(text, "letter-spacing"), expected.tracking, accuracy: 1e-3, "t = \(t)")
            let group = try item(frame, 1)
            XCTAssertEqual(try number(group, "opacity", absent: 1), expected.opacity, accuracy: 1e-5)
            XCTAssertEqual(try groupTransform(group).translate.x, expected.tracking / 2, accuracy: 1e-3)
            // Optically centred: the glyphs (the advance less the trailing
            // tracking), moved by the nudge, have one centre at every t.
            let glyphs = try number(text, "textLength") - expected.tracking
            centres.append(try number(text, "x") + expected.tracking / 2 + glyphs / 2)
        }
        for centre in centres { XCTAssertEqual(centre, centres[0], accuracy: 2e-3) }
    }

    func testBreathingCirclesFramesFollowTheArticle() throws {
        let frames = try renderFrames(["breathing-circles", "--fps", "4", "--duration", "8"], expecting: 33)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 4
            let e = Reference.breathingCircles(at: t).expansion
            let ring = try groupTransform(item(frame, 1))
            XCTAssertEqual(ring.rotation, 100 * e, accuracy: 1e-3, "t = \(t)")
            if e > 0 {
                XCTAssertEqual(ring.anchor.x, 40, "turned about the stack's centre")
                XCTAssertEqual(ring.anchor.y, 40)
            }
            XCTAssertEqual(try elements(frame, "ellipse").count, 8)
            for circle in 0..<8 {
                let angle = 2 * Double.pi / 8 * Double(circle)
                let node = try item(frame, 0x200_0000 + UInt32(circle))
                let group = try item(frame, 0x100_0000 + UInt32(circle))
                let own = try groupTransform(group)
                // The circle's centre and radius as drawn, before the ring turns.
                let centre = own.apply(try number(node, "cx"), try number(node, "cy"))
                XCTAssertEqual(centre.x, 40 + cos(angle) * 70 * e, accuracy: 2e-3)
                XCTAssertEqual(centre.y, 40 + sin(angle) * 70 * e, accuracy: 2e-3)
                XCTAssertEqual(try number(node, "rx") * own.scale.x, 40 * (1 + e), accuracy: 2e-3)
                XCTAssertEqual(try number(group, "opacity", absent: 1), 0.2 + 0.8 * (1 - e), accuracy: 1e-5)
                XCTAssertTrue(attr(try XCTUnwrap(node), "fill")?.hasPrefix("url(#gradient") ?? false)
            }
        }
        let stops = try elements(frames[0], "stop").prefix(2).map { attr($0, "stop-color") }
        XCTAssertEqual(stops, ["#20d9d2", "#0ce8ff"], "the article's teal to cyan")
        let gradient = try XCTUnwrap(elements(frames[0], "linearGradient").first)
        XCTAssertEqual(try [number(gradient, "x1"), number(gradient, "y1"), number(gradient, "x2"), number(gradient, "y2")], [0, 0, 80, 80])
    }

    // text-reveal's display-list ids (docs/effects.md), by chunk or unit.
    private let blockGroup: UInt32 = 0x100_0000, block: UInt32 = 0x200_0000, mask: UInt32 = 0x300_0000
    private let unitGroup: UInt32 = 0x400_0000, unitText: UInt32 = 0x500_0000, inkGroup: UInt32 = 0x600_0000
    private let inkText: UInt32 = 0x700_0000

    func testTextRevealUnitsRiseUnderTheirMasksAndTheHighlightWipes() throws {
        let frames = try renderFrames(
            ["text-reveal", "--fps", "20", "--param", "highlights=calm glance"], expecting: try revealFrameCount(fps: 20))
        // 7 units, duration 0.8: stagger (0.8 − 0.5) / 6; each rises 1.05 h (1 − p) on spring(0.62).
        let stagger = 0.3 / 6
        let h = lineHeight(40)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 20
            for unit in 0..<7 {
                let elapsed = t - Double(unit) * stagger
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.62, bounce: 0, at: elapsed)
                let offset = try groupTransform(item(frame, unitGroup + UInt32(unit))).translate.y
                // The plugin ends a spring exactly at rest within 1e-3 of it, as SwiftUI does.
                XCTAssertEqual(offset, 1.05 * h * (1 - p), accuracy: 0.06, "unit \(unit) at t = \(t)")
            }
            for chunk in 0..<6 { XCTAssertNotNil(try clipRect(frame, of: item(frame, mask + UInt32(chunk))), "one mask per chunk") }
        }
        // At rest the block is whole and the ink copy uncovers the whole phrase.
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(try groupTransform(item(last, blockGroup + 5)).scale.x, 1, accuracy: 1e-6)
        let ink = try item(last, inkGroup + 5)
        XCTAssertEqual(ink?.stringValue, "calmglance.")
        XCTAssertGreaterThan(try number(clipRect(last, of: ink), "width"), 100)
    }

    /// Frames of text-reveal at `fps`, counted by `run`, which frames an
    /// effect by the same rule.
    private func revealFrameCount(fps: Double) throws -> Int {
        let run = try host(
            ["run", "text-reveal", "--param", "highlights=calm glance", "--offline", "--fps", formatted(fps), "--format", "jsonl"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").count
    }

    private func formatted(_ x: Double) -> String { String(x) }

    func testHTMLPageIsSelfContainedAndHoldsTheSameFrames() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let page = directory + "/strike.html"
        let result = try host(["render", "strikethrough-reveal", "--fps", "30", "--font", "reference", "-o", page])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        // Nothing to fetch: the only URL is the SVG namespace.
        XCTAssertEqual(html.components(separatedBy: "http").count - 1, html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1)
        for forbidden in ["src=", "<link", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
            XCTAssertFalse(html.contains(forbidden), forbidden)
        }
        let start = try XCTUnwrap(html.range(of: "<script id=\"frames\" type=\"application/json\">"))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let frames = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String])
        let files = try renderFrames(["strikethrough-reveal", "--fps", "30"], expecting: 11)
        XCTAssertEqual(frames.count, 11)
        for (json, file) in zip(frames, files) {
            XCTAssertEqual(try XMLDocument(xmlString: json, options: []).xmlString, file.xmlString)
        }
        XCTAssertFalse(html.contains("id=\"loop\" type=\"checkbox\" checked"), "strike ends, so Loop starts off")
        let loops = directory + "/breathe.html"
        XCTAssertEqual(try host(["render", "tracking-breathe", "--fps", "5", "-o", loops]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: loops, encoding: .utf8).contains("id=\"loop\" type=\"checkbox\" checked"))
    }

    func testTextFromParamsIsEscaped() throws {
        let frames = try renderFrames(
            ["strikethrough-reveal", "--fps", "1", "--param", "text=<b>&\"x\"</b>\u{1B}[31m"], expecting: 2)
        XCTAssertEqual(try item(frames[0], 4)?.stringValue, "<b>&\"x\"</b>[31m", "escaped, control characters dropped")
    }

    /// The block, the ink copy and their wipe, frame by frame, against the
    /// seed's smooth spring (0.5 s) starting 0.42 s after the phrase's last
    /// unit (unit 6, at 6 · 0.05 s).
    func testHighlightBlockAndInkWipeTogether() throws {
        let frames = try renderFrames(
            ["text-reveal", "--fps", "20", "--param", "highlights=calm glance"], expecting: try revealFrameCount(fps: 20))
        var wiping = 0
        let h = lineHeight(40)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 20
            let elapsed = t - (6 * 0.05 + 0.42)
            let s = elapsed <= 0 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
            let first = try item(frame, inkText + 5)
            let last = try item(frame, inkText + 6)
            let chunkX = try number(first, "x")
            let chunkWidth = try number(last, "x") + number(last, "textLength") - chunkX
            let pad = (0.16 * h).rounded()
            let block = try item(frame, block + 5)
            XCTAssertEqual(try number(block, "x"), chunkX - pad, accuracy: 1e-3)
            XCTAssertEqual(try number(block, "width"), chunkWidth + 2 * pad, accuracy: 2e-3)
            XCTAssertEqual(try number(block, "height"), 1.04 * h, accuracy: 1e-3)
            XCTAssertEqual(try number(block, "rx"), 0.24 * h, accuracy: 1e-3)
            XCTAssertEqual(try number(last, "y") - number(block, "y"), 0.952 * 40 + 0.01 * h, accuracy: 1e-3, "0.01 h above the chunk")
            XCTAssertEqual(block.flatMap { attr($0, "fill") }, "#ffd976")
            // The block grows from the chunk's leading edge, the ink is uncovered to s · w.
            let wipe = try groupTransform(item(frame, blockGroup + 5))
            XCTAssertEqual(wipe.scale.x, s, accuracy: 2e-3, "t = \(t)")
            XCTAssertEqual(wipe.scale.y, 1)
            if wipe.scale.x != 1 { XCTAssertEqual(wipe.anchor.x, chunkX, accuracy: 1e-3) }
            let clip = try clipRect(frame, of: item(frame, inkGroup + 5))
            XCTAssertEqual(try number(clip, "x"), chunkX, accuracy: 1e-3)
            XCTAssertEqual(try number(clip, "width"), chunkWidth * s, accuracy: 0.2, "t = \(t)")
            XCTAssertEqual(last.flatMap { attr($0, "fill") }, "#141414")
            if s > 0.001 && s < 0.999 { wiping += 1 }
        }
        XCTAssertGreaterThan(wiping, 3, "frames caught mid-wipe")
    }

    func testBlurAndSoftenPresets() throws {
        // blur: easeOut 0.55 s per unit; each unit blurred by 8 (1 − p), drawn with σ = radius / 2.
        let blurred = try renderFrames(["text-reveal", "--fps", "10", "--param", "preset=blur"], expecting: try revealFrames("preset=blur", fps: 10))
        for (index, frame) in blurred.enumerated() {
            let t = Double(index) / 10
            for unit in 0..<7 {
                let group = try item(frame, unitGroup + UInt32(unit))
                let p = Reference.easeOut(min(1, max(0, (t - Double(unit) * 0.05) / 0.55)))
                XCTAssertEqual(try number(group, "opacity", absent: 1), p, accuracy: 1e-5, "unit \(unit) at t = \(t)")
                let radius = 8 * (1 - p)
                let blur = try filter(frame, of: group, "feGaussianBlur")
                if radius > 0 {
                    XCTAssertEqual(try number(blur, "stdDeviation"), radius / 2, accuracy: 1e-5)
                } else {
                    XCTAssertNil(blur)
                }
                XCTAssertEqual(try groupTransform(group).translate.y, 0, "blur does not move")
            }
            XCTAssertTrue(try elements(frame, "clipPath").isEmpty, "no mask without the rise")
        }
        // soften: spring(0.5) per unit; scale 0.96 → 1 about the unit's bottom edge.
        let softened = try renderFrames(["text-reveal", "--fps", "10", "--param", "preset=soften"], expecting: try revealFrames("preset=soften", fps: 10))
        for (index, frame) in softened.enumerated() {
            let t = Double(index) / 10
            for unit in 0..<7 {
                let elapsed = t - Double(unit) * 0.05
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
                let transform = try groupTransform(item(frame, unitGroup + UInt32(unit)))
                // A spring is at rest within 1e-3 of it: 0.04 · 1e-3 of scale.
                XCTAssertEqual(transform.scale.x, 0.96 + 0.04 * p, accuracy: 5e-5, "unit \(unit) at t = \(t)")
                guard transform.scale.x != 1 else { continue }
                // The scale's fixed point is the unit's bottom: baseline + descent.
                let text = try item(frame, unitText + UInt32(unit))
                XCTAssertEqual(transform.anchor.y - (try number(text, "y")), 0.241 * 40, accuracy: 1e-3)
                XCTAssertEqual(transform.anchor.x, try number(text, "x") + number(text, "textLength") / 2, accuracy: 2e-3)
            }
        }
    }

    func testReduceMotionFadesUnitsAndHighlightInstead() throws {
        let arguments = ["text-reveal", "--fps", "10", "--param", "reduce_motion=true", "--param", "highlights=calm glance"]
        let frames = try renderFrames(arguments, expecting: try revealFrames("reduce_motion=true", "highlights=calm glance", fps: 10))
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 10
            for unit in 0..<7 {
                // Every unit at once, easeOut 0.35 s, nothing moves.
                let group = try item(frame, unitGroup + UInt32(unit))
                XCTAssertEqual(try number(group, "opacity", absent: 1), Reference.easeOut(min(1, t / 0.35)), accuracy: 1e-5, "unit \(unit)")
                XCTAssertNil(group.flatMap { attr($0, "transform") })
            }
            // The block and the ink fade in (easeOut 0.3 s from 0.2 s), whole.
            let s = Reference.easeOut(min(1, max(0, (t - 0.2) / 0.3)))
            let blockGroup = try item(frame, blockGroup + 5)
            XCTAssertEqual(try number(blockGroup, "opacity", absent: 1), s, accuracy: 1e-5, "t = \(t)")
            XCTAssertNil(blockGroup.flatMap { attr($0, "transform") }, "no wipe")
            XCTAssertEqual(try number(item(frame, inkGroup + 5), "opacity", absent: 1), s, accuracy: 1e-5)
        }
    }

    /// A masked unit rises from 1.05 × its measured height, whatever
    /// `unit_height` says: that param is for renderers that do not measure.
    func testMaskedRiseUsesTheMeasuredHeight() throws {
        let frames = try renderFrames(["text-reveal", "--fps", "10", "--param", "unit_height=5"], expecting: try revealFrames("unit_height=5", fps: 10))
        let h = lineHeight(40)
        for unit in 0..<7 {
            let transform = try groupTransform(item(frames[0], unitGroup + UInt32(unit)))
            XCTAssertEqual(transform.translate.x, 0)
            XCTAssertEqual(transform.translate.y, 1.05 * h, accuracy: 1e-3)
        }
        let maskRect = try clipRect(frames[0], of: item(frames[0], mask))
        let unitZero = try item(frames[0], unitText)
        XCTAssertEqual(try number(maskRect, "y") + number(maskRect, "height") - number(unitZero, "y"), 0.241 * 40, accuracy: 1e-3, "closed at the chunk's bottom")
    }

    private func revealFrames(_ params: String..., fps: Double) throws -> Int {
        let run = try host(
            ["run", "text-reveal", "--offline", "--fps", String(fps), "--format", "jsonl"] + params.flatMap { ["--param", $0] })
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").count
    }

    func testRenderingIntoADirectoryReplacesOldFramesOnly() throws {
        let directory = try TestEnvironment.temporaryDirectory(self) + "/frames"
        XCTAssertEqual(try host(["render", "strikethrough-reveal", "--fps", "30", "-o", directory]).status, 0)
        for name in ["notes.txt", "frame-keep.svg"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
        }
        XCTAssertEqual(try host(["render", "strikethrough-reveal", "--fps", "2", "-o", directory]).status, 0)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted(),
            ["frame-00000.svg", "frame-00001.svg", "frame-keep.svg", "notes.txt"])
    }

    /// Writing to a device writes to it: the rename that keeps regular
    /// files whole must never replace /dev/null with a file.
    func testWritingToADeviceKeepsTheDevice() throws {
        let result = try host(["plot", "strikethrough-reveal", "-o", "/dev/null"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeCharacterSpecial)
    }

    // MARK: plot

    private struct Panel {
        let t0, t1, x, width, y, height, min, max: Double
        let element: XMLElement

        func point(_ pair: Substring) -> (t: Double, value: Double) {
            let xy = pair.split(separator: ",").map { Double($0) ?? .nan }
            return (t0 + (xy[0] - x) / width * (t1 - t0), min + (1 - (xy[1] - y) / height) * (max - min))
        }
    }

    private func panels(_ document: XMLDocument) throws -> [String: Panel] {
        var found: [String: Panel] = [:]
        for node in try elements(document, "g") where attr(node, "class") == "panel" {
            func value(_ name: String) -> Double { Double(attr(node, name) ?? "") ?? .nan }
            let channel = attr(node, "data-channel") ?? ""
            found[channel] = Panel(
                t0: value("data-t0"), t1: value("data-t1"), x: value("data-x"), width: value("data-width"),
                y: value("data-y"), height: value("data-height"), min: value("data-min"), max: value("data-max"),
                element: node)
        }
        return found
    }

    func testPlotOfStrikeIsTheSeedCurveWithTheEventMarked() throws {
        let file = try TestEnvironment.temporaryDirectory(self) + "/strike.svg"
        let result = try host(["plot", "strikethrough-reveal", "--at", "0.2:done=false", "--duration", "0.8", "-o", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: file)), options: [])
        let panels = try panels(document)
        XCTAssertEqual(Set(panels.keys), ["amount", "line_width", "text_opacity", "saturation", "scale", "tick_trim"])
        let amount = try XCTUnwrap(panels["amount"])
        let line = try XCTUnwrap(try elements(document, "polyline").first { attr($0, "data-series") == "amount" })
        let points = try XCTUnwrap(attr(line, "points")).split(separator: " ")
        XCTAssertEqual(points.count, 193, "240 a second over 0.8 s")
        let span = amount.max - amount.min
        for pair in points {
            let (t, value) = amount.point(pair)
            // SwiftUI's merge: the retract at 0.2 s blends from the strike's live value.
            let strike = Reference.easeInOut(t / 0.32)
            let expected = t < 0.2 ? strike : strike + Reference.easeInOut((t - 0.2) / 0.32) * (0 - strike)
            XCTAssertEqual(value, expected, accuracy: span * 2e-5, "t = \(t)")
        }
        let markers = try elements(document, "line").filter { attr($0, "class") == "event" }
        XCTAssertEqual(markers.count, 6, "one per panel")
        let markerX = try number(markers.first, "x1")
        XCTAssertEqual(amount.t0 + (markerX - amount.x) / amount.width * (amount.t1 - amount.t0), 0.2, accuracy: 1e-5)
        XCTAssertTrue(try elements(document, "text").contains { $0.stringValue == "done=false" })
        XCTAssertTrue(try elements(document, "text").contains { $0.stringValue == "amount" }, "legend")
        // Time ticks every 0.1 s, each labelled under its mark.
        let texts = try elements(document, "text").compactMap(\.stringValue)
        for label in ["0", "0.1", "0.4", "0.8", "t (s)"] { XCTAssertTrue(texts.contains(label), label) }
    }

    func testPlotOfBreathingCirclesHasPhaseBands() throws {
        let file = try TestEnvironment.temporaryDirectory(self) + "/circles.svg"
        let result = try host(["plot", "breathing-circles", "-o", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: file)), options: [])
        let panels = try panels(document)
        XCTAssertTrue(panels.keys.contains("expansion"))
        XCTAssertFalse(panels.keys.contains("phase"), "phases are bands, not a line")
        let expansion = try XCTUnwrap(panels["expansion"])
        let bands = try elements(document, "rect").filter {
            attr($0, "class") == "band" && $0.parent === expansion.element
        }
        // One period: breathe in 0–3 s, hold 3–4, breathe out 4–7, hold 7–8.
        XCTAssertEqual(bands.count, 4)
        let edges = try bands.map { band in
            let x = try number(band, "x")
            return expansion.t0 + (x - expansion.x) / expansion.width * (expansion.t1 - expansion.t0)
        }
        for (edge, expected) in zip(edges, [0.0, 3, 4, 7]) { XCTAssertEqual(edge, expected, accuracy: 1e-4) }
        let labels = try elements(document, "text").map(\.stringValue)
        XCTAssertTrue(labels.contains("Breathe in") && labels.contains("Breathe out") && labels.contains("Hold"))
    }

    func testPlotOfChosenElementChannels() throws {
        let file = try TestEnvironment.temporaryDirectory(self) + "/units.svg"
        let result = try host(["plot", "text-reveal", "--channels", "progress,offset_y[6]", "--elements", "0,3", "-o", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: file)), options: [])
        let series = try elements(document, "polyline").compactMap { attr($0, "data-series") }
        XCTAssertEqual(series, ["progress[0]", "progress[3]", "offset_y[6]"])
    }

    func testRenderAndPlotRefuseBadRequestsInOneLine() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        for (arguments, fragment, status) in [
            (["render", "strikethrough-reveal"], "render needs -o OUT", Int32(2)),
            (["render", "strikethrough-reveal", "-o", "a", "-o", "b"], "render takes one -o OUT", 2),
            (["render", "strikethrough-reveal", "--width", "nan", "-o", directory + "/x"], "--width needs a number", 2),
            (["render", "no-such-effect", "-o", directory + "/x"], "unknown effect 'no-such-effect'", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amout"], "did you mean 'amount'", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", "99"], "element 99 is out of range", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--fps", "10"], "takes no --fps", 2),
            (["render", "tracking-breathe", "--fps", "1000", "--duration", "100", "-o", directory + "/big.html"], "more than 20000", 2),
            (["render", "strikethrough-reveal", "-o", directory + "/missing/page.html"], "cannot write", 1),
            (["render", "strikethrough-reveal", "-o", "frame.bmp"], "render cannot write .bmp files; -o takes a directory", 2),
            (["render", "strikethrough-reveal", "-o", "a.gif", "--time", "1"], "--time picks the moment of a still", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--loop"], "a still has one frame", 2),
            (["render", "strikethrough-reveal", "-o", "a.gif", "--loop"], "strikethrough-reveal ends", 2),
            (["render", "strikethrough-reveal", "-o", "a.svg", "--scale", "3"], "--scale and --size size pictures in pixels", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--size", "10x0"], "--size needs WIDTHxHEIGHT", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--background", "red"], "--background needs #RRGGBB", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--text", "text"], "pixels are always drawn from the glyphs' outlines", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--font", directory + "/none.ttf"], "cannot read the font file", 1),
            (["render", "strikethrough-reveal", "-o", "dir", "--format", "jpeg"], "--format must be svg or png", 2),
            (["render", "strikethrough-reveal", "-o", "-"], "not stdout", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", ","], "--channels needs channel names", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amount,amount"], "names 'amount' twice", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", "0,0"], "names an element twice", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", ""], "--elements needs element numbers", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--channels", "masked[0]"], "'masked' is global", 2),
            (["plot", "text-reveal", "-o", directory], "plot writes a file ending in .svg or .png", 2),
            (["plot", "text-reveal", "-o", directory + "/p.gif"], "plot writes a file ending in .svg or .png", 2),
        ] {
            let result = try host(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            // A machine without Inter adds the font notice; the refusal is still one line.
            let lines = result.stderr.split(separator: "\n").filter { !$0.contains("is not installed (Debian package") }
            XCTAssertEqual(lines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): '\(result.stderr)' lacks '\(fragment)'")
        }
        // A regular file where the frame directory should go.
        let file = directory + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let result = try host(["render", "strikethrough-reveal", "-o", file])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("exists and is not a directory"), result.stderr)
    }

    /// The bar shows only on a terminal and only for work past a second;
    /// `script` gives the command a terminal.
    func testProgressBarOnlyOnATerminal() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        // Past the bar's one second with room on a fast machine (a debug
        // build draws these 301 frames of 360 circles in about 3 s on 2 slow
        // cores), and no more: a slower machine pays for every extra frame.
        let command = [
            TestEnvironment.effectHost, "render", "breathing-circles", "--param", "circle_count=360", "--fps", "100", "--duration",
            "3", "-o", directory + "/frames",
        ]
        let piped = try host(Array(command.dropFirst()))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertFalse(piped.stderr.contains("█") || piped.stderr.contains("░"), "no bar without a terminal")
        let onTerminal = try TestEnvironment.run("/usr/bin/script", ["-qec", command.joined(separator: " "), "/dev/null"])
        XCTAssertEqual(onTerminal.status, 0, onTerminal.stdout)
        XCTAssertTrue(onTerminal.stdout.contains("render ") && onTerminal.stdout.contains("/301 frames"), onTerminal.stdout)
        XCTAssertNotNil(onTerminal.stdout.firstMatch(of: /\/301 frames  \d+\.\d s  \d+\.\d frames\/s/), "elapsed and rate")
        let bars = onTerminal.stdout.split(separator: "\r").filter { $0.contains("frames/s") }
        let widest = bars.map { $0.unicodeScalars.count }.max() ?? 0
        XCTAssertLessThan(widest, 80, "the bar fits an 80-column terminal")
        XCTAssertTrue(onTerminal.stdout.contains("\r\u{1B}[2K"), "the bar is cleared at the end")
        let quick = try TestEnvironment.run(
            "/usr/bin/script", ["-qec", "\(TestEnvironment.effectHost) render strikethrough-reveal -o \(directory)/quick", "/dev/null"])
        XCTAssertFalse(quick.stdout.contains("░"), "no bar for quick work: \(quick.stdout)")
    }
}
