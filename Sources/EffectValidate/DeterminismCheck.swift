import EffectHost

/// The same t gives the same frame, twice and on two instances.
enum DeterminismCheck {
    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        var frames = 0
        for effect in plugin.effects {
            let first = try plugin.instantiate(effect)
            let second = try plugin.instantiate(effect)
            for t in try CheckSupport.probeTimes(first, &random) {
                let a = try first.sample(at: t)
                guard CheckSupport.same(a, try first.sample(at: t)), CheckSupport.same(a, try second.sample(at: t)) else {
                    throw CheckFailure("\(effect.id): sampling t = \(t) twice, or on two instances, gives different frames")
                }
                frames += 1
            }
        }
        return .pass("\(frames) frames bit-identical twice and across two instances")
    }
}
