import EffectHost

/// An effect that does not draw itself (a plugin of ABI 1.0 or 1.1, or an
/// effect that says so): each global channel as a bar filled to where its
/// value sits in its declared range, then, for the first elements, a row
/// of bars of their element channels.
public struct ChannelBarsSVG {
    public let width: Double
    public let height: Double
    private let channels: [ChannelDescription]
    private let elementChannels: [ChannelDescription]
    private let elementRows: Int

    public static let rowHeight = 28.0
    public static let maxElementRows = 16
    public static let barWidth = 200.0

    public init(instance: EffectInstance) {
        channels = instance.effect.channels
        elementChannels = instance.effect.elementChannels
        elementRows = elementChannels.isEmpty ? 0 : min(instance.elementCount, Self.maxElementRows)
        let elementBlock = elementRows > 0 ? Double(elementRows + 1) * Self.rowHeight : 0
        width = max(460, 80 + Double(elementChannels.count) * (Self.barWidth / 2 + 12))
        height = max(1, Double(channels.count)) * Self.rowHeight + elementBlock + 24
    }

    public func draw(_ frame: FrameValues) throws -> String {
        let n = SVG.number
        var body = ""
        for (row, channel) in channels.enumerated() {
            let y = 12 + Double(row) * Self.rowHeight
            body += label(channel.name, x: 12, y: y + 18)
            body += bar(x: 150, y: y + 6, length: Self.barWidth, fill: fraction(frame.global(channel.name), channel))
            body += "<text x=\"\(n(160 + Self.barWidth))\" y=\"\(n(y + 18))\" font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"12\" "
            body += "fill=\"#555\">\(SVG.escape(fixed(frame.global(channel.name), 3)))</text>"
        }
        guard elementRows > 0 else { return body }
        let top = 12 + Double(channels.count) * Self.rowHeight
        let column = Self.barWidth / 2 + 12
        for (index, channel) in elementChannels.enumerated() {
            body += label(channel.name, x: 60 + Double(index) * column, y: top + 18)
        }
        for element in 0..<elementRows {
            let y = top + Double(element + 1) * Self.rowHeight
            body += label("[\(element)]", x: 12, y: y + 18)
            for (index, channel) in elementChannels.enumerated() {
                let value = frame.element(element, channel.name)
                body += bar(x: 60 + Double(index) * column, y: y + 6, length: Self.barWidth / 2, fill: fraction(value, channel))
            }
        }
        return body
    }

    private func fraction(_ value: Double, _ channel: ChannelDescription) -> Double {
        let span = channel.range.upperBound - channel.range.lowerBound
        guard span > 0, span.isFinite else { return 0 }
        return min(1, max(0, (value - channel.range.lowerBound) / span))
    }

    private func label(_ text: String, x: Double, y: Double) -> String {
        "<text x=\"\(SVG.number(x))\" y=\"\(SVG.number(y))\" font-family=\"\(DisplayListSVG.fontFamily)\" font-size=\"13\" fill=\"#333\">"
            + SVG.escape(text) + "</text>"
    }

    private func bar(x: Double, y: Double, length: Double, fill: Double) -> String {
        let n = SVG.number
        return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(length))\" height=\"14\" rx=\"3\" fill=\"#e6e6e6\"/>"
            + "<rect class=\"bar\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(length * fill))\" height=\"14\" rx=\"3\" fill=\"#4a7bd0\"/>"
    }
}
