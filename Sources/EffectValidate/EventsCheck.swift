import EffectHost
import MetadataRules

/// An event changes no frame before its time, and events set in either
/// order give the same frames.
enum EventsCheck {
    /// A value of `param` other than its default, to set as an event.
    static func otherValue(_ param: ParamDescription) -> Value? {
        switch param.type {
        case .bool: return .bool(param.defaultValue != .bool(true))
        case .number:
            guard let range = param.range else { return nil }
            let middle = (range.lowerBound + range.upperBound) / 2
            return .number(param.defaultValue == .number(middle) ? range.lowerBound : middle)
        case .integer:
            guard let range = param.range else { return nil }
            let low = Int64(max(range.lowerBound, -1e15))
            return .integer(param.defaultValue == .integer(low) ? low + 1 : low)
        case .choice: return param.choices.first { .choice($0) != param.defaultValue }.map { .choice($0) }
        case .string: return .string("validate")
        case .color: return .color(param.defaultValue == .color(0x0000_00FF) ? 0xFFFF_FFFF : 0x0000_00FF)
        }
    }

    static func check(_ plugin: Plugin) throws -> CheckResult {
        var tried = 0
        guard plugin.effects.contains(where: { $0.params.contains(where: \.isLive) }) else {
            return .skip("no live params to set as events")
        }
        for effect in plugin.effects {
            for param in effect.params where param.isLive {
                guard let value = otherValue(param) else { continue }
                let plain = try plugin.instantiate(effect)
                let changed = try plugin.instantiate(effect)
                guard try setUnlessRefused(changed, param.name, value, at: 1) else { continue }
                for t in [0, 0.5, 0.999] where !CheckSupport.same(try plain.sample(at: t), try changed.sample(at: t)) {
                    throw CheckFailure("\(effect.id): setting '\(param.name)' at t = 1 changed the frame at t = \(t)")
                }
                // The same two events set in either order give the same frames.
                let forward = try plugin.instantiate(effect)
                let backward = try plugin.instantiate(effect)
                try forward.set(param.name, to: value, at: 0.5)
                try forward.set(param.name, to: param.defaultValue, at: 1.5)
                try backward.set(param.name, to: param.defaultValue, at: 1.5)
                try backward.set(param.name, to: value, at: 0.5)
                for t in [0.25, 0.5, 1, 1.5, 2, 3] where !CheckSupport.same(try forward.sample(at: t), try backward.sample(at: t)) {
                    throw CheckFailure("\(effect.id): events on '\(param.name)' set out of order give a different frame at t = \(t)")
                }
                tried += 1
            }
        }
        guard tried > 0 else { return .skip("no live param takes a value other than its default to set as an event") }
        return .pass("\(MetadataRules.count(tried, "live param")) set as events: earlier frames untouched, order of setting irrelevant")
    }

    /// Sets an event; false when the effect refuses the value.
    private static func setUnlessRefused(_ instance: EffectInstance, _ name: String, _ value: Value, at t: Double) throws
        -> Bool
    {
        do {
            try instance.set(name, to: value, at: t)
            return true
        } catch {
            if error.isRefusal { return false }
            throw error
        }
    }
}
