import EffectHost

/// Instances keep to themselves: two instances with different params,
/// created and sampled in turn, give the frames each gives alone. A plugin
/// that keeps an instance's state in globals fails here.
enum IsolationCheck {
    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        var compared = 0
        for effect in plugin.effects {
            let params = try otherParams(effect, plugin)
            guard !params.isEmpty else { continue }
            let times = (0..<32).map { _ in random.unit() * 12 } + [0, 0.5, 1, 5]
            let aloneDefault = try plugin.instantiate(effect)
            let expectedDefault = try times.map { try aloneDefault.sample(at: $0) }
            let aloneOther = try plugin.instantiate(effect, params: params)
            let expectedOther = try times.map { try aloneOther.sample(at: $0) }
            let first = try plugin.instantiate(effect)
            let second = try plugin.instantiate(effect, params: params)
            let described = params.map { "\($0.0)=\($0.1.text)" }.joined(separator: " ")
            for (index, t) in times.enumerated() {
                guard CheckSupport.same(try first.sample(at: t), expectedDefault[index]) else {
                    throw CheckFailure(
                        "\(effect.id): with a second instance (\(described)) sampled in turn, the first's frame at t = \(t) changes")
                }
                guard CheckSupport.same(try second.sample(at: t), expectedOther[index]) else {
                    throw CheckFailure(
                        "\(effect.id): an instance with \(described) sampled in turn with another gives a different frame at t = \(t)")
                }
                compared += 2
            }
        }
        return .pass("\(compared) frames of two instances with different params, sampled in turn, match each alone")
    }

    /// As many params as the effect accepts set to values other than their
    /// defaults.
    private static func otherParams(_ effect: EffectDescription, _ plugin: Plugin) throws -> [(String, Value)] {
        var params: [(String, Value)] = []
        for param in effect.params {
            guard let value = EventsCheck.otherValue(param) else { continue }
            do {
                _ = try plugin.instantiate(effect, params: params + [(param.name, value)])
                params.append((param.name, value))
            } catch {
                if !error.isRefusal { throw error }
            }
        }
        return params
    }
}
