import EffectHost

/// strikethrough-reveal as the seed draws it: a 16 pt tick trimmed to
/// `tick_trim`, 10 pt of space, the text in 20 pt medium faded to
/// `text_opacity` and drained to `saturation`, a 1.6 pt capsule across
/// `line_width` of the text, and the whole row scaled by `scale` about its
/// centre. The seed's ink is the primary label colour, on which the drain
/// is as invisible as it is in the component; it is applied all the same.
struct StrikeDrawing: EffectDrawing {
    let width: Double
    let height: Double
    private let instance: EffectInstance
    private let textWidth: Double
    private let rowLeft: Double
    private let centreY: Double

    static let fontSize = 20.0
    static let ink = "#1d1d1f"
    static let margin = 24.0

    init(instance: EffectInstance) throws {
        self.instance = instance
        let text = try instance.strings(at: 0).text
        textWidth = max(1, TextMetrics.width(of: text, size: Self.fontSize, weight: 500))
        // Room for the tick whether or not it shows now: `tick` is live.
        rowLeft = Self.margin
        width = (rowLeft + 16 + 10 + textWidth + Self.margin).rounded(.up)
        height = 72
        centreY = height / 2
    }

    func draw(_ frame: FrameValues) throws -> String {
        let strings = try instance.strings(at: frame.t)
        let lineColor = try instance.color("line_color", at: frame.t, or: 0x8A8F98FF)
        let stroke = SVG.color(lineColor)
        let strokeOpacity = SVG.number(SVG.alpha(lineColor))
        let scale = frame.global("scale")
        // As in the seed's HStack, the tick and its 10 pt gap are only
        // there while `tick` is on; the row is what scales about its centre.
        let showsTick = try instance.value(of: "tick", at: frame.t) == .bool(true)
        let textX = rowLeft + (showsTick ? 26 : 0)
        let centreX = (rowLeft + textX + textWidth) / 2
        let n = SVG.number
        var body = "<defs><filter id=\"drain\" color-interpolation-filters=\"sRGB\">"
        body += "<feColorMatrix type=\"saturate\" values=\"\(n(min(1, max(0, frame.global("saturation")))))\"/></filter></defs>"
        body += "<g id=\"row\" transform=\"translate(\(n(centreX)) \(n(centreY))) scale(\(n(scale))) translate(\(n(-centreX)) \(n(-centreY)))\">"
        let trim = min(1, max(0, frame.global("tick_trim")))
        if showsTick, trim > 0 {
            body += "<path id=\"tick\" d=\"M1 8 L6 13 L15 2\" transform=\"translate(\(n(rowLeft)) \(n(centreY - 8)))\" fill=\"none\" "
            body += "stroke=\"\(stroke)\" stroke-opacity=\"\(strokeOpacity)\" stroke-width=\"2.4\" stroke-linecap=\"round\" "
            body += "stroke-linejoin=\"round\" pathLength=\"1\" stroke-dasharray=\"\(n(trim)) 2\"/>"
        }
        body += "<text id=\"text\" x=\"\(n(textX))\" y=\"\(n(centreY))\" dominant-baseline=\"central\" "
        body += "font-family=\"\(systemFontFamily)\" font-size=\"\(n(Self.fontSize))\" font-weight=\"500\" fill=\"\(Self.ink)\" "
        body += "opacity=\"\(n(frame.global("text_opacity")))\" filter=\"url(#drain)\" textLength=\"\(n(textWidth))\" "
        body += "lengthAdjust=\"spacingAndGlyphs\">\(SVG.escape(strings.text))</text>"
        let lineWidth = textWidth * min(1, max(0, frame.global("line_width")))
        if lineWidth > 0 {
            body += "<rect id=\"line\" x=\"\(n(textX))\" y=\"\(n(centreY - 0.8))\" width=\"\(n(lineWidth))\" height=\"1.6\" rx=\"0.8\" "
            body += "fill=\"\(stroke)\" fill-opacity=\"\(strokeOpacity)\"/>"
        }
        return body + "</g>"
    }
}
