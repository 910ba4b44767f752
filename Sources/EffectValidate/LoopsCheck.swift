import EffectHost
import MetadataRules

/// A looping instance repeats every period; one that ends holds its frame
/// at `end` from then on.
enum LoopsCheck {
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
            for step in 0..<20 {
                let t = start + period * Double(step) / 20
                let now = try instance.sample(at: t)
                let later = try instance.sample(at: t + period)
                for (index, (a, b)) in zip(now, later).enumerated() {
                    let expected = counters.contains(index) ? a + 1 : a
                    guard abs(expected - b) <= 1e-9 * max(1, abs(a)) else {
                        throw CheckFailure("\(effect.id): the frames at t = \(t) and t + period differ (\(a) against \(b))")
                    }
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
