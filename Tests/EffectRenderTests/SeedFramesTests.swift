import EffectHost
import EffectRender
import Foundation
import ReferenceMath
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG frames the rendering library writes (`RenderPlan`, `RenderJob`)
/// of the strike, tracking-breathe and the breathing circles: every frame
/// parses as XML, and its geometry is the seed's motion, worked out here
/// from the seed formulas with the reference metrics. Moved from
/// EffectHostTests' RenderTests, which started `effect-host render` for
/// them; the command line's own part (its flags, its one line, its
/// refusals) stays there.
final class SeedFramesTests: XCTestCase, SVGReading {
    func testStrikeFramesFollowTheSeed() throws {
        // 0.32 s at 30 fps: frames 0 ... 10, the last at or after the end.
        let frames = try renderSVGFrames("strikethrough-reveal", fps: 30, expecting: 11)
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

    func testStrikeWithoutTheTickDrawsTheTextWhereTheTickWas() throws {
        let frames = try renderSVGFrames("strikethrough-reveal", params: ["tick=false"], fps: 10, expecting: 5)
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
        let frames = try renderSVGFrames("tracking-breathe", fps: 10, duration: 2, expecting: 21)
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
        let frames = try renderSVGFrames("breathing-circles", fps: 4, duration: 8, expecting: 33)
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


    func testTextFromParamsIsEscaped() throws {
        let frames = try renderSVGFrames("strikethrough-reveal", params: ["text=<b>&\"x\"</b>\u{1B}[31m"], fps: 1, expecting: 2)
        XCTAssertEqual(try item(frames[0], 4)?.stringValue, "<b>&\"x\"</b>[31m", "escaped, control characters dropped")
    }}
