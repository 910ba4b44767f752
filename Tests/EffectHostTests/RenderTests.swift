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
        let result = try host(["render"] + arguments + ["-o", directory])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertEqual(names, (0..<count).map { String(format: "frame-%05d.svg", $0) })
        return try names.map { name in
            try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), options: [])
        }
    }

    private func element(_ document: XMLDocument, id: String) throws -> XMLElement? {
        try document.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement
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

    /// The numbers inside `name(...)` in a transform, e.g. scale or rotate.
    private func transform(_ element: XMLElement?, _ name: String) throws -> [Double] {
        let text = try XCTUnwrap(element.flatMap { attr($0, "transform") })
        let start = try XCTUnwrap(text.range(of: name + "("))
        let end = try XCTUnwrap(text[start.upperBound...].firstIndex(of: ")"))
        return text[start.upperBound..<end].split(separator: " ").compactMap { Double($0) }
    }

    func testStrikeFramesFollowTheSeed() throws {
        // 0.32 s at 30 fps: frames 0 ... 10, the last at or after the end.
        let frames = try renderFrames(["strikethrough-reveal", "--fps", "30"], expecting: 11)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 30
            let expected = Reference.strike(amount: Reference.easeInOut(t / 0.32))
            let text = try element(frame, id: "text")
            XCTAssertEqual(text?.stringValue, "Ship the component")
            let textWidth = try number(text, "textLength")
            XCTAssertEqual(try number(text, "opacity"), expected.textOpacity, accuracy: 1e-3, "t = \(t)")
            let drain = try elements(frame, "feColorMatrix").first
            XCTAssertEqual(try number(drain, "values"), expected.saturation, accuracy: 1e-3)
            XCTAssertEqual(try transform(element(frame, id: "row"), "scale").first ?? .nan, expected.scale, accuracy: 1e-3)
            // The row (tick, 10 pt, text) scales about its own centre.
            let textX = try number(text, "x")
            XCTAssertEqual(textX, 24 + 16 + 10)
            XCTAssertEqual(try transform(element(frame, id: "row"), "translate").first ?? .nan, (24 + textX + textWidth) / 2, accuracy: 1e-3)
            if expected.lineWidth > 1e-4 {
                let line = try element(frame, id: "line")
                XCTAssertEqual(try number(line, "x"), textX, "the line starts at the text's leading edge")
                XCTAssertEqual(try number(line, "height"), 1.6)
                XCTAssertEqual(try number(line, "width"), textWidth * expected.lineWidth, accuracy: 2e-3)
                XCTAssertEqual(try transform(element(frame, id: "tick"), "translate"), [24, 36 - 8], "a 16 pt box, centred")
                let dashes = try XCTUnwrap(element(frame, id: "tick").flatMap { attr($0, "stroke-dasharray") })
                XCTAssertEqual(Double(dashes.split(separator: " ")[0]) ?? .nan, expected.tickTrim, accuracy: 1e-3)
            } else {
                XCTAssertNil(try element(frame, id: "line"), "no line before the strike starts")
                XCTAssertNil(try element(frame, id: "tick"), "no tick before the strike starts")
            }
        }
    }

    func testStrikeWithoutTheTickDrawsTheTextWhereTheTickWas() throws {
        let frames = try renderFrames(["strikethrough-reveal", "--fps", "10", "--param", "tick=false"], expecting: 5)
        for frame in frames {
            XCTAssertNil(try element(frame, id: "tick"))
            let text = try element(frame, id: "text")
            XCTAssertEqual(try number(text, "x"), 24)
            let centre = try transform(element(frame, id: "row"), "translate").first ?? .nan
            XCTAssertEqual(centre, (24 + 24 + (try number(text, "textLength"))) / 2, accuracy: 1e-3)
        }
    }

    func testTrackingBreatheFramesFollowTheSeed() throws {
        let frames = try renderFrames(["tracking-breathe", "--fps", "10", "--duration", "2"], expecting: 21)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 10
            let expected = Reference.trackingBreathe(at: t)
            let text = try element(frame, id: "text")
            XCTAssertEqual(text?.stringValue, "BREATHE")
            XCTAssertEqual(text.flatMap { attr($0, "font-weight") }, "600")
            XCTAssertEqual(try number(text, "letter-spacing"), expected.tracking, accuracy: 1e-3, "t = \(t)")
            XCTAssertEqual(try number(text, "opacity"), expected.opacity, accuracy: 1e-3)
            XCTAssertEqual(try transform(text, "translate").first ?? .nan, expected.tracking / 2, accuracy: 1e-3)
        }
    }

    func testBreathingCirclesFramesFollowTheArticle() throws {
        let frames = try renderFrames(["breathing-circles", "--fps", "4", "--duration", "8"], expecting: 33)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 4
            let e = Reference.breathingCircles(at: t).expansion
            let svg = try XCTUnwrap(frame.rootElement())
            let (cx, cy) = (try number(svg, "width") / 2, try number(svg, "height") / 2)
            let rotation = try transform(element(frame, id: "ring"), "rotate")
            XCTAssertEqual(rotation.first ?? .nan, 100 * e, accuracy: 1e-3, "t = \(t)")
            XCTAssertEqual(Array(rotation.dropFirst()), [cx, cy], "turned about the centre")
            let circles = try elements(frame, "circle")
            XCTAssertEqual(circles.count, 8)
            for (circle, node) in circles.enumerated() {
                let angle = 2 * Double.pi / 8 * Double(circle)
                XCTAssertEqual(try number(node, "cx"), cx + cos(angle) * 70 * e, accuracy: 2e-3)
                XCTAssertEqual(try number(node, "cy"), cy + sin(angle) * 70 * e, accuracy: 2e-3)
                XCTAssertEqual(try number(node, "r"), 40 * (1 + e), accuracy: 2e-3)
                XCTAssertEqual(try number(node, "opacity"), 0.2 + 0.8 * (1 - e), accuracy: 1e-3)
                XCTAssertEqual(attr(node, "fill"), "url(#breath)")
            }
        }
        let stops = try elements(frames[0], "stop").map { attr($0, "stop-color") }
        XCTAssertEqual(stops, ["#20d9d2", "#0ce8ff"], "the article's teal to cyan")
    }

    func testTextRevealUnitsRiseUnderTheirMasksAndTheHighlightWipes() throws {
        let frames = try renderFrames(
            ["text-reveal", "--fps", "20", "--param", "highlights=calm glance"], expecting: try revealFrameCount(fps: 20))
        // 7 units, duration 0.8: stagger (0.8 − 0.5) / 6; each rises 1.05 · 48 (1 − p) on spring(0.62).
        let stagger = 0.3 / 6
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 20
            let units = try elements(frame, "text").filter { attr($0, "class") == "unit" }
            XCTAssertEqual(units.count, 7)
            for node in units {
                let unit = try XCTUnwrap(Int(attr(node, "data-unit") ?? ""))
                let elapsed = t - Double(unit) * stagger
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.62, bounce: 0, at: elapsed)
                let offset = try transform(node, "translate").last ?? .nan
                // The plugin ends a spring exactly at rest within 1e-3 of it, as SwiftUI does.
                XCTAssertEqual(offset, 1.05 * 48 * (1 - p), accuracy: 0.06, "unit \(unit) at t = \(t)")
            }
            XCTAssertEqual(try elements(frame, "clipPath").filter { (attr($0, "id") ?? "").hasPrefix("mask") }.count, 6, "one mask per chunk")
        }
        // At rest the block is whole and the ink copy uncovers the whole phrase.
        let last = try XCTUnwrap(frames.last)
        let block = try XCTUnwrap(elements(last, "rect").first { attr($0, "class") == "block" })
        XCTAssertEqual(try transform(block, "scale").first ?? .nan, 1, accuracy: 1e-9)
        let wipe = try XCTUnwrap(elements(last, "clipPath").first { (attr($0, "id") ?? "").hasPrefix("wipe") })
        let ink = try elements(last, "g").filter { attr($0, "class") == "ink" }
        XCTAssertEqual(ink.count, 1)
        XCTAssertEqual(ink.first?.stringValue, "calmglance.")
        let wipeRect = try XCTUnwrap(wipe.children?.first as? XMLElement)
        XCTAssertGreaterThan(try number(wipeRect, "width"), 100)
        // Before the wipe lands (0.42 s after its last unit starts) there is no block.
        XCTAssertNil(try elements(frames[2], "rect").first { attr($0, "class") == "block" })
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
        let result = try host(["render", "strikethrough-reveal", "--fps", "30", "-o", page])
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
        XCTAssertEqual(try element(frames[0], id: "text")?.stringValue, "<b>&\"x\"</b>[31m", "escaped, control characters dropped")
    }

    private func units(_ frame: XMLDocument) throws -> [Int: XMLElement] {
        var found: [Int: XMLElement] = [:]
        for node in try elements(frame, "text") where attr(node, "class") == "unit" {
            found[Int(attr(node, "data-unit") ?? "") ?? -1] = node
        }
        return found
    }

    /// The block, the ink copy and their wipe, frame by frame, against the
    /// seed's smooth spring (0.5 s) starting 0.42 s after the phrase's last
    /// unit (unit 6, at 6 · 0.05 s).
    func testHighlightBlockAndInkWipeTogether() throws {
        let frames = try renderFrames(
            ["text-reveal", "--fps", "20", "--param", "highlights=calm glance"], expecting: try revealFrameCount(fps: 20))
        var wiping = 0
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 20
            let elapsed = t - (6 * 0.05 + 0.42)
            let block = try elements(frame, "rect").first { attr($0, "class") == "block" }
            guard elapsed > 0 else {
                XCTAssertNil(block, "t = \(t)")
                continue
            }
            let s = Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
            let ink = try XCTUnwrap(elements(frame, "g").first { attr($0, "class") == "ink" })
            let inkUnits = try XCTUnwrap(ink.children?.compactMap { $0 as? XMLElement })
            let chunkX = try number(inkUnits.first, "x")
            let last = try XCTUnwrap(inkUnits.last)
            let chunkWidth = try number(last, "x") + number(last, "textLength") - chunkX
            let h = 48.0
            let pad = (0.16 * h).rounded()
            XCTAssertEqual(try number(block, "x"), chunkX - pad, accuracy: 1e-3)
            XCTAssertEqual(try number(block, "width"), chunkWidth + 2 * pad, accuracy: 2e-3)
            XCTAssertEqual(try number(block, "height"), 1.04 * h, accuracy: 1e-3)
            XCTAssertEqual(try number(block, "rx"), 0.24 * h, accuracy: 1e-3)
            XCTAssertEqual(try number(last, "y") - number(block, "y"), 0.952 * 40 + 0.01 * h, accuracy: 1e-3, "0.01 h above the chunk")
            // The block grows from the chunk's leading edge, the ink is uncovered to s · w.
            let scale = try transform(block, "scale")
            XCTAssertEqual(scale.first ?? .nan, s, accuracy: 2e-3, "t = \(t)")
            XCTAssertEqual(try transform(block, "translate").first ?? .nan, chunkX, accuracy: 1e-3)
            let clip = try XCTUnwrap(elements(frame, "clipPath").first { (attr($0, "id") ?? "").hasPrefix("wipe") })
            let clipRect = try XCTUnwrap(clip.children?.first as? XMLElement)
            XCTAssertEqual(try number(clipRect, "x"), chunkX, accuracy: 1e-3)
            XCTAssertEqual(try number(clipRect, "width"), chunkWidth * s, accuracy: 0.2, "t = \(t)")
            if s < 0.999 { wiping += 1 }
        }
        XCTAssertGreaterThan(wiping, 3, "frames caught mid-wipe")
    }

    func testBlurAndSoftenPresets() throws {
        // blur: easeOut 0.55 s per unit; each unit blurred by 8 (1 − p), drawn with σ = radius / 2.
        let blurred = try renderFrames(["text-reveal", "--fps", "10", "--param", "preset=blur"], expecting: try revealFrames("preset=blur", fps: 10))
        for (index, frame) in blurred.enumerated() {
            let t = Double(index) / 10
            let filters = try elements(frame, "feGaussianBlur")
            for (unit, node) in try units(frame) {
                let p = Reference.easeOut(min(1, max(0, (t - Double(unit) * 0.05) / 0.55)))
                XCTAssertEqual(try number(node, "opacity"), p, accuracy: 1e-3, "unit \(unit) at t = \(t)")
                let radius = 8 * (1 - p)
                if radius > 0.002 {
                    XCTAssertEqual(attr(node, "filter"), "url(#blur\(unit))")
                    let filter = try XCTUnwrap(filters.first { ($0.parent as? XMLElement).flatMap { attr($0, "id") } == "blur\(unit)" })
                    XCTAssertEqual(try number(filter, "stdDeviation"), radius / 2, accuracy: 1e-3)
                } else {
                    XCTAssertNil(attr(node, "filter"))
                }
                XCTAssertEqual(try transform(node, "translate").first ?? .nan, 0, "blur does not move")
            }
            XCTAssertTrue(try elements(frame, "clipPath").isEmpty, "no mask without the rise")
        }
        // soften: spring(0.5) per unit; scale 0.96 → 1 about the unit's bottom edge.
        let softened = try renderFrames(["text-reveal", "--fps", "10", "--param", "preset=soften"], expecting: try revealFrames("preset=soften", fps: 10))
        for (index, frame) in softened.enumerated() {
            let t = Double(index) / 10
            for (unit, node) in try units(frame) {
                let elapsed = t - Double(unit) * 0.05
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
                XCTAssertEqual(try transform(node, "scale").first ?? .nan, 0.96 + 0.04 * p, accuracy: 1e-3, "unit \(unit) at t = \(t)")
                let about = try transform(node, "translate")
                XCTAssertEqual(about.count, 2)
                // The scale's fixed point is the chunk's bottom: baseline + (48 − 0.952 · 40).
                let pivots = try XCTUnwrap(attr(node, "transform")).components(separatedBy: "translate(").dropFirst(2).first
                let pivotY = Double(pivots?.split(separator: " ")[1].dropLast() ?? "") ?? .nan
                XCTAssertEqual(pivotY - (try number(node, "y")), 48 - 0.952 * 40, accuracy: 1e-3)
            }
        }
    }

    func testReduceMotionFadesUnitsAndHighlightInstead() throws {
        let arguments = ["text-reveal", "--fps", "10", "--param", "reduce_motion=true", "--param", "highlights=calm glance"]
        let frames = try renderFrames(arguments, expecting: try revealFrames("reduce_motion=true", "highlights=calm glance", fps: 10))
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 10
            for (unit, node) in try units(frame) {
                // Every unit at once, easeOut 0.35 s, nothing moves.
                XCTAssertEqual(try number(node, "opacity"), Reference.easeOut(min(1, t / 0.35)), accuracy: 1e-3, "unit \(unit)")
                XCTAssertEqual(try transform(node, "translate").first ?? .nan, 0)
            }
            // The block and the ink fade in (easeOut 0.3 s from 0.2 s), whole.
            let s = Reference.easeOut(min(1, max(0, (t - 0.2) / 0.3)))
            let block = try elements(frame, "rect").first { attr($0, "class") == "block" }
            if s > 0 {
                XCTAssertEqual(try number(block, "opacity"), s, accuracy: 1e-3, "t = \(t)")
                XCTAssertNil(attr(try XCTUnwrap(block), "transform"), "no wipe")
                let ink = try elements(frame, "g").first { attr($0, "class") == "ink" }
                XCTAssertEqual(try number(ink, "opacity"), s, accuracy: 1e-3)
            } else {
                XCTAssertNil(block)
            }
        }
    }

    /// A masked unit rises from 1.05 × its measured height (48 pt at 40 pt
    /// bold), whatever `unit_height` says: that param is for renderers
    /// that do not measure.
    func testMaskedRiseUsesTheMeasuredHeight() throws {
        let frames = try renderFrames(["text-reveal", "--fps", "10", "--param", "unit_height=5"], expecting: try revealFrames("unit_height=5", fps: 10))
        for node in try units(frames[0]).values {
            XCTAssertEqual(try transform(node, "translate").first(where: { _ in true }) ?? .nan, 0)
            XCTAssertEqual(try transform(node, "translate").last ?? .nan, 1.05 * 48, accuracy: 1e-3)
        }
        let masks = try elements(frames[0], "clipPath").filter { (attr($0, "id") ?? "").hasPrefix("mask") }
        let unitZero = try XCTUnwrap(units(frames[0])[0])
        let mask = try XCTUnwrap(masks.first?.children?.first as? XMLElement)
        XCTAssertEqual(try number(mask, "y") + number(mask, "height") - number(unitZero, "y"), 48 - 0.952 * 40, accuracy: 1e-3, "closed at the chunk's bottom")
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
            (["render", "strikethrough-reveal", "-o", "frame.svg"], "plot writes one .svg", 2),
            (["render", "strikethrough-reveal", "-o", "-"], "not stdout", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", ","], "--channels needs channel names", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amount,amount"], "names 'amount' twice", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", "0,0"], "names an element twice", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", ""], "--elements needs element numbers", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--channels", "masked[0]"], "'masked' is global", 2),
            (["plot", "text-reveal", "-o", directory], "is a directory", 1),
        ] {
            let result = try host(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
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
        // Heavy enough to pass a second on any machine: 360 circles, 3001 frames.
        let command = [
            TestEnvironment.effectHost, "render", "breathing-circles", "--param", "circle_count=360", "--fps", "100", "--duration",
            "30", "-o", directory + "/frames",
        ]
        let piped = try host(Array(command.dropFirst()))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertFalse(piped.stderr.contains("█") || piped.stderr.contains("░"), "no bar without a terminal")
        let onTerminal = try TestEnvironment.run("/usr/bin/script", ["-qec", command.joined(separator: " "), "/dev/null"])
        XCTAssertEqual(onTerminal.status, 0, onTerminal.stdout)
        XCTAssertTrue(onTerminal.stdout.contains("render ") && onTerminal.stdout.contains("/3001"), onTerminal.stdout)
        XCTAssertTrue(onTerminal.stdout.contains("\r\u{1B}[2K"), "the bar is cleared at the end")
        let quick = try TestEnvironment.run(
            "/usr/bin/script", ["-qec", "\(TestEnvironment.effectHost) render strikethrough-reveal -o \(directory)/quick", "/dev/null"])
        XCTAssertFalse(quick.stdout.contains("░"), "no bar for quick work: \(quick.stdout)")
    }
}
