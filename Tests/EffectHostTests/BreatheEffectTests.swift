import EffectHost
import Foundation
import ReferenceMath
import XCTest

/// The two effects of libBreathe.so against their seeds, worked out
/// independently in Tests/ReferenceMath.
final class BreatheEffectTests: XCTestCase {
    private func breathe() throws -> Plugin {
        try Plugin.load(path: TestEnvironment.buildDirectory + "/libBreathe.so")
    }

    private func instance(_ id: String, _ params: [(String, Value)] = []) throws -> EffectInstance {
        let plugin = try breathe()
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    func testOnePluginTwoEffects() throws {
        let plugin = try breathe()
        XCTAssertEqual(plugin.info.id, "breathe")
        XCTAssertEqual(plugin.effects.map(\.id), ["tracking-breathe", "breathing-circles"])
        let tracking = try XCTUnwrap(plugin.effect(id: "tracking-breathe"))
        XCTAssertEqual(
            tracking.params.map(\.name),
            ["text", "min_tracking", "max_tracking", "period", "uppercase", "font_size", "color", "phase", "reduce_motion"])
        XCTAssertEqual(tracking.channels.map(\.name), ["tracking", "opacity", "offset_x"])
        XCTAssertEqual(tracking.param(named: "period")?.defaultValue, .number(3.6))
        XCTAssertEqual(tracking.param(named: "font_size")?.defaultValue, .number(34))
        XCTAssertEqual(tracking.param(named: "phase")?.defaultValue, Value.none)
        let circles = try XCTUnwrap(plugin.effect(id: "breathing-circles"))
        XCTAssertEqual(
            circles.params.map(\.name),
            ["breathe_in", "hold_in", "breathe_out", "hold_out", "breaths", "circle_count", "circle_size", "radius",
                "rotation", "reduce_motion"])
        XCTAssertEqual(circles.channels.map(\.name), ["expansion", "rotation", "phase", "breaths_taken", "finished"])
        XCTAssertEqual(circles.elementChannels.map(\.name), ["x", "y", "scale", "opacity"])
        XCTAssertEqual(circles.attributes.map(\.name), ["angle"])
        XCTAssertEqual(circles.channels[2].labels, ["Breathe in", "Hold", "Breathe out", "Hold"])
        XCTAssertEqual(circles.elementNoun, "circle")
    }

    // MARK: tracking-breathe

    func testTrackingEntranceAndBreath() throws {
        let effect = try instance("tracking-breathe")
        for t in [0, 0.1, 0.45, 0.8999, 0.9, 1.8, 2.7, 4.5, 5.4, 100.3] {
            let frame = try effect.sample(at: t)
            let expected = Reference.trackingBreathe(at: t)
            XCTAssertEqual(frame[0], expected.tracking, accuracy: 1e-9, "tracking at \(t)")
            XCTAssertEqual(frame[1], expected.opacity, accuracy: 1e-9, "opacity at \(t)")
            XCTAssertEqual(frame[2], expected.tracking / 2, accuracy: 1e-9, "offset_x at \(t)")
        }
        // By hand: the entrance starts flared at 9 + 8 = 17 pt, invisible;
        // half-way (t = 0.45) eased = 1 − 0.5⁵ = 0.96875; the breath is at
        // its widest half a period in (t = 0.9 + 1.8).
        XCTAssertEqual(try effect.sample(at: 0), [17, 0, 8.5])
        let half = try effect.sample(at: 0.45)
        XCTAssertEqual(half[0], 17 - 16 * 0.96875, accuracy: 1e-12)
        XCTAssertEqual(half[1], 0.96875, accuracy: 1e-12)
        let widest = try effect.sample(at: 2.7)
        XCTAssertEqual(widest[0], 9, accuracy: 1e-12)
        XCTAssertEqual(widest[1], 0.98, accuracy: 1e-12)
        XCTAssertEqual(try effect.info().timing, .loops(start: 0.9, period: 3.6))
    }

    /// The frame just before each period boundary against the one just
    /// after, and t against t + period: the loop has no seam.
    func testLoopIsSeamless() throws {
        let effect = try instance("tracking-breathe", [("period", .number(2.5)), ("max_tracking", .number(12))])
        for k in 0..<5 {
            let boundary = 0.9 + Double(k) * 2.5
            let before = try effect.sample(at: boundary - 1e-7)
            let after = try effect.sample(at: boundary + 1e-7)
            for (a, b) in zip(before, after) { XCTAssertEqual(a, b, accuracy: 1e-9, "at boundary \(boundary)") }
        }
        for t in [1.0, 2.2, 3.3] {
            for (a, b) in zip(try effect.sample(at: t), try effect.sample(at: t + 2.5)) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        }
        // The entrance hands over to the breath without a jump.
        let end = try effect.sample(at: 0.9 - 1e-9)
        XCTAssertEqual(end[0], 1, accuracy: 1e-6)
        XCTAssertEqual(end[1], 1, accuracy: 1e-6)
    }

    func testPhaseOverrideAndReduceMotion() throws {
        let phase = try instance("tracking-breathe", [("phase", .number(0.25))])
        for t in [0, 0.3, 7] {
            let frame = try phase.sample(at: t)
            XCTAssertEqual(frame[0], 5, accuracy: 1e-12, "half-way up the wave: 1 + 8 · 0.5")
            XCTAssertEqual(frame[1], 0.99, accuracy: 1e-12)
        }
        XCTAssertEqual(try phase.info().timing, .ends(at: 0))
        let still = try instance("tracking-breathe", [("reduce_motion", .bool(true)), ("min_tracking", .number(2))])
        XCTAssertEqual(try still.sample(at: 0), [2, 1, 1])
        XCTAssertEqual(try still.sample(at: 3), [2, 1, 1])
        // Turning reduce motion on at 5 s stills the breath from then on.
        let live = try instance("tracking-breathe")
        try live.set("reduce_motion", to: .bool(true), at: 5)
        XCTAssertEqual(try live.sample(at: 4.99)[0], Reference.trackingBreathe(at: 4.99).tracking, accuracy: 1e-9)
        XCTAssertEqual(try live.sample(at: 5), [1, 1, 0.5])
        XCTAssertEqual(try live.info().timing, .ends(at: 5))
        // And off again at 6 s: the breath resumes where time says it is.
        try live.set("reduce_motion", to: .bool(false), at: 6)
        XCTAssertEqual(try live.sample(at: 6.5)[0], Reference.trackingBreathe(at: 6.5).tracking, accuracy: 1e-9)
        XCTAssertEqual(try live.info().timing, .loops(start: 6, period: 3.6))
    }

    func testStrings() throws {
        let upper = try instance("tracking-breathe", [("text", .string("Slow down"))])
        XCTAssertEqual(try upper.strings(at: 0).text, "SLOW DOWN")
        XCTAssertEqual(try upper.strings(at: 0).accessibilityLabel, "Slow down")
        let plain = try instance("tracking-breathe", [("text", .string("Slow down")), ("uppercase", .bool(false))])
        XCTAssertEqual(try plain.strings(at: 0).text, "Slow down")
    }

    func testTrackingRefusesOutOfRange() throws {
        let plugin = try breathe()
        let effect = try XCTUnwrap(plugin.effect(id: "tracking-breathe"))
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("period", .number(0))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'period' is 0; it must be within 0.05...600")
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("phase", .number(1.5))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'phase' is 1.5; it must be within 0...1")
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("font_size", .number(.nan))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'font_size' must be a finite number, not nan")
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("uppercase", .integer(1))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'uppercase' needs a bool, not an integer")
        }
    }

