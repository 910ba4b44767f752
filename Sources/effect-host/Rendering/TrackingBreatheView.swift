import EffectHost

/// tracking-breathe in a terminal: the text in a dot font on a braille
/// canvas, so its letter-spacing moves in half-cell steps, shifted by
/// `offset_x` as the component does, centred, with its opacity as a grey
/// level. Each font pixel is 2 × 2 dots and stands for a tenth of the font
/// size (the font's seven cap-height rows are 0.7 em), so one dot of
/// spacing is 1.7 pt at the default 34 pt. Text the dot font cannot draw is
/// shown as plain characters with spacing rounded to whole cells.
struct TrackingBreatheView: TerminalView {
    let instance: EffectInstance
    private let columns: Int
    private let pointsPerDot: Double
    private let channel: [String: Int]

    private static let ink = RGB(236, 236, 236)
    /// Dots per font pixel, each way.
    private static let pixel = 2

    init(instance: EffectInstance, terminalColumns: Int) throws {
        self.instance = instance
        columns = max(20, terminalColumns - 1)
        let fontSize: Double
        if case let .number(size) = try instance.value(of: "font_size", at: 0) { fontSize = size } else { fontSize = 34 }
        pointsPerDot = fontSize / 10 / Double(Self.pixel)
        channel = Dictionary(uniqueKeysWithValues: instance.effect.channels.enumerated().map { ($1.name, $0) })
    }

    private func value(_ name: String, _ frame: SampledFrame) -> Double {
        channel[name].map { frame.values[$0] } ?? 0
    }

    func lines(for frame: SampledFrame) throws -> [String] {
        let text = try instance.strings(at: frame.t).text
        let tracking = value("tracking", frame)
        let opacity = value("opacity", frame)
        let color = Self.ink.over(RGB(0, 0, 0), opacity: opacity)
        let readout = "t \(fixed(frame.t, 3)) s   tracking \(fixed(tracking, 2)) pt   opacity \(fixed(opacity, 3))"
        guard BitmapFont.covers(text) else {
            return plainLines(text, tracking: tracking, offset: value("offset_x", frame), color: color) + ["", readout]
        }
        var canvas = BrailleCanvas(columns: columns, rows: (BitmapFont.height * Self.pixel + 3) / 4 + 1)
        let characters = Array(text)
        // Tracking follows every character, the last one included, so the
        // line is centred with it and then nudged right by offset_x.
        let step = Double(BitmapFont.advance * Self.pixel) + tracking / pointsPerDot
        let lineWidth = Double(characters.count) * step - Double(Self.pixel)
        var x = (Double(canvas.width) - lineWidth) / 2 + value("offset_x", frame) / pointsPerDot
        for character in characters {
            let left = clampedInt(x.rounded(), -canvas.width...(2 * canvas.width))
            for dot in BitmapFont.dots(character) ?? [] {
                for dy in 0..<Self.pixel {
                    for dx in 0..<Self.pixel {
                        canvas.paint(x: left + dot.x * Self.pixel + dx, y: 2 + dot.y * Self.pixel + dy, color: color, opacity: 1)
                    }
                }
            }
            x += step
        }
        return canvas.lines() + ["", readout]
    }

    private func plainLines(_ text: String, tracking: Double, offset: Double, color: RGB) -> [String] {
        let cellPoints = pointsPerDot * 2
        let gap = String(repeating: " ", count: clampedInt((tracking / cellPoints).rounded(), 0...columns))
        let spaced = text.map { Terminal.sanitize(String($0)) }.joined(separator: gap)
        let shift = clampedInt((offset / cellPoints).rounded(), -columns...columns)
        let indent = max(0, (columns - spaced.count) / 2 + shift)
        return [String(repeating: " ", count: indent) + Terminal.foreground(color) + spaced]
    }
}
