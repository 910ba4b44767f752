import EffectHost
import ReferenceMath
import XCTest

/// strikethrough-reveal through the C ABI, against the seed's formulas
/// worked out independently (Tests/ReferenceMath).
final class StrikeEffectTests: XCTestCase {
    private func assertFrame(
        _ instance: EffectInstance, at t: Double, equals expected: Reference.StrikeFrame,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let frame = try instance.sample(at: t)
        XCTAssertEqual(frame.count, 6, file: file, line: line)
        for (index, value) in expected.values.enumerated() {
            XCTAssertEqual(frame[index], value, accuracy: 1e-12, "channel \(index) at t = \(t)", file: file, line: line)
        }
    }

    func testMetadata() throws {
        let plugin = try Fixtures.strike()
        XCTAssertEqual(plugin.info.id, "strike")
        XCTAssertEqual(plugin.info.abiMajor, 1)
        let effect = try XCTUnwrap(plugin.effect(id: "strikethrough-reveal"))
        XCTAssertEqual(effect.channels.map(\.name), ["amount", "line_width", "text_opacity", "saturation", "scale", "tick_trim"])
        XCTAssertEqual(
            effect.params.map(\.name), ["text", "done", "duration", "fade", "tick", "progress", "line_color", "color", "reduce_motion"])
        let duration = try XCTUnwrap(effect.param(named: "duration"))
        XCTAssertEqual(duration.defaultValue, .number(0.32))
        XCTAssertEqual(duration.unit, "s")
        XCTAssertEqual(effect.param(named: "text")?.defaultValue, .string("Ship the component"))
        XCTAssertEqual(effect.param(named: "text")?.isLive, false)
        XCTAssertEqual(effect.param(named: "done")?.isLive, true)
        XCTAssertEqual(effect.param(named: "progress")?.defaultValue, Value.none)
        XCTAssertEqual(effect.param(named: "progress")?.isOptional, true)
        XCTAssertEqual(effect.param(named: "line_color")?.defaultValue, .color(0x8A8F_98FF))
        XCTAssertEqual(effect.param(named: "reduce_motion")?.defaultValue, .bool(false))
        XCTAssertTrue(effect.credit.contains("syxUI"))
    }