    // MARK: breathing-circles

    func testCirclesThroughOneBreath() throws {
        let effect = try instance("breathing-circles")
        XCTAssertEqual(effect.elementCount, 8)
        for t in [0, 0.75, 1.5, 2.9, 3, 3.5, 4, 5.2, 6.9, 7, 7.5, 8, 9.5] {
            let frame = try effect.sample(at: t)
            let expected = Reference.breathingCircles(at: t)
            XCTAssertEqual(frame[0], expected.expansion, accuracy: 1e-12, "expansion at \(t)")
            XCTAssertEqual(frame[1], 100 * expected.expansion, accuracy: 1e-9, "rotation at \(t)")
            XCTAssertEqual(frame[2], Double(expected.phase), "phase at \(t)")
            XCTAssertEqual(frame[3], Double(expected.taken), "breaths taken at \(t)")
            XCTAssertEqual(frame[4], 0)
            for circle in 0..<8 {
                let angle = 2 * Double.pi / 8 * Double(circle)
                let base = 5 + circle * 4
                XCTAssertEqual(frame[base], cos(angle) * 70 * expected.expansion, accuracy: 1e-9, "x of \(circle) at \(t)")
                XCTAssertEqual(frame[base + 1], sin(angle) * 70 * expected.expansion, accuracy: 1e-9, "y of \(circle) at \(t)")
                XCTAssertEqual(frame[base + 2], 1 + expected.expansion, accuracy: 1e-12)
                XCTAssertEqual(frame[base + 3], 1 - 0.8 * expected.expansion, accuracy: 1e-12)
            }
        }
        // By hand: half-way through breathing in, easeInOut(0.5) = 0.5: the
        // circles are 35 pt out, at scale 1.5 and opacity 0.6, turned 50°.
        let middle = try effect.sample(at: 1.5)
        XCTAssertEqual(Array(middle[0..<4]), [0.5, 50, 0, 0])
        assertClose(Array(middle[5..<9]), [35, 0, 1.5, 0.6])
        XCTAssertEqual(try effect.element(2).attributes, [90])
        XCTAssertEqual(try effect.info().timing, .loops(start: 0, period: 8))
    }

