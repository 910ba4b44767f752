/// How an instance was made: its create-time params and the timed events
/// set on it since, the one log every front end keeps (the command line's
/// --param and --at, effect_host.h's instance), so the same instance can
/// be made again: an export's reduced-motion twin, with the same timeline.
public struct InstanceRecipe {
    public let plugin: Plugin
    public let effect: EffectDescription
    public private(set) var params: [(name: String, value: Value)]
    public private(set) var events: [(t: Double, name: String, value: Value)] = []

    public init(plugin: Plugin, effect: EffectDescription, params: [(name: String, value: Value)]) {
        (self.plugin, self.effect, self.params) = (plugin, effect, params)
    }

    /// The latest event's time, or 0.
    public var lastEvent: Double { events.map(\.t).max() ?? 0 }

    /// Logs an event set on the instance.
    public mutating func record(_ name: String, _ value: Value, at t: Double) {
        events.append((t, name, value))
    }

    /// The history rewritten from `t` on, as an editor drops its redo
    /// stack when a change is made after stepping back: the recipe without
    /// the events set strictly later than `t` (those at `t` stay: several
    /// params change at one moment), or nil when there are none, and the
    /// instance as it is takes an event at `t`.
    public func rewound(to t: Double) -> InstanceRecipe? {
        guard events.contains(where: { $0.t > t }) else { return nil }
        var kept = self
        kept.events.removeAll { $0.t > t }
        return kept
    }

    /// The recipe without `name` from the start: neither its create-time
    /// value nor any of its events, so the effect's own default holds (which
    /// may follow the appearance); every other param and event stays.
    public func forgetting(_ name: String) -> InstanceRecipe {
        var kept = self
        kept.params.removeAll { $0.name == name }
        kept.events.removeAll { $0.name == name }
        return kept
    }

    /// What a make is doing when a plugin fails (or crashes).
    public enum Phase: Sendable {
        case create, events
    }

    /// A new instance with the params (those in `overriding` replaced) and
    /// every event; `phase` hears each step before the plugin runs it.
    public func make(overriding: [(name: String, value: Value)] = [], phase: (Phase) -> Void = { _ in }) throws(RecipeError) -> EffectInstance {
        let replaced = Set(overriding.map(\.name))
        phase(.create)
        let instance: EffectInstance
        do {
            instance = try plugin.instantiate(effect, params: params.filter { !replaced.contains($0.name) } + overriding)
        } catch {
            throw .create(error)
        }
        phase(.events)
        for event in events {
            do {
                try instance.set(event.name, to: event.value, at: event.t)
            } catch {
                throw .event(t: event.t, error)
            }
        }
        return instance
    }
}

/// Params and events written as text: "NAME=VALUE" and "T:NAME=VALUE", one
/// grammar and one set of errors for every front end.
extension InstanceRecipe {
    /// "NAME=VALUE": a name (not empty) and everything after its first "=".
    public static func assignment(_ text: String) throws(RecipeTextError) -> (name: String, value: String) {
        guard let (name, value) = split(text, at: "="), !name.isEmpty else { throw .assignment(text) }
        return (name, value)
    }

    /// "T:NAME=VALUE": seconds >= 0, then an assignment.
    public static func event(_ text: String) throws(RecipeTextError) -> (t: Double, name: String, value: String) {
        guard let (time, assignment) = split(text, at: ":") else { throw .event(text) }
        guard let t = DecimalNumber.parse(time), t.isFinite, t >= 0 else { throw .eventTime(time) }
        let (name, value) = try Self.assignment(assignment)
        return (t, name, value)
    }

    /// The param `name` of `effect`, or the error that names the ones it has.
    public static func param(_ name: String, of effect: EffectDescription) throws(RecipeTextError) -> ParamDescription {
        guard let param = effect.param(named: name) else {
            throw .unknownParam(effect: effect.id, name: name, hint: suggestion(for: name, among: effect.params.map(\.name), named: "params"))
        }
        return param
    }

    /// `text` as the value of `effect`'s param `name`.
    public static func value(_ text: String, for name: String, of effect: EffectDescription) throws(RecipeTextError) -> Value {
        let param = try param(name, of: effect)
        do {
            return try param.parse(text)
        } catch {
            throw .value(error.message)
        }
    }

    private static func split(_ text: String, at separator: Unicode.Scalar) -> (String, String)? {
        let scalars = text.unicodeScalars
        guard let index = scalars.firstIndex(of: separator) else { return nil }
        return (String(scalars[..<index]), String(scalars[scalars.index(after: index)...]))
    }
}

/// Why text is not a param or an event of an effect.
public enum RecipeTextError: Error, Equatable, Sendable {
    /// Not NAME=VALUE.
    case assignment(String)
    /// Not T:NAME=VALUE (no ':').
    case event(String)
    /// The text before ':' is not a time in seconds >= 0.
    case eventTime(String)
    case unknownParam(effect: String, name: String, hint: String)
    /// A value the param does not take, as the param says.
    case value(String)

    /// One line, naming no front end's options.
    public var message: String {
        switch self {
        case let .assignment(text): "a param is set as NAME=VALUE, not '\(text)'"
        case let .event(text): "an event is T:NAME=VALUE, not '\(text)'"
        case let .eventTime(time): "an event needs a time in seconds >= 0 before ':', not '\(time)'"
        case let .unknownParam(effect, name, hint): "effect '\(effect)' has no param '\(name)'\(hint)"
        case let .value(message): message
        }
    }
}

/// Why a recipe did not make its instance: what the plugin said, and when.
public enum RecipeError: Error {
    case create(EffectError)
    /// The event at `t` was refused.
    case event(t: Double, EffectError)

    public var effectError: EffectError {
        switch self {
        case let .create(error), let .event(_, error): error
        }
    }

    /// One line: the plugin's, after the event's time.
    public var message: String {
        switch self {
        case let .create(error): error.message
        case let .event(t, error): "at t = \(formatNumber(t)): \(error.message)"
        }
    }
}
