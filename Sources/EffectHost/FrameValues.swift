/// Where each channel sits in a frame of one effect: the one place a host
/// turns channel names into frame positions.
public struct ChannelMap: Sendable {
    public let global: [String: Int]
    public let element: [String: Int]
    public let globalCount: Int
    public let stride: Int

    public init(_ effect: EffectDescription) {
        global = Dictionary(effect.channels.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        element = Dictionary(
            effect.elementChannels.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        globalCount = effect.channels.count
        stride = effect.elementChannels.count
    }

    /// The position of element `index`'s channel at `offset` within its element.
    public func position(element index: Int, offset: Int) -> Int { globalCount + index * stride + offset }
}

/// One sampled frame, read by channel name (0 for a channel the effect
/// does not have).
public struct FrameValues {
    public let t: Double
    public let values: UnsafeBufferPointer<Double>
    public let channels: ChannelMap

    public init(_ frame: SampledFrame, channels: ChannelMap) {
        t = frame.t
        values = frame.values
        self.channels = channels
    }

    public func global(_ name: String) -> Double {
        channels.global[name].map { values[$0] } ?? 0
    }

    public func global(at index: Int) -> Double { values[index] }

    public func element(_ index: Int, _ name: String) -> Double {
        guard let offset = channels.element[name] else { return 0 }
        return values[channels.position(element: index, offset: offset)]
    }

    public func element(_ index: Int, at offset: Int) -> Double {
        values[channels.position(element: index, offset: offset)]
    }
}