    func testFarIntoAForeverLoop() throws {
        let effect = try instance("breathing-circles")
        // 1e6 s is exactly 125,000 breaths of 8 s: the start of a breath in.
        XCTAssertEqual(Array(try effect.sample(at: 1e6)[0..<5]), [0, 0, 0, 125_000, 0])
        XCTAssertEqual(try effect.sample(at: 1e6 + 1.5)[0], 0.5)
        XCTAssertEqual(Array(try effect.sample(at: 1e6 + 5.5)[0..<4]), [0.5, 50, 2, 125_000])
        // 1e6 + 1.234 is only as exact as a double that size (ulp 1.2e-10).
        assertClose(
            try effect.sample(at: 1e6 + 1.234), try effect.sample(at: 1.234).enumerated().map { $0 == 3 ? 125_000 : $1 },
            accuracy: 1e-8)
    }

    func testZeroLengthPhases() throws {
        // The article's preview: 3 in, 1 hold, 2 out, no hold out, 5 breaths.
        let effect = try instance(
            "breathing-circles",
            [("breathe_in", .number(3)), ("hold_in", .number(1)), ("breathe_out", .number(2)), ("hold_out", .number(0)),
                ("breaths", .integer(5))])
        for t in [0, 2, 3, 4, 5, 5.999, 6, 6.5, 29.9, 30, 31, 1e6] {
            let frame = try effect.sample(at: t)
            let expected = Reference.breathingCircles(at: t, phases: [3, 1, 2, 0], breaths: 5)
            XCTAssertEqual(frame[0], expected.expansion, accuracy: 1e-12, "expansion at \(t)")
            XCTAssertEqual(frame[2], Double(expected.phase), "phase at \(t)")
            XCTAssertEqual(frame[3], Double(expected.taken), "taken at \(t)")
            XCTAssertEqual(frame[4], expected.finished ? 1 : 0, "finished at \(t)")
        }
        // At exactly 6 s the hold out has no length: the next breath begins.
        XCTAssertEqual(Array(try effect.sample(at: 6)[0..<5]), [0, 0, 0, 1, 0])
        // After five breaths it rests contracted, its phase back at breathe in.
        XCTAssertEqual(Array(try effect.sample(at: 30)[0..<5]), [0, 0, 0, 5, 1])
        XCTAssertEqual(try effect.info().timing, .ends(at: 30))
        // No breathing in at all: straight to full expansion.
        let instant = try instance("breathing-circles", [("breathe_in", .number(0))])
        XCTAssertEqual(Array(try instant.sample(at: 0)[0..<3]), [1, 100, 1])
    }

