import MetadataRules

extension MetadataRules.PluginFacts {
    /// A loaded plugin's metadata, as the rules read it, for a plugin
    /// used as ABI 1.`minor` (its own, or the host's if it is newer).
    public init(_ plugin: PluginDescription, _ effects: [EffectDescription], minor: UInt32) {
        self.init(
            id: plugin.id, name: plugin.name, version: plugin.version, summary: plugin.summary, minor: minor,
            effects: effects.map { effect in
                MetadataRules.EffectFacts(
                    id: effect.id, name: effect.name, summary: effect.summary, timingDoc: effect.timingDoc,
                    declaresTiming: !effect.timingKinds.isEmpty, params: effect.params.map(MetadataRules.ParamFacts.init),
                    channels: (effect.channels + effect.elementChannels + effect.attributes).map {
                        MetadataRules.ChannelFacts(
                            name: $0.name, doc: $0.doc, low: $0.range.lowerBound, high: $0.range.upperBound)
                    })
            })
    }
}

extension MetadataRules.ParamFacts {
    init(_ param: ParamDescription) {
        let kind: Kind
        switch param.type {
        case .number: kind = .number
        case .integer: kind = .integer
        case .bool: kind = .bool
        case .choice: kind = .choice
        case .string: kind = .string
        case .color: kind = .color
        }
        // The reader gives each default the param's own type, or none.
        let defaultValue: Default =
            switch param.defaultValue {
            case .none: .none
            case .number(let value): .number(value)
            case .integer(let value): .number(Double(value))
            default: .fitting
            }
        self.init(
            name: param.name, doc: param.doc, kind: kind, isOptional: param.isOptional,
            range: param.range.map { ($0.lowerBound, $0.upperBound) }, defaultValue: defaultValue, choices: param.choices,
            isMultiline: param.isMultiline)
    }
}
