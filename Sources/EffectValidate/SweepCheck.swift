import EffectHost
import MetadataRules
import Glibc

/// Finite frames across default, minimum, maximum and random
/// params, at the edge times, packed close to each boundary and at random
/// times up to 1e12 s. A value outside its channel's declared range fails:
/// effect.h promises every value within min ... max, and hosts size
/// meters, charts and keyframes by that range.
enum SweepCheck {
    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        var frames = 0
        var refused = 0
        var outOfRange: [String] = []
        for effect in plugin.effects {
            let sets = CheckSupport.paramSets(effect, &random)
            for (setIndex, params) in sets.enumerated() {
                guard let instance = try instance(of: effect, in: plugin, params) else {
                    refused += 1
                    continue
                }
                var times = try CheckSupport.probeTimes(instance, &random)
                var boundaries: [Double] = [0, 0.5, 1, 5]
                switch try instance.info().timing {
                case let .loops(start, period):
                    times += [start - 1e-9, start + period - 1e-9, start + period + 1e-9, start + 1000 * period]
                    boundaries += [start, start + period, start + 2 * period]
                case let .ends(end):
                    boundaries.append(end)
                }
                times += denseTimes(around: boundaries) + (0..<64).map { _ in logUniformTime(&random) }
                let context = "\(effect.id) with \(CheckSupport.describe(params))"
                // Each position's bounds, looked up once: the dense sweep reads 200,000 frames.
                let channels = (0..<instance.frameSize).map { CheckSupport.channel(at: $0, of: effect) }
                let lower = channels.map(\.range.lowerBound)
                let upper = channels.map(\.range.upperBound)
                func inspect(_ frame: UnsafeBufferPointer<Double>, at t: Double) {
                    for index in 0..<min(frame.count, lower.count) {
                        let value = frame[index]
                        guard value < lower[index] || value > upper[index] else { continue }
                        let slack = 1e-9 * max(1, abs(value))
                        if value < lower[index] - slack || value > upper[index] + slack, outOfRange.count < 3 {
                            outOfRange.append("\(effect.id).\(channels[index].name) = \(value) at t = \(t)")
                        }
                    }
                }
                for t in times where t >= 0 {
                    let frame = try sample(instance, at: t, context: context)
                    frames += 1
                    frame.withUnsafeBufferPointer { inspect($0, at: t) }
                }
                // The default, minimum and maximum params (the first three
                // sets) are swept densely; the random ones at the probe times.
                if setIndex < denseSets { frames += try denseSweep(instance, context: context, inspect) }
            }
        }
        if !outOfRange.isEmpty {
            return .fail("values outside their declared ranges: " + outOfRange.joined(separator: "; "))
        }
        return .pass("\(frames) frames finite and within declared ranges (\(MetadataRules.count(refused, "param combination")) refused by the effect)")
    }

    /// The first `denseSpan` seconds sampled every `denseStep` through
    /// sample_many: a value that is not finite, or out of range, for as
    /// little as 0.1 ms anywhere in them is found (a step under 0.1 ms puts
    /// a sample inside any such stretch, open or closed), where the probe
    /// times could step over it. Sampling costs nanoseconds to a few
    /// microseconds, so 111,112 frames an instance are affordable. Answers
    /// how many frames it sampled.
    static let denseStep = 9e-5
    static let denseSets = 3
    static let denseSpan = 10.0
    private static let denseBatch = 4000

    private static func denseSweep(
        _ instance: EffectInstance, context: String, _ inspect: (UnsafeBufferPointer<Double>, Double) -> Void
    ) throws -> Int {
        let size = instance.frameSize
        let total = Int((denseSpan / denseStep).rounded()) + 1
        var buffer = [Double](repeating: 0, count: size * denseBatch + 1)
        var first = 0
        while first < total {
            let count = min(denseBatch, total - first)
            let t0 = Double(first) * denseStep
            try buffer.withUnsafeMutableBufferPointer { frames in
                do {
                    try instance.sampleMany(t0: t0, dt: denseStep, count: count, into: frames)
                } catch let error as EffectError {
                    throw CheckFailure("\(context): \(error.message)")
                }
                for index in 0..<count where size > 0 {
                    inspect(UnsafeBufferPointer(rebasing: frames[(index * size)..<((index + 1) * size)]), t0 + Double(index) * denseStep)
                }
            }
            first += count
        }
        return total
    }

    /// Times packed close to each boundary, where a formula's branches
    /// meet: the neighbouring doubles and steps from 1e-12 s to 1e-3 s
    /// either side.
    private static func denseTimes(around boundaries: [Double]) -> [Double] {
        var times: [Double] = []
        for boundary in boundaries {
            times += [boundary.nextDown, boundary.nextUp]
            for step in [1e-12, 1e-9, 1e-6, 1e-3] {
                for multiple in 1...3 { times += [boundary - step * Double(multiple), boundary + step * Double(multiple)] }
            }
        }
        return times
    }

    /// A t from 1e-9 s to 1e12 s, as likely in each decade: large times
    /// are where a period's remainder loses its precision.
    private static func logUniformTime(_ random: inout SeededRandom) -> Double {
        pow(10, -9 + 21 * random.unit())
    }

    /// An instance with these params, or nil when the effect refuses them.
    private static func instance(of effect: EffectDescription, in plugin: Plugin, _ params: [(String, Value)]) throws
        -> EffectInstance?
    {
        do {
            return try plugin.instantiate(effect, params: params)
        } catch {
            if error.isRefusal { return nil }
            throw error
        }
    }

    private static func sample(_ instance: EffectInstance, at t: Double, context: String) throws -> [Double] {
        do {
            return try instance.sample(at: t)
        } catch {
            throw CheckFailure("\(context): \(error.message)")
        }
    }
}
