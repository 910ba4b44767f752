import EffectHost
import EffectRender

/// Any effect that draws itself, live in a terminal: its picture on the
/// cell grid (CellPicture), on the ground and in the appearance of its
/// theme, and a status line of what its channels name.
struct DrawnView: TerminalView {
    private var picture: CellPicture
    private let status: StatusLine
    private let columns: Int

    /// nil when the effect does not draw.
    init?(instance: EffectInstance, columns: Int, rows: Int, depth: ColorDepth, theme: TerminalTheme) throws(EffectError) {
        let theme = theme.serving(instance.plugin)
        guard
            let picture = try CellPicture(
                instance: instance, columns: columns, rows: rows, depth: depth, ground: theme.ground, paintsGround: theme.paintsGround,
                appearance: theme.appearance)
        else { return nil }
        self.picture = picture
        self.columns = columns
        status = StatusLine(effect: instance.effect)
    }

    mutating func lines(for frame: SampledFrame) throws -> [String] {
        try picture.lines(at: frame.t) + ["", try status.text(for: frame, instance: picture.instance, width: columns)]
    }
}

/// What a frame says in words, from the effect's metadata alone: t, each
/// labelled discrete channel's label, each counter, and the accessibility
/// value.
struct StatusLine {
    let channels: [(index: Int, channel: ChannelDescription)]

    init(effect: EffectDescription) {
        channels = effect.channels.enumerated().compactMap { index, channel in
            channel.isCounter || (channel.isDiscrete && !channel.labels.isEmpty) ? (index, channel) : nil
        }
    }

    /// The words that fit in `width` cells, whole: what does not fit is left out, never cut.
    func text(for frame: SampledFrame, instance: EffectInstance, width: Int) throws -> String {
        var parts = ["t \(fixed(frame.t, 3)) s"]
        for (index, channel) in channels {
            let value = frame.values[index]
            if channel.isCounter {
                parts.append("\(Terminal.sanitize(String(channel.name.map { $0 == "_" ? " " : $0 }))) \(fixed(value, 0))")
            } else if let label = channel.label(for: value) {
                parts.append(Terminal.sanitize(label))
            }
        }
        let value = try instance.strings(at: frame.t).accessibilityValue
        if !value.isEmpty { parts.append(Terminal.sanitize(value)) }
        var line = parts[0]
        for part in parts.dropFirst() where TerminalScreen.width(of: line) + 3 + TerminalScreen.width(of: part) <= width {
            line += "   " + part
        }
        return line
    }
}