    /// The frames just before and after each breath boundary, against the
    /// seed's values there: contracted and still on both sides, the breath
    /// starting again from 0 (easeInOut has zero slope at its ends).
    func testCirclesLoopIsSeamless() throws {
        let effect = try instance("breathing-circles", [("hold_out", .number(0))])
        for k in 1...3 {
            let boundary = Double(k) * 7
            let before = try effect.sample(at: boundary - 1e-6)
            let after = try effect.sample(at: boundary + 1e-6)
            XCTAssertEqual(before[0], 1 - Reference.easeInOut(1 - 1e-6 / 3), accuracy: 1e-12)
            XCTAssertEqual(after[0], Reference.easeInOut(1e-6 / 3), accuracy: 1e-12)
            XCTAssertLessThan(abs(before[0] - after[0]), 1e-9, "no jump at \(boundary) s")
            XCTAssertEqual(Array(before[2...3]), [2, Double(k - 1)], "still breathing out")
            XCTAssertEqual(Array(after[2...3]), [0, Double(k)], "the next breath has begun")
        }
        XCTAssertEqual(try effect.info().timing, .loops(start: 0, period: 7))
    }

    /// Times and phase lengths at the edges of what a double holds never
    /// trap, and the count of breaths counts while a double can count one
    /// by one: 1e20 s of 8 s breaths is 1.25e19 of them, past 2^53, where
    /// the count stops.
    func testExtremeTimesAndTinyBreaths() throws {
        let effect = try instance("breathing-circles")
        XCTAssertEqual(Array(try effect.sample(at: 1e20)[0..<5]), [0, 0, 0, 9_007_199_254_740_992, 0])
        XCTAssertEqual(try effect.sample(at: 8e15 + 1)[3], 1e15, "8e15 s is 1e15 whole breaths, below 2^53")
        let tiny = try instance(
            "breathing-circles",
            [("breathe_in", .number(1e-300)), ("hold_in", .number(0)), ("breathe_out", .number(0)), ("hold_out", .number(0))])
        let frame = try tiny.sample(at: 1)
        XCTAssertTrue(frame.allSatisfy(\.isFinite))
        XCTAssertEqual(frame[3], 9_007_199_254_740_992, "1e300 breaths, stopped at 2^53")
    }

    func testManyEventsStayCheap() throws {
        let effect = try instance("tracking-breathe")
        for index in 0..<1000 { try effect.set("reduce_motion", to: .bool(index % 2 == 0), at: Double(index) * 0.01) }
        XCTAssertEqual(try effect.sample(at: 9.985), [1, 1, 0.5], "reduce motion, set at 9.98 s")
        XCTAssertEqual(try effect.info().timing, .loops(start: Double(999) * 0.01, period: 3.6), "off again at 9.99 s")
    }

    func testReduceMotionKeepsCirclesStillAndFades() throws {
        let effect = try instance("breathing-circles", [("reduce_motion", .bool(true)), ("circle_count", .integer(3))])
        let frame = try effect.sample(at: 1.5)
        XCTAssertEqual(Array(frame[0..<3]), [0.5, 0, 0], "the breath goes on; the group does not turn")
        for circle in 0..<3 {
            assertClose(Array(frame[(5 + circle * 4)..<(9 + circle * 4)]), [0, 0, 1, 0.6])
        }
    }

    func testCirclesRefuseImpossibleParams() throws {
        let plugin = try breathe()
        let effect = try XCTUnwrap(plugin.effect(id: "breathing-circles"))
        let none: [(String, Value)] = [
            ("breathe_in", .number(0)), ("hold_in", .number(0)), ("breathe_out", .number(0)), ("hold_out", .number(0)),
        ]
        XCTAssertThrowsError(try plugin.instantiate(effect, params: none)) { error in
            XCTAssertEqual((error as? EffectError)?.statusName, "EFFECT_ERR_RANGE")
            XCTAssertTrue((error as? EffectError)?.message.contains("add up to 0 s") == true)
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("circle_count", .integer(0))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'circle_count' is 0; it must be within 1...360")
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("breaths", .integer(-1))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'breaths' is -1; it must be within 0...1000000")
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("hold_in", .number(-1))])) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'hold_in' is -1; it must be within 0...600")
        }
        let circles = try plugin.instantiate(effect)
        XCTAssertThrowsError(try circles.set("circle_count", to: .integer(4), at: 1)) { error in
            XCTAssertEqual((error as? EffectError)?.statusName, "EFFECT_ERR_NOT_LIVE")
        }
    }
}

private func assertClose(
    _ actual: [Double], _ expected: [Double], accuracy: Double = 1e-12, file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, file: file, line: line)
    for (index, (a, e)) in zip(actual, expected).enumerated() {
        XCTAssertEqual(a, e, accuracy: accuracy, "value \(index)", file: file, line: line)
    }
}
