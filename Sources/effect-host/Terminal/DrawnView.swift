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
        // The words may land on the screen's last row, which is kept short
        // of its last column.
        try picture.lines(at: frame.t) + [""] + status.lines(for: frame, instance: picture.instance, width: max(1, columns - 1))
    }
}
