import EffectHost

/// One channel to chart: a global channel, or one element's.
public struct ChartedChannel: Sendable {
    public let channel: ChannelDescription
    /// nil for a global channel.
    public let element: Int?

    public init(channel: ChannelDescription, element: Int? = nil) {
        (self.channel, self.element) = (channel, element)
    }
}

extension Chart {
    /// What a chart of an effect's channels came to: the chart, or the stop
    /// signal that ended the sampling first.
    public enum Sampled {
        case chart(Chart)
        case stopped(signal: Int32)
    }

    /// `instance`'s channels sampled by the Player's offline loop (as run's
    /// and render's frames are) at t = i / fps for i in 0 ... lastFrame.
    /// A discrete channel with labels becomes bands of its phases. Unless
    /// `asked`, a channel that holds still says nothing: if no global
    /// channel moves, element 0's moving channels carry the motion (when
    /// `elementsAsked` is false), and if nothing moves at all the channels
    /// are shown as they are.
    public static func sampling(
        _ instance: EffectInstance, channels requests: [ChartedChannel], asked: Bool, elementsAsked: Bool, fps: Double, lastFrame: Int,
        markers: [Marker]
    ) throws -> Sampled {
        let effect = instance.effect
        let count = lastFrame + 1
        let collector = FrameCollector(expecting: count * instance.frameSize)
        let report = try Player(instance: instance, fps: fps, lastFrame: lastFrame, sink: collector).runOffline()
        if let signal = report.signal { return .stopped(signal: signal) }
        let frames = collector.values
        let times = (0..<count).map { Double($0) / fps }
        let channels = ChannelMap(effect)
        func column(_ request: ChartedChannel) -> [Double] {
            let name = request.channel.name
            let offset = request.element.map { channels.position(element: $0, offset: channels.element[name] ?? 0) }
                ?? channels.global[name] ?? 0
            return (0..<count).map { frames[$0 * instance.frameSize + offset] }
        }
        func named(_ request: ChartedChannel) -> String { request.element.map { "\(request.channel.name)[\($0)]" } ?? request.channel.name }
        var series: [Series] = []
        var bands: [(channel: String, bands: [Band])] = []
        for request in requests {
            let values = column(request)
            if request.channel.isDiscrete, request.element == nil, !request.channel.labels.isEmpty {
                // A discrete channel that never changes marks no phases.
                if asked || values.contains(where: { $0 != values[0] }) {
                    bands.append((named(request), phases(values, times: times, channel: request.channel)))
                }
            } else {
                series.append(Series(name: named(request), unit: request.channel.unit, panel: request.channel.name, values: values))
            }
        }
        if !asked {
            func moves(_ values: [Double]) -> Bool { (values.max() ?? 0) - (values.min() ?? 0) > 1e-12 }
            var moving = series.filter { moves($0.values) }
            if moving.isEmpty, !elementsAsked, instance.elementCount > 0 {
                for channel in effect.elementChannels {
                    let request = ChartedChannel(channel: channel, element: 0)
                    let values = column(request)
                    if moves(values) { moving.append(Series(name: named(request), unit: channel.unit, panel: channel.name, values: values)) }
                }
            }
            if !moving.isEmpty { series = moving }
        }
        // Discrete channels with labels become bands; if that is all there
        // is, they are plotted as steps too, so the chart is never empty.
        if series.isEmpty {
            series = requests.map { Series(name: named($0), unit: $0.channel.unit, panel: $0.channel.name, values: column($0)) }
        }
        return .chart(Chart(title: "\(effect.id): \(effect.name)", times: times, series: series, bands: bands, markers: markers))
    }

    /// The runs of one value of a discrete channel, each labelled.
    private static func phases(_ values: [Double], times: [Double], channel: ChannelDescription) -> [Band] {
        var bands: [Band] = []
        var start = 0
        for index in 1...values.count {
            if index == values.count || values[index] != values[start] {
                let value = Int(exactly: values[start].rounded()) ?? 0
                let end = index == values.count ? times[values.count - 1] : times[index]
                // The last sample can open a phase it does not show.
                guard end > times[start] else { break }
                bands.append(
                    Band(start: times[start], end: end, label: channel.label(for: values[start]) ?? readable(values[start]), value: max(0, value)))
                start = index
            }
        }
        return bands
    }
}

/// Keeps every frame the Player hands it, back to back.
private final class FrameCollector: FrameSink {
    private(set) var values: [Double] = []

    init(expecting count: Int) { values.reserveCapacity(count) }

    func frame(_ frame: SampledFrame) throws { values.append(contentsOf: frame.values) }

    func finish(interrupted: Bool) {}
}
