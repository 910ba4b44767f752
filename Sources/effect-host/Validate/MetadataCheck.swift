import EffectABI
import EffectHost

/// Check 2: identity and metadata beyond what loading already demands.
enum Metadata {
    static func check(_ plugin: Plugin) throws -> CheckResult {
        var problems: [String] = []
        var warnings: [String] = []
        if !isIdentifier(plugin.info.id, "-") { problems.append("plugin id '\(plugin.info.id)' is not kebab-case") }
        for (field, value) in [("name", plugin.info.name), ("version", plugin.info.version), ("summary", plugin.info.summary)]
        where value.isEmpty {
            problems.append("plugin \(field) is empty")
        }
        var ids: Set<String> = []
        for effect in plugin.effects {
            let prefix = "effect '\(effect.id)':"
            if !ids.insert(effect.id).inserted { problems.append("\(prefix) its id is used twice") }
            if !isIdentifier(effect.id, "-") { problems.append("\(prefix) id is not kebab-case") }
            if effect.name.isEmpty || effect.summary.isEmpty || effect.timingDoc.isEmpty {
                problems.append("\(prefix) name, summary and timing doc must not be empty")
            }
            if effect.timingKinds.isEmpty { problems.append("\(prefix) declares no timing kind") }
            var names: Set<String> = []
            for param in effect.params {
                if !names.insert(param.name).inserted { problems.append("\(prefix) param '\(param.name)' is declared twice") }
                if !isIdentifier(param.name, "_") { problems.append("\(prefix) param '\(param.name)' is not snake_case") }
                if param.doc.isEmpty { problems.append("\(prefix) param '\(param.name)' has no doc") }
            }
            if effect.param(named: "reduce_motion")?.type != .bool {
                problems.append("\(prefix) has no bool param 'reduce_motion'")
            }
            var channels: Set<String> = []
            for channel in effect.channels + effect.elementChannels + effect.attributes {
                if !channels.insert(channel.name).inserted { problems.append("\(prefix) channel '\(channel.name)' is declared twice") }
                if !isIdentifier(channel.name, "_") { problems.append("\(prefix) channel '\(channel.name)' is not snake_case") }
                if channel.doc.isEmpty { warnings.append("\(prefix) channel '\(channel.name)' has no doc") }
            }
            if let instance = try? plugin.instantiate(effect), let timing = try? instance.info().timing {
                switch timing {
                case .ends where !effect.timingKinds.contains(.ends),
                    .loops where !effect.timingKinds.contains(.loops):
                    problems.append("\(prefix) its instance reports a timing kind the effect does not declare")
                default: break
                }
            }
        }
        if !problems.isEmpty { return .fail(problems.joined(separator: "; ")) }
        if !warnings.isEmpty { return .warn(warnings.joined(separator: "; ")) }
        let params = plugin.effects.reduce(0) { $0 + $1.params.count }
        return .pass("\(plugin.effects.count) effects, \(params) params: ids, names, ranges and defaults well-formed")
    }

    private static func isIdentifier(_ text: String, _ separator: Character) -> Bool {
        separator == "-" ? Identifier.isKebabCase(text) : Identifier.isSnakeCase(text)
    }
}
