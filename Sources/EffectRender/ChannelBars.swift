import EffectHost

/// An effect that does not draw itself (a plugin of ABI 1.0 or 1.1, or an
/// effect that says so), pictured as a display list: each global channel
/// as a bar filled to where its value sits in its declared range, then,
/// for the first elements, a row of bars of their element channels.
struct ChannelBars {
    let width: Double
    let height: Double
    private let channels: [ChannelDescription]
    private let elementChannels: [ChannelDescription]
    private let elementRows: Int

    static let rowHeight = 28.0
    static let maxElementRows = 16
    static let barWidth = 200.0
    static let label: UInt32 = 0x3333_33FF
    static let value: UInt32 = 0x5555_55FF
    static let track: UInt32 = 0xE6E6_E6FF
    static let bar: UInt32 = 0x4A7B_D0FF

    init(instance: EffectInstance) {
        channels = instance.effect.channels
        elementChannels = instance.effect.elementChannels
        elementRows = elementChannels.isEmpty ? 0 : min(instance.elementCount, Self.maxElementRows)
        let elementBlock = elementRows > 0 ? Double(elementRows + 1) * Self.rowHeight : 0
        width = max(460, 80 + Double(elementChannels.count) * (Self.barWidth / 2 + 12))
        height = max(1, Double(channels.count)) * Self.rowHeight + elementBlock + 24
    }

    func list(_ frame: FrameValues) -> DisplayList {
        var items: [DrawItem] = []
        func text(_ string: String, x: Double, y: Double, size: Double, color: UInt32) {
            items.append(.text(DrawText(id: UInt32(items.count + 1), text: string, x: x, y: y, size: size, color: color)))
        }
        func bar(x: Double, y: Double, length: Double, fill: Double) {
            for (part, color) in [(length, Self.track), (length * fill, Self.bar)] where part > 0 {
                items.append(
                    .shape(
                        DrawShape(
                            id: UInt32(items.count + 1), kind: .roundedRect, frame: DrawRect(x: x, y: y, width: part, height: 14),
                            cornerRadius: 3, fill: .color(color))))
            }
        }
        for (row, channel) in channels.enumerated() {
            let y = 12 + Double(row) * Self.rowHeight
            let value = frame.global(channel.name)
            text(channel.name, x: 12, y: y + 18, size: 13, color: Self.label)
            bar(x: 150, y: y + 6, length: Self.barWidth, fill: fraction(value, channel))
            text(fixed(value, 3), x: 160 + Self.barWidth, y: y + 18, size: 12, color: Self.value)
        }
        if elementRows > 0 {
            let top = 12 + Double(channels.count) * Self.rowHeight
            let column = Self.barWidth / 2 + 12
            for (index, channel) in elementChannels.enumerated() {
                text(channel.name, x: 60 + Double(index) * column, y: top + 18, size: 13, color: Self.label)
            }
            for element in 0..<elementRows {
                let y = top + Double(element + 1) * Self.rowHeight
                text("[\(element)]", x: 12, y: y + 18, size: 13, color: Self.label)
                for (index, channel) in elementChannels.enumerated() {
                    let value = frame.element(element, channel.name)
                    bar(x: 60 + Double(index) * column, y: y + 6, length: Self.barWidth / 2, fill: fraction(value, channel))
                }
            }
        }
        return DisplayList(width: width, height: height, bounds: DrawRect(x: 0, y: 0, width: width, height: height), items: items)
    }

    private func fraction(_ value: Double, _ channel: ChannelDescription) -> Double {
        let span = channel.range.upperBound - channel.range.lowerBound
        guard span > 0, span.isFinite else { return 0 }
        return min(1, max(0, (value - channel.range.lowerBound) / span))
    }
}
