import EffectHost
import XCTest

/// sample_many and sample are two paths to one frame (the kit runs the batch
/// loop in the plugin, and the single call has a sampler of its own), and
/// the header promises they agree. Any optimisation of either must keep
/// them bit-identical, before, across and long after event boundaries.
final class BatchSamplingTests: XCTestCase {
    func testABatchEqualsSingleSamplesBitForBitAcrossEvents() throws {
        var compared = 0
        var effects = 0
        for library in TestEnvironment.bundledPlugins {
            let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
            for effect in plugin.effects {
                effects += 1
                for withEvents in [false, true] {
                    let instance = try plugin.instantiate(effect)
                    if withEvents { try Self.setEvents(on: instance, of: effect) }
                    // From before the first event to past the last one's
                    // settling, with a step no event time is a multiple of;
                    // then far out, where a loop's phase comes from fmod.
                    for (t0, dt, count) in [(0.0, 1.0 / 80, 480), (0.013, 0.0371, 200), (1e5 + 0.3, 0.37, 50)] {
                        compared += try compare(instance, effect.id, withEvents, t0: t0, dt: dt, count: count)
                    }
                }
            }
        }
        // Every frame of every effect, with and without events, was compared.
        XCTAssertGreaterThanOrEqual(effects, 4)
        XCTAssertEqual(compared, effects * 2 * 730)
    }

    private func compare(
        _ instance: EffectInstance, _ id: String, _ withEvents: Bool, t0: Double, dt: Double, count: Int
    ) throws -> Int {
        let size = instance.frameSize
        var batch = [Double](repeating: 0, count: size * count + 1)
        try batch.withUnsafeMutableBufferPointer { try instance.sampleMany(t0: t0, dt: dt, count: count, into: $0) }
        for index in 0..<count {
            // The same expression the kit's batch loop uses for each frame's t.
            let t = t0 + Double(index) * dt
            let single = try instance.sample(at: t)
            let same = (0..<size).allSatisfy { single[$0].bitPattern == batch[index * size + $0].bitPattern }
            if !same {
                XCTFail("\(id)\(withEvents ? " with events" : ""): the batch's frame \(index) differs from sample at t = \(t)")
                return index
            }
        }
        return count
    }

    /// Events on every live param the effect declares, read from its
    /// metadata so that a new effect is covered too: two at one time,
    /// some mid-animation, some after it settles.
    private static func setEvents(on instance: EffectInstance, of effect: EffectDescription) throws {
        let times = [0.0, 0.05, 0.05, 0.21, 0.37, 1.1, 2.5, 3.3]
        for param in effect.params where param.isLive {
            for (step, t) in times.enumerated() {
                guard let value = value(for: param, step: step) else { continue }
                try instance.set(param.name, to: value, at: t)
            }
        }
    }

    private static func value(for param: ParamDescription, step: Int) -> Value? {
        if param.isOptional, step % 3 == 2 { return Value.none }
        let fraction = 0.15 + 0.1 * Double(step)
        switch param.type {
        case .bool:
            return .bool(step % 2 == 0 ? param.defaultValue != .bool(true) : param.defaultValue == .bool(true))
        case .number:
            guard let range = param.range else { return nil }
            // A span of ten at most, so durations stay short enough to see settle.
            return .number(range.lowerBound + min(range.upperBound - range.lowerBound, 10) * fraction)
        case .integer:
            guard let range = param.range else { return nil }
            return .integer(Int64(range.lowerBound + (min(range.upperBound - range.lowerBound, 10) * fraction).rounded(.down)))
        case .choice:
            return param.choices.isEmpty ? nil : .choice(param.choices[step % param.choices.count])
        case .color:
            return .color(0x1122_33FF &+ UInt32(step) &* 0x0101_0100)
        case .string:
            return nil
        }
    }
}
