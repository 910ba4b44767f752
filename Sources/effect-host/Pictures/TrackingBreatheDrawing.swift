import EffectHost

/// tracking-breathe as the seed draws it: one line of semibold text in
/// white 0.07, centred, with letter-spacing `tracking` after every
/// character, opacity `opacity`, moved right by `offset_x`.
struct TrackingBreatheDrawing: EffectDrawing {
    let width: Double
    let height: Double
    private let instance: EffectInstance
    private let fontSize: Double

    static let ink = "#121212"

    init(instance: EffectInstance, eventTimes: [Double]) throws {
        self.instance = instance
        fontSize = try instance.number("font_size", at: 0, or: 34)
        let text = try instance.strings(at: 0).text
        // Wide enough for the flared entrance (max_tracking + 8 a character)
        // and for the widest breath any event sets.
        var widest = try instance.number("max_tracking", at: 0, or: 9) + 8
        for t in eventTimes { widest = max(widest, try instance.number("max_tracking", at: t, or: 9)) }
        let characters = Double(text.count)
        width = (TextMetrics.width(of: text, size: fontSize, weight: 600) + characters * max(0, widest) + 2 * fontSize)
            .rounded(.up)
        height = (fontSize * 3).rounded(.up)
    }

    func draw(_ frame: FrameValues) throws -> String {
        let text = try instance.strings(at: frame.t).text
        let n = SVG.number
        var body = "<text id=\"text\" x=\"\(n(width / 2))\" y=\"\(n(height / 2))\" text-anchor=\"middle\" "
        body += "dominant-baseline=\"central\" font-family=\"\(systemFontFamily)\" font-size=\"\(n(fontSize))\" "
        body += "font-weight=\"600\" fill=\"\(Self.ink)\" letter-spacing=\"\(n(frame.global("tracking")))\" "
        body += "opacity=\"\(n(frame.global("opacity")))\" transform=\"translate(\(n(frame.global("offset_x"))) 0)\">"
        return body + SVG.escape(text) + "</text>"
    }
}
