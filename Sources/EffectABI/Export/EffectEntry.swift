import CEffect

/// One effect's metadata, built once as the C structs the ABI hands out.
/// Its strings live in the plugin's pool, which is never released, so they
/// stay valid until the library is unloaded.
final class EffectEntry: @unchecked Sendable {
    let type: EffectTypeFacts
    let id: String
    let specs: [ParamSpec]
    let info: effect_info
    let params: [effect_param_info]
    let channels: [effect_channel_info]
    /// Per param: its choice names as C strings (empty unless an enum).
    let choiceNames: [[CString]]
    let globalCount: Int
    let elementChannelCount: Int
    let attributeCount: Int

    /// The effect's samplers, compiled for its own type.
    let kind: EffectKind

    init(_ kind: EffectKind, strings: StringPool) {
        let type = kind.facts
        self.type = type
        self.kind = kind
        let info = type.info
        id = info.id
        specs = type.params
        (globalCount, elementChannelCount, attributeCount) = type.channelCounts
        self.info = effect_info(
            struct_size: UInt32(MemoryLayout<effect_info>.size),
            param_count: UInt32(specs.count),
            global_channel_count: UInt32(globalCount),
            element_channel_count: UInt32(elementChannelCount),
            attribute_count: UInt32(attributeCount),
            timing_kinds: info.timingKinds.rawValue,
            id: strings.intern(info.id).pointer,
            name: strings.intern(info.name).pointer,
            summary: strings.intern(info.summary).pointer,
            element_noun: strings.intern(info.elementNoun).pointer,
            timing_doc: strings.intern(info.timingDoc).pointer,
            credit: strings.intern(info.credit).pointer)

        var choiceNames: [[CString]] = []
        var params: [effect_param_info] = []
        for spec in specs {
            var choices: [CString] = []
            if case let .choice(names) = spec.kind { choices = names.map(strings.intern) }
            choiceNames.append(choices)
            params.append(
                effect_param_info(
                    struct_size: UInt32(MemoryLayout<effect_param_info>.size),
                    type: typeTag(spec.kind),
                    flags: (spec.isLive ? EFFECT_PARAM_LIVE : 0) | (spec.isOptional ? EFFECT_PARAM_OPTIONAL : 0)
                        | (spec.isMultiline ? EFFECT_PARAM_MULTILINE : 0),
                    choice_count: UInt32(choices.count),
                    name: strings.intern(spec.name).pointer,
                    unit: strings.intern(spec.unit).pointer,
                    doc: strings.intern(spec.doc).pointer,
                    choices: immortalArray(choices),
                    min: spec.range?.lowerBound ?? 0,
                    max: spec.range?.upperBound ?? 0,
                    default_value: encode(spec.defaultValue, choiceNames: choices, strings: strings.intern)))
        }
        self.choiceNames = choiceNames
        self.params = params

        channels = type.scopedChannels.map { spec, scope in
            let labels = spec.labels.map(strings.intern)
            return effect_channel_info(
                struct_size: UInt32(MemoryLayout<effect_channel_info>.size),
                scope: scope == .global
                    ? EFFECT_SCOPE_GLOBAL : scope == .element ? EFFECT_SCOPE_ELEMENT : EFFECT_SCOPE_ATTRIBUTE,
                flags: (spec.isDiscrete ? EFFECT_CHANNEL_DISCRETE : 0) | (spec.isCounter ? EFFECT_CHANNEL_COUNTER : 0),
                label_count: UInt32(labels.count),
                name: strings.intern(spec.name).pointer,
                unit: strings.intern(spec.unit).pointer,
                doc: strings.intern(spec.doc).pointer,
                labels: immortalArray(labels),
                min: spec.range.lowerBound,
                max: spec.range.upperBound)
        }
    }

    func makeInstance(settings: [(Int, ParamValue)], segmenter: TextSegmenter? = nil) throws(EffectFailure) -> AnyInstance {
        var initial = specs.map { $0.defaultValue }
        var given = Array(repeating: false, count: specs.count)
        for (index, value) in settings {
            initial[index] = value
            given[index] = true
        }
        return try type.makeInstance(
            self, ParamTimeline(specs: specs, initial: initial, setAtCreate: given), segmenter)
    }
}

/// A C array of string pointers that is never freed, or NULL when empty.
private func immortalArray(_ strings: [CString]) -> UnsafePointer<UnsafePointer<CChar>?>? {
    guard !strings.isEmpty else { return nil }
    let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count)
    for (index, string) in strings.enumerated() { array[index] = string.pointer }
    return UnsafePointer(array)
}
