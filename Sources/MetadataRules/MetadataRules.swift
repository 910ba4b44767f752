/// The ABI's rules for what a plugin declares, written once: the kit
/// checks an author's declarations against them before `describe` answers,
/// the host's loader refuses a plugin that breaks a `refused` rule, and
/// `effect-host validate` reports every rule broken. Each side describes
/// what it has as `PluginFacts` and asks for the problems.
public enum MetadataRules {
    /// What a plugin may declare, at most, so a corrupt table cannot make a
    /// host loop or allocate without end.
    public enum Limits {
        public static let effects = 1024
        public static let params = 1024
        public static let channels = 4096
        public static let choices = 4096
    }

    public enum Severity: Sendable, Comparable {
        /// Fine to load, worth a look: validate warns.
        case warning
        /// Loads, but the plugin breaks the ABI's promises: validate fails
        /// and the kit refuses to describe it.
        case failure
        /// A host cannot use it as declared: the loader refuses the plugin.
        case refused
    }

    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public let severity: Severity
        public let message: String
        public var description: String { message }
    }

    public struct PluginFacts: Sendable {
        public var id: String
        public var name: String
        public var version: String
        public var summary: String
        /// The ABI minor the plugin is used as: its own, or the host's for
        /// a plugin of a newer minor (effect.h's needs_minor).
        public var minor: UInt32
        public var effects: [EffectFacts]

        public init(id: String, name: String, version: String, summary: String, minor: UInt32, effects: [EffectFacts]) {
            self.id = id
            self.name = name
            self.version = version
            self.summary = summary
            self.minor = minor
            self.effects = effects
        }
    }

    public struct EffectFacts: Sendable {
        public var id: String
        public var name: String
        public var summary: String
        public var timingDoc: String
        public var declaresTiming: Bool
        public var params: [ParamFacts]
        /// Global, element and attribute channels: names are unique across all three.
        public var channels: [ChannelFacts]

        public init(
            id: String, name: String, summary: String, timingDoc: String, declaresTiming: Bool, params: [ParamFacts],
            channels: [ChannelFacts]
        ) {
            self.id = id
            self.name = name
            self.summary = summary
            self.timingDoc = timingDoc
            self.declaresTiming = declaresTiming
            self.params = params
            self.channels = channels
        }
    }

    public struct ParamFacts: Sendable {
        public enum Kind: Sendable { case number, integer, bool, choice, string, color }

        /// The default as the rules need it: its number for a numeric
        /// param, and whether it fits the param's type at all.
        public enum Default: Sendable, Equatable {
            case none
            case number(Double)
            case fitting
            case mismatched
        }

        public var name: String
        public var doc: String
        public var kind: Kind
        public var isOptional: Bool
        public var range: (low: Double, high: Double)?
        public var defaultValue: Default
        public var choices: [String]
        /// EFFECT_PARAM_MULTILINE: a host offers it a multi-line field.
        public var isMultiline: Bool

        public init(
            name: String, doc: String, kind: Kind, isOptional: Bool, range: (low: Double, high: Double)?,
            defaultValue: Default, choices: [String], isMultiline: Bool = false
        ) {
            self.name = name
            self.doc = doc
            self.kind = kind
            self.isOptional = isOptional
            self.range = range
            self.defaultValue = defaultValue
            self.choices = choices
            self.isMultiline = isMultiline
        }
    }

    /// The minor that brought EFFECT_PARAM_MULTILINE: an older plugin
    /// cannot mean it, and a newer one reports it only to a host of this
    /// minor or later (effect.h's Versioning).
    public static let multilineMinor: UInt32 = 7

    public struct ChannelFacts: Sendable {
        public var name: String
        public var doc: String
        public var low: Double
        public var high: Double

        public init(name: String, doc: String, low: Double, high: Double) {
            self.name = name
            self.doc = doc
            self.low = low
            self.high = high
        }
    }

    /// Every rule `plugin` breaks, in declaration order.
    public static func problems(_ plugin: PluginFacts) -> [Problem] {
        var found = Found()
        if !Identifier.isKebabCase(plugin.id) { found.refuse("plugin id '\(plugin.id)' is not kebab-case") }
        for (field, value) in [("name", plugin.name), ("version", plugin.version), ("summary", plugin.summary)]
        where value.isEmpty {
            found.fail("plugin \(field) is empty")
        }
        if plugin.effects.isEmpty { found.refuse("plugin has no effects") }
        if plugin.effects.count > Limits.effects {
            found.refuse("plugin has \(count(plugin.effects.count, "effect")), more than the \(count(Limits.effects)) allowed")
        }
        var ids: Set<String> = []
        for effect in plugin.effects {
            if !ids.insert(effect.id).inserted { found.refuse("effect id '\(effect.id)' is used twice") }
            check(effect, minor: plugin.minor, into: &found)
        }
        return found.problems
    }

    private static func check(_ effect: EffectFacts, minor: UInt32, into found: inout Found) {
        let prefix = "effect '\(effect.id)':"
        if !Identifier.isKebabCase(effect.id) { found.refuse("\(prefix) id is not kebab-case") }
        if effect.name.isEmpty || effect.summary.isEmpty || effect.timingDoc.isEmpty {
            found.fail("\(prefix) name, summary and timing doc must not be empty")
        }
        if !effect.declaresTiming { found.fail("\(prefix) declares no timing kind") }
        if effect.params.count > Limits.params {
            found.refuse("\(prefix) has \(count(effect.params.count, "param")), more than the \(count(Limits.params)) allowed")
        }
        if effect.channels.count > Limits.channels {
            found.refuse(
                "\(prefix) has \(count(effect.channels.count, "channel")), more than the \(count(Limits.channels)) allowed")
        }
        var names: Set<String> = []
        for param in effect.params {
            if !names.insert(param.name).inserted { found.refuse("\(prefix) param '\(param.name)' is declared twice") }
            check(param, prefix: "\(prefix) param '\(param.name)'", minor: minor, into: &found)
        }
        if effect.params.first(where: { $0.name == "reduce_motion" })?.kind != .bool {
            found.fail("\(prefix) has no bool param 'reduce_motion'")
        }
        var channels: Set<String> = []
        for channel in effect.channels {
            let context = "\(prefix) channel '\(channel.name)'"
            if !channels.insert(channel.name).inserted { found.refuse("\(context) is declared twice") }
            if !Identifier.isSnakeCase(channel.name) { found.refuse("\(context) is not snake_case") }
            if !(channel.low <= channel.high) { found.refuse("\(context) has an empty range") }
            if channel.doc.isEmpty { found.warn("\(context) has no doc") }
        }
    }

    private static func check(_ param: ParamFacts, prefix: String, minor: UInt32, into found: inout Found) {
        if !Identifier.isSnakeCase(param.name) { found.refuse("\(prefix) is not snake_case") }
        if param.isMultiline {
            if param.kind != .string { found.refuse("\(prefix) is marked multiline, which only a string param may be") }
            if minor < multilineMinor {
                found.refuse(
                    "\(prefix) is marked multiline, a flag of ABI 1.\(multilineMinor), in a plugin of ABI 1.\(minor), which has no such flag")
            }
        }
        if param.doc.isEmpty { found.fail("\(prefix) has no doc") }
        if param.defaultValue == .none {
            if !param.isOptional { found.refuse("\(prefix) has no default and is not optional") }
        } else if param.isOptional {
            found.fail("\(prefix) is optional but has a default; optional params start unset")
        }
        switch param.kind {
        case .number, .integer:
            guard let range = param.range, range.low.isFinite, range.high.isFinite, range.low < range.high else {
                found.refuse("\(prefix) needs a finite range with min < max")
                return
            }
            switch param.defaultValue {
            case .none: break
            case .number(let value) where value.isFinite && range.low <= value && value <= range.high: break
            case .number(let value) where !value.isFinite: found.refuse("\(prefix) has a default that is not finite")
            case .number: found.refuse("\(prefix) has a default outside its range")
            case .fitting, .mismatched: found.refuse("\(prefix) has a default of the wrong type")
            }
        case .choice:
            if param.choices.isEmpty || Set(param.choices).count != param.choices.count {
                found.refuse("\(prefix) needs one or more distinct choices")
            }
            if param.choices.count > Limits.choices {
                found.refuse("\(prefix) has \(count(param.choices.count, "choice")), more than the \(count(Limits.choices)) allowed")
            }
            if param.defaultValue == .mismatched {
                found.refuse("\(prefix) has a default that is not one of its choices")
            }
        case .bool, .string, .color:
            if param.defaultValue == .mismatched { found.refuse("\(prefix) has a default of the wrong type") }
        }
    }

    /// A count as people read it: "1 effect", "2,147,483,649 values".
    public static func count(_ value: Int, _ noun: String? = nil) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let number = (value < 0 ? "-" : "") + grouped
        guard let noun else { return number }
        return "\(number) \(noun)\(value == 1 ? "" : "s")"
    }

    private struct Found {
        var problems: [Problem] = []
        mutating func refuse(_ message: String) { problems.append(Problem(severity: .refused, message: message)) }
        mutating func fail(_ message: String) { problems.append(Problem(severity: .failure, message: message)) }
        mutating func warn(_ message: String) { problems.append(Problem(severity: .warning, message: message)) }
    }
}
