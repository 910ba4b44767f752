import EffectHost
import MetadataRules

/// A looping instance repeats every period; one that ends holds its frame
/// at `end` from then on. A loop's hard edge (a square wave) that the
/// rounding of t + period moves by a few ulps is not a difference.
enum LoopsCheck {
    /// How far from t, in ulps of t + period, a hard edge may have moved.
    static let ulpsAround = 8

    static func check(_ plugin: Plugin) throws -> CheckResult {
        var looping = 0
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            let timing = try instance.info().timing
            if case let .ends(end) = timing {
                let settled = try instance.sample(at: end)
                for t in [end + 1e-6, end + 0.5, end + 10, end + 1000] {
                    for (a, b) in zip(settled, try instance.sample(at: t)) where abs(a - b) > 1e-9 * max(1, abs(a)) {
                        throw CheckFailure("\(effect.id): it ends at \(end) s but the frame at t = \(t) differs (\(b) against \(a))")
                    }
                }
            }
            guard case let .loops(start, period) = timing else { continue }
            looping += 1
            // A counter channel counts the repeats: one more each period.
            let counters = Set(effect.channels.indices.filter { effect.channels[$0].isCounter })
            /// The channel where `later` is not `now` a period on, if any.
            func mismatch(_ now: [Double], _ later: [Double]) -> (index: Int, a: Double, b: Double)? {
                for (index, (a, b)) in zip(now, later).enumerated() {
                    let expected = counters.contains(index) ? a + 1 : a
                    if abs(expected - b) > 1e-9 * max(1, abs(a)) { return (index, a, b) }
                }
                return nil
            }
            for step in 0..<20 {
                let t = start + period * Double(step) / 20
                let later = try instance.sample(at: t + period)
                guard let (index, a, b) = mismatch(try instance.sample(at: t), later) else { continue }
                // A hard edge at t (a caret's blink): t + period, rounded,
                // can land a few ulps to the other side of it. The frame there
                // is then the one a few ulps from t.
                let ulp = max((t + period).ulp, t.ulp)
                let nearby = (-Self.ulpsAround...Self.ulpsAround).map { t + Double($0) * ulp }.filter { $0 >= 0 && $0 != t }
                guard try nearby.contains(where: { mismatch(try instance.sample(at: $0), later) == nil }) else {
                    throw CheckFailure(
                        "\(effect.id): the frames at t = \(t) and t + period differ in "
                            + "\(CheckSupport.channelName(at: index, of: effect)) (\(a) against \(b)); a loop repeats every "
                            + "period it reports, so report the period it repeats with, and count a stepped value (a blink) "
                            + "with Periodic.step or effect_kit_step_in_period, which t and t + period agree on")
                }
            }
        }
        let ending = plugin.effects.count - looping
        let repeats = looping == 1 ? "1 looping effect repeats every period" : "\(looping) looping effects repeat every period"
        let holds = ending == 1 ? "holds still from its end" : "hold still from their end"
        if looping == 0 { return .pass("\(MetadataRules.count(ending, "effect")) that end\(ending == 1 ? "s" : "") \(holds)") }
        if ending == 0 { return .pass(repeats) }
        return .pass("\(repeats); the other \(ending == 1 ? "one" : String(ending)) \(holds)")
    }
}
