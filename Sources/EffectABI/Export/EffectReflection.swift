/// What the export layer needs from an effect type, taken where the type
/// is known (EffectKind's generic init): the layer then holds no
/// `any Effect.Type`, which Embedded Swift (the WebAssembly build) lacks,
/// and reaches no associated type through an existential.
@usableFromInline
struct EffectTypeFacts {
    let info: EffectInfo
    let params: [ParamSpec]
    let scopedChannels: [(spec: ChannelSpec, scope: ChannelScope)]
    let channelCounts: (global: Int, element: Int, attribute: Int)
    let hasContiguousChannelIndices: Bool
    let makeInstance: (EffectEntry, ParamTimeline, TextSegmenter?) throws(EffectFailure) -> AnyInstance

    @usableFromInline
    init<E: Effect>(_ type: E.Type) {
        info = E.info
        params = E.params
        scopedChannels = E.scopedChannels
        channelCounts = E.channelCounts
        hasContiguousChannelIndices = E.hasContiguousChannelIndices
        makeInstance = { entry, timeline, segmenter throws(EffectFailure) in
            try E.makeInstance(entry: entry, timeline: timeline, segmenter: segmenter)
        }
    }
}

enum ChannelScope {
    case global, element, attribute
}

extension Effect {
    static var scopedChannels: [(spec: ChannelSpec, scope: ChannelScope)] {
        ordered(Channel.self).map { ($0, .global) }
            + ordered(ElementChannel.self).map { ($0, .element) }
            + ordered(Attribute.self).map { ($0, .attribute) }
    }

    static var channelCounts: (global: Int, element: Int, attribute: Int) {
        (Channel.allCases.count, ElementChannel.allCases.count, Attribute.allCases.count)
    }

    static var hasContiguousChannelIndices: Bool {
        contiguous(Channel.self) && contiguous(ElementChannel.self) && contiguous(Attribute.self)
    }

    static func makeInstance(entry: EffectEntry, timeline: ParamTimeline, segmenter: TextSegmenter?) throws(EffectFailure)
        -> AnyInstance
    {
        try Instance<Self>(entry: entry, timeline: timeline, segmenter: segmenter)
    }

    private static func ordered<C: ChannelSet>(_ set: C.Type) -> [ChannelSpec] {
        set.allCases.sorted { $0.index < $1.index }.map { $0.spec }
    }

    private static func contiguous<C: ChannelSet>(_ set: C.Type) -> Bool {
        set.allCases.map { $0.index }.sorted() == Array(0..<set.allCases.count)
    }
}
