import EffectHost

/// One sampled frame, read by channel name.
struct FrameValues {
    let t: Double
    let values: [Double]
    let channels: ChannelMap

    func global(_ name: String) -> Double {
        channels.global[name].map { values[$0] } ?? 0
    }

    func element(_ index: Int, _ name: String) -> Double {
        guard let offset = channels.element[name] else { return 0 }
        return values[channels.globalCount + index * channels.stride + offset]
    }
}

/// Where each channel sits in a frame of one effect.
struct ChannelMap {
    let global: [String: Int]
    let element: [String: Int]
    let globalCount: Int
    let stride: Int

    init(_ effect: EffectDescription) {
        global = Dictionary(effect.channels.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        element = Dictionary(
            effect.elementChannels.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        globalCount = effect.channels.count
        stride = effect.elementChannels.count
    }
}
