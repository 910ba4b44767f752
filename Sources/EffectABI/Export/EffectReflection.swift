/// What the export layer needs from an effect type it only holds as
/// `any Effect.Type`: associated types are out of reach through an
/// existential, so each effect answers for itself here.
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
        set.allCases.sorted { $0.index < $1.index }.map(\.spec)
    }

    private static func contiguous<C: ChannelSet>(_ set: C.Type) -> Bool {
        set.allCases.map(\.index).sorted() == Array(0..<set.allCases.count)
    }
}
