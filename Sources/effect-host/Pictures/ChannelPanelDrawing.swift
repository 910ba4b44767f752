import EffectHost

/// Any effect without a drawing of its own: each global channel as a bar
/// filled to where its value sits in its declared range.
struct ChannelPanelDrawing: EffectDrawing {
    let width: Double
    let height: Double
    private let channels: [ChannelDescription]

    static let rowHeight = 28.0

    init(instance: EffectInstance) {
        channels = instance.effect.channels
        width = 420
        height = max(1, Double(channels.count)) * Self.rowHeight + 24
    }

    func draw(_ frame: FrameValues) throws -> String {
        let n = SVG.number
        var body = ""
        for (row, channel) in channels.enumerated() {
            let y = 12 + Double(row) * Self.rowHeight
            let value = frame.global(channel.name)
            let span = channel.range.upperBound - channel.range.lowerBound
            let fill = span > 0 ? min(1, max(0, (value - channel.range.lowerBound) / span)) : 0
            body += "<text x=\"12\" y=\"\(n(y + 18))\" font-family=\"\(systemFontFamily)\" font-size=\"13\" fill=\"#333\">"
            body += SVG.escape(channel.name) + "</text>"
            body += "<rect x=\"150\" y=\"\(n(y + 6))\" width=\"200\" height=\"14\" rx=\"3\" fill=\"#e6e6e6\"/>"
            body += "<rect class=\"bar\" x=\"150\" y=\"\(n(y + 6))\" width=\"\(n(200 * fill))\" height=\"14\" rx=\"3\" fill=\"#4a7bd0\"/>"
            body += "<text x=\"360\" y=\"\(n(y + 18))\" font-family=\"\(systemFontFamily)\" font-size=\"12\" fill=\"#555\">"
            body += SVG.escape(formatNumber(value)) + "</text>"
        }
        return body
    }
}
