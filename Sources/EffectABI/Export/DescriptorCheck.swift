/// Checks an author's declarations against the ABI's promises (ids,
/// names, ranges, defaults), so a mistake surfaces as a describe failure
/// with a reason instead of a host reading nonsense.
enum DescriptorCheck {
    static func problems(plugin: PluginInfo, effects: [any Effect.Type]) -> [String] {
        var problems: [String] = []
        if !isKebabCase(plugin.id) { problems.append("plugin id '\(plugin.id)' is not kebab-case") }
        for (field, value) in [("name", plugin.name), ("version", plugin.version), ("summary", plugin.summary)]
        where value.isEmpty {
            problems.append("plugin \(field) is empty")
        }
        if effects.isEmpty { problems.append("plugin has no effects") }
        var ids: Set<String> = []
        for effect in effects {
            problems += check(effect)
            if !ids.insert(effect.info.id).inserted { problems.append("effect id '\(effect.info.id)' is used twice") }
        }
        return problems
    }

    private static func check(_ effect: any Effect.Type) -> [String] {
        let info = effect.info
        let prefix = "effect '\(info.id)':"
        var problems: [String] = []
        if !isKebabCase(info.id) { problems.append("\(prefix) id is not kebab-case") }
        if info.name.isEmpty || info.summary.isEmpty || info.timingDoc.isEmpty {
            problems.append("\(prefix) name, summary and timing doc must not be empty")
        }
        if info.timingKinds.isEmpty { problems.append("\(prefix) declares no timing kind") }
        var names: Set<String> = []
        for spec in effect.params {
            if !names.insert(spec.name).inserted { problems.append("\(prefix) param '\(spec.name)' is declared twice") }
            problems += check(spec).map { "\(prefix) param '\(spec.name)' \($0)" }
        }
        let reduceMotion = effect.params.first { $0.name == "reduce_motion" }
        if reduceMotion?.kind != .bool { problems.append("\(prefix) has no bool param 'reduce_motion'") }
        if !effect.hasContiguousChannelIndices {
            problems.append("\(prefix) channel indices must run 0, 1, 2, ... within each scope")
        }
        var channels: Set<String> = []
        for (spec, _) in effect.scopedChannels {
            if !channels.insert(spec.name).inserted { problems.append("\(prefix) channel '\(spec.name)' is declared twice") }
            if !isSnakeCase(spec.name) { problems.append("\(prefix) channel '\(spec.name)' is not snake_case") }
            if spec.doc.isEmpty { problems.append("\(prefix) channel '\(spec.name)' has no doc") }
            if !(spec.range.lowerBound <= spec.range.upperBound) {
                problems.append("\(prefix) channel '\(spec.name)' has an empty range")
            }
        }
        return problems
    }

    private static func check(_ spec: ParamSpec) -> [String] {
        var problems: [String] = []
        if !isSnakeCase(spec.name) { problems.append("is not snake_case") }
        if spec.doc.isEmpty { problems.append("has no doc") }
        if spec.isOptional != (spec.defaultValue == .none) {
            problems.append("must be optional exactly when its default is unset")
        }
        switch spec.kind {
        case .number, .integer:
            guard let range = spec.range, range.lowerBound.isFinite, range.upperBound.isFinite,
                range.lowerBound < range.upperBound
            else {
                problems.append("needs a finite range with min < max")
                break
            }
            switch spec.defaultValue {
            case let .number(x) where spec.kind == .number && range.contains(x): break
            case let .integer(x) where spec.kind == .integer && range.contains(Double(x)): break
            case .none where spec.isOptional: break
            default: problems.append("has a default outside its range or of the wrong type")
            }
        case let .choice(choices):
            if choices.isEmpty || Set(choices).count != choices.count {
                problems.append("needs one or more distinct choices")
            }
            if case let .choice(index) = spec.defaultValue, choices.indices.contains(index) {} else {
                problems.append("has a default that is not one of its choices")
            }
        case .bool:
            if case .bool = spec.defaultValue {} else { problems.append("has a default that is not a bool") }
        case .string:
            if case .string = spec.defaultValue {} else { problems.append("has a default that is not a string") }
        case .color:
            if case .color = spec.defaultValue {} else { problems.append("has a default that is not a colour") }
        }
        return problems
    }

    static func isKebabCase(_ id: String) -> Bool { Identifier.isKebabCase(id) }

    static func isSnakeCase(_ name: String) -> Bool { Identifier.isSnakeCase(name) }
}

/// The ABI's naming rules: ids are kebab-case, names snake_case, both
/// lowercase ASCII words of letters and digits starting with a letter,
/// joined by single separators. Plugins and the validator share them.
public enum Identifier {
    public static func isKebabCase(_ id: String) -> Bool { isIdentifier(id, separator: UInt8(ascii: "-")) }

    public static func isSnakeCase(_ name: String) -> Bool { isIdentifier(name, separator: UInt8(ascii: "_")) }

    private static func isIdentifier(_ text: String, separator: UInt8) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
            bytes.last != separator
        else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            let isWordByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if !isWordByte && (byte != separator || previous == separator) { return false }
            previous = byte
        }
        return true
    }
}