    /// The values the issue names: t = 0, 0.08, 0.16 and 0.32 s.
    func testStrikeOnAppear() throws {
        let instance = try Fixtures.strikeInstance()
        for t in [0, 0.08, 0.16, 0.32] {
            try assertFrame(instance, at: t, equals: Reference.strike(amount: Reference.easeInOut(t / 0.32)))
        }
        // Worked by hand at the midpoint: a = 0.5, lag = 1/6.
        let middle = try instance.sample(at: 0.16)
        XCTAssertEqual(middle[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(middle[2], 1 - 0.55 / 6, accuracy: 1e-12)
        XCTAssertEqual(middle[3], 1 - 0.85 / 6, accuracy: 1e-12)
        XCTAssertEqual(middle[4], 1 - 0.015 * exp(-4.2 * 0.5 / 0.55) * cos(7.5 * 0.5 / 0.55), accuracy: 1e-12)
        // Fully struck: the line is across, the text at `fade`, saturation 0.15.
        XCTAssertEqual(try instance.sample(at: 0.32), [1, 1, 0.45, 0.15, 1, 1].map { $0 }, accuracy: 1e-12)
        XCTAssertEqual(try instance.info().timing, .ends(at: 0.32))
    }

    /// done = false at 1.2 s, after the strike settled: a plain retract from 1.
    func testRetractAfterSettling() throws {
        let instance = try Fixtures.strikeInstance()
        try instance.set("done", to: .bool(false), at: 1.2)
        try assertFrame(instance, at: 1.1999, equals: Reference.strike(amount: 1))
        for t in [1.2, 1.28, 1.36, 1.52, 2] {
            try assertFrame(instance, at: t, equals: Reference.strike(amount: 1 - Reference.easeInOut((t - 1.2) / 0.32)))
        }
        XCTAssertEqual(try instance.info().timing, .ends(at: 1.52))
        XCTAssertEqual(try instance.strings(at: 1.1).accessibilityValue, "Done")
        XCTAssertEqual(try instance.strings(at: 1.2).accessibilityValue, "Not done")
    }

    /// done = false at 0.12 s, mid-strike: SwiftUI's merge keeps it continuous.
    func testRetractMidStrikeMerges() throws {
        let instance = try Fixtures.strikeInstance()
        try instance.set("done", to: .bool(false), at: 0.12)
        for t in [0.1, 0.12, 0.2, 0.3, 0.4, 0.44, 0.6] {
            let old = Reference.easeInOut(t / 0.32)
            let merged = old + Reference.easeInOut((t - 0.12) / 0.32) * (0 - old)
            try assertFrame(instance, at: t, equals: Reference.strike(amount: merged))
        }
        // At t = 0.2: old = e(0.625) = 0.70723, new = old · (1 − e(0.25)), with
        // e(0.625) and e(0.25) from a separate bisection in Python.
        XCTAssertEqual(try instance.sample(at: 0.2)[0], 0.7072291976232149 * (1 - 0.1291619310473198), accuracy: 1e-12)
        XCTAssertEqual(try instance.info().timing, .ends(at: 0.44))
    }

    func testEventsInAnyOrderGiveTheSameFrames() throws {
        let forward = try Fixtures.strikeInstance()
        try forward.set("done", to: .bool(false), at: 0.12)
        try forward.set("done", to: .bool(true), at: 0.3)
        let backward = try Fixtures.strikeInstance()
        try backward.set("done", to: .bool(true), at: 0.3)
        try backward.set("done", to: .bool(false), at: 0.12)
        for step in 0...80 {
            let t = Double(step) / 100
            XCTAssertEqual(try forward.sample(at: t), try backward.sample(at: t), "t = \(t)")
        }
        // The frame before an event is untouched by it.
        let plain = try Fixtures.strikeInstance()
        XCTAssertEqual(try forward.sample(at: 0.1199), try plain.sample(at: 0.1199))
    }

    func testReduceMotionJumpsToTheTarget() throws {
        let instance = try Fixtures.strikeInstance([("reduce_motion", .bool(true))])
        try assertFrame(instance, at: 0, equals: Reference.strike(amount: 1))
        try instance.set("done", to: .bool(false), at: 0.5)
        try assertFrame(instance, at: 0.5, equals: Reference.strike(amount: 0))
        XCTAssertEqual(try instance.info().timing, .ends(at: 0.5))
    }

    func testProgressOverrideRendersThatPoint() throws {
        let instance = try Fixtures.strikeInstance([("progress", .number(0.7)), ("fade", .number(0.2)), ("tick", .bool(false))])
        for t in [0, 0.1, 3] {
            try assertFrame(instance, at: t, equals: Reference.strike(amount: 0.7, fade: 0.2, tick: false))
        }
        XCTAssertEqual(try instance.value(of: "progress", at: 0), .number(0.7))
    }

    func testDurationAndTextParams() throws {
        let instance = try Fixtures.strikeInstance([("duration", .number(1)), ("text", .string("Write the tests ✓"))])
        try assertFrame(instance, at: 0.25, equals: Reference.strike(amount: Reference.easeInOut(0.25)))
        let strings = try instance.strings(at: 0)
        XCTAssertEqual(strings.text, "Write the tests ✓")
        XCTAssertEqual(strings.accessibilityLabel, "Write the tests ✓")
        XCTAssertEqual(strings.accessibilityValue, "Done")
        XCTAssertEqual(try instance.value(of: "text", at: 0), .string("Write the tests ✓"))
        XCTAssertEqual(try instance.value(of: "line_color", at: 0), .color(0x8A8F_98FF))
    }

    func testStartingNotDoneNeverMoves() throws {
        let instance = try Fixtures.strikeInstance([("done", .bool(false))])
        try assertFrame(instance, at: 0.16, equals: Reference.strike(amount: 0))
        XCTAssertEqual(try instance.strings(at: 0).accessibilityValue, "Not done")
        XCTAssertEqual(try instance.info().timing, .ends(at: 0))
    }

    func testBatchEqualsSingleSamples() throws {
        let instance = try Fixtures.strikeInstance()
        try instance.set("done", to: .bool(false), at: 0.2)
        var batch = [Double](repeating: 0, count: 6 * 100)
        try batch.withUnsafeMutableBufferPointer { buffer in
            try instance.sampleMany(t0: 0.005, dt: 0.005, count: 100, into: buffer)
        }
        for index in 0..<100 {
            XCTAssertEqual(Array(batch[(index * 6)..<(index * 6 + 6)]), try instance.sample(at: 0.005 + Double(index) * 0.005))
        }
    }

    func testConcurrentSamplingMatchesOneThread() throws {
        let instance = try Fixtures.strikeInstance()
        try instance.set("done", to: .bool(false), at: 0.12)
        let times = (0..<2000).map { Double($0) * 0.0003 }
        let expected = try times.map { try instance.sample(at: $0) }
        let results = Slots<[[Double]]>(count: 8, initial: [])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            results.storage[thread] = times.map { (try? instance.sample(at: $0)) ?? [] }
        }
        for thread in 0..<8 { XCTAssertEqual(results.storage[thread], expected, "thread \(thread)") }
    }
}

private func XCTAssertEqual(
    _ actual: @autoclosure () throws -> [Double], _ expected: [Double], accuracy: Double,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let values = try actual()
        XCTAssertEqual(values.count, expected.count, file: file, line: line)
        for (a, e) in zip(values, expected) { XCTAssertEqual(a, e, accuracy: accuracy, file: file, line: line) }
    } catch {
        XCTFail("\(error)", file: file, line: line)
    }
}
