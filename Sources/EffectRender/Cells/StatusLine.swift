import EffectHost

/// What a frame says in words under its terminal picture, from the
/// effect's metadata alone: t, each labelled discrete channel's label, each
/// counter, and the accessibility value, three spaces apart.
public struct StatusLine {
    let channels: [(index: Int, channel: ChannelDescription)]
    /// How many rows the words may take.
    public static let maxRows = 2

    public init(effect: EffectDescription) {
        channels = effect.channels.enumerated().compactMap { index, channel in
            channel.isCounter || (channel.isDiscrete && !channel.labels.isEmpty) ? (index, channel) : nil
        }
    }

    /// The words of `frame`, in order, on at most `maxRows` rows of at most
    /// `width` cells: a part that does not fit on a row starts the next; on
    /// the last, what does not fit is left out whole, never cut.
    public func lines(for frame: SampledFrame, instance: EffectInstance, width: Int) throws(EffectError) -> [String] {
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
        return Self.lay(parts, width: width)
    }

    static func lay(_ parts: [String], width: Int) -> [String] {
        var lines = [parts[0]]
        var widths = [Self.width(of: parts[0])]
        for part in parts.dropFirst() {
            let partWidth = Self.width(of: part)
            if widths[widths.count - 1] + 3 + partWidth <= width {
                lines[lines.count - 1] += "   " + part
                widths[widths.count - 1] += 3 + partWidth
            } else if lines.count < Self.maxRows, partWidth <= width {
                lines.append(part)
                widths.append(partWidth)
            }
        }
        return lines
    }

    private static func width(of text: String) -> Int { text.reduce(0) { $0 + CellWidth.of($1) } }
}
