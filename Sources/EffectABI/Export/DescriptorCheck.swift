import CEffect
import MetadataRules

/// Checks an author's declarations against the ABI's rules (MetadataRules,
/// which hosts and the validator apply too), so a mistake surfaces as a
/// describe failure with a reason instead of a host reading nonsense.
enum DescriptorCheck {
    static func problems(plugin: PluginInfo, effects: [EffectTypeFacts]) -> [String] {
        let facts = MetadataRules.PluginFacts(
            id: plugin.id, name: plugin.name, version: plugin.version, summary: plugin.summary,
            minor: UInt32(EFFECT_ABI_MINOR), effects: effects.map(facts(of:)))
        // The kit holds its authors to every rule, warnings too.
        var problems = MetadataRules.problems(facts).map { $0.message }
        for effect in effects where !effect.hasContiguousChannelIndices {
            problems.append("effect '\(effect.info.id)': channel indices must run 0, 1, 2, ... within each scope")
        }
        return problems
    }

    private static func facts(of effect: EffectTypeFacts) -> MetadataRules.EffectFacts {
        let info = effect.info
        return MetadataRules.EffectFacts(
            id: info.id, name: info.name, summary: info.summary, timingDoc: info.timingDoc,
            declaresTiming: !info.timingKinds.isEmpty, params: effect.params.map(facts(of:)),
            channels: effect.scopedChannels.map { spec, _ in
                MetadataRules.ChannelFacts(
                    name: spec.name, doc: spec.doc, low: spec.range.lowerBound, high: spec.range.upperBound)
            })
    }

    private static func facts(of spec: ParamSpec) -> MetadataRules.ParamFacts {
        let kind: MetadataRules.ParamFacts.Kind
        var choices: [String] = []
        switch spec.kind {
        case .number: kind = .number
        case .integer: kind = .integer
        case .bool: kind = .bool
        case .choice(let names):
            kind = .choice
            choices = names
        case .string: kind = .string
        case .color: kind = .color
        }
        let defaultValue: MetadataRules.ParamFacts.Default =
            switch (spec.kind, spec.defaultValue) {
            case (_, .none): .none
            case (.number, .number(let value)): .number(value)
            case (.integer, .integer(let value)): .number(Double(value))
            case (.choice(let names), .choice(let index)) where names.indices.contains(index): .fitting
            case (.bool, .bool), (.string, .string), (.color, .color): .fitting
            default: .mismatched
            }
        return MetadataRules.ParamFacts(
            name: spec.name, doc: spec.doc, kind: kind, isOptional: spec.isOptional,
            range: spec.range.map { ($0.lowerBound, $0.upperBound) }, defaultValue: defaultValue, choices: choices,
            isMultiline: spec.isMultiline)
    }
}
