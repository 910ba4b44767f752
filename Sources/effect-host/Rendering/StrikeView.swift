import EffectHost

/// strikethrough-reveal in a terminal: the tick, then the text struck by a
/// line drawn across it, fading and draining to grey, on a card of its own
/// so the fade has a known background. The text is drawn in an accent
/// colour so the saturation drain can be seen; the dip, too small for
/// character cells, is shown in the readout below.
struct StrikeView: TerminalView {
    let instance: EffectInstance
    private let channel: [String: Int]

    private static let card = RGB(28, 29, 33)
    private static let ink = RGB(110, 170, 255)

    init(instance: EffectInstance) {
        self.instance = instance
        channel = Dictionary(uniqueKeysWithValues: instance.effect.channels.enumerated().map { ($1.name, $0) })
    }

    private func value(_ name: String, _ frame: SampledFrame) -> Double {
        channel[name].map { frame.values[$0] } ?? 0
    }

    func lines(for frame: SampledFrame) throws -> [String] {
        let t = frame.t
        let strings = try instance.strings(at: t)
        let lineColor: RGB
        if case let .color(packed) = try instance.value(of: "line_color", at: t) {
            lineColor = RGB(packed: packed)
        } else {
            lineColor = RGB(138, 143, 152)
        }
        let lineWidth = value("line_width", frame)
        let opacity = value("text_opacity", frame)
        let saturation = value("saturation", frame)
        let tickTrim = value("tick_trim", frame)
        let showsTick = try instance.value(of: "tick", at: t) == .bool(true)

        let characters = Array(Terminal.sanitize(strings.text))
        let struck = clampedInt((lineWidth * Double(characters.count)).rounded(), 0...characters.count)
        let textColor = Self.ink.saturated(saturation).over(Self.card, opacity: opacity)
        let background = Terminal.background(Self.card)

        var row = background + "   "
        if showsTick {
            row += Terminal.foreground(lineColor.over(Self.card, opacity: tickTrim)) + (tickTrim > 0 ? "✓" : " ") + "  "
        }
        row += Terminal.foreground(textColor)
        for (index, character) in characters.enumerated() {
            if index == struck { row += "\u{1B}[29m" }
            if index == 0, struck > 0 { row += "\u{1B}[9m" }
            row.append(character)
        }
        row += "\u{1B}[29m   " + Terminal.reset
        let cardWidth = 3 + (showsTick ? 3 : 0) + characters.count + 3
        let blank = background + String(repeating: " ", count: cardWidth) + Terminal.reset

        let readout =
            "t \(fixed(t, 3)) s   amount \(fixed(value("amount", frame), 3))   opacity \(fixed(opacity, 3))"
            + "   saturation \(fixed(saturation, 3))   scale \(fixed(value("scale", frame), 4))"
            + "   \(Terminal.sanitize(strings.accessibilityValue))"
        return [blank, row, blank, readout]
    }
}
