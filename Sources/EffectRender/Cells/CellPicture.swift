import CEffect
import EffectHost

/// Any effect that draws itself, on a terminal's cells: its display list
/// at each t rasterised onto the cell grid at one scale for the whole run,
/// fitted to the space given, on a ground and in an appearance.
public struct CellPicture {
    public let instance: EffectInstance
    private let scale: TerminalScale
    private let proposal: Double?
    private let canvasColumns: Int
    private let canvasRows: Int
    private let origin: (x: Double, y: Double)
    private let depth: ColorDepth
    private let appearance: Appearance
    /// Redrawn every frame, allocated once.
    private var canvas: CellCanvas
    /// The last frame's list and its picture: a frame that draws the same
    /// list (a settled effect, a hold) is not rasterised again.
    private var last: (items: [DrawItem], lines: [String])?

    /// At most `columns` × `rows` cells, on `ground` (which the terminal's
    /// own background stands for where nothing covers it, unless
    /// `paintsGround`); nil when the effect does not draw.
    public init?(
        instance: EffectInstance, columns: Int, rows: Int, depth: ColorDepth, ground: RGB, paintsGround: Bool, appearance: Appearance
    ) throws(EffectError) {
        guard instance.plugin.canDraw else { return nil }
        let probe: DisplayList
        do {
            probe = try instance.draw(at: 0)
        } catch where error.status == EFFECT_ERR_UNSUPPORTED {
            return nil
        }
        self.instance = instance
        let dotsWide = Double(max(8, columns - 2) * 2)
        let dotsHigh = Double(max(2, rows - 3) * 4)
        // Text sets the scale where there is any: its font pixels two dots
        // across, so spacing moves by half a cell; otherwise the drawing
        // fills the terminal.
        let largestText = probe.items.reduce(0.0) { size, item in
            if case let .text(text) = item { max(size, text.size) } else { size }
        }
        var points =
            largestText > 0
            ? largestText / 20 : max(probe.bounds.width / dotsWide, probe.bounds.height / dotsHigh, 1e-3)
        var scale = TerminalScale(points: points)
        var proposal: Double? = largestText > 0 ? dotsWide * points : nil
        var list = try instance.draw(at: 0, width: proposal, measurer: scale)
        for _ in 0..<4 {
            // The ink the effect draws beyond its frame must fit too: an
            // effect that lays out to the width offered gets that much less.
            let margin = list.bounds.width - list.width
            if let width = proposal, list.bounds.width > dotsWide * points, margin > 0, width > dotsWide * points - margin {
                proposal = max(points, dotsWide * points - margin)
                list = try instance.draw(at: 0, width: proposal, measurer: scale)
            }
            let needed = max(list.bounds.width / dotsWide, list.bounds.height / dotsHigh)
            // Bounds are generous (the entrance's flare, blur, overshoot):
            // a tenth of them clipped at the edges keeps text in the dot
            // font, where giving the scale up would put it on cells.
            guard needed > points * (largestText > 0 ? 1.1 : 1.0001) else { break }
            points = needed
            scale = TerminalScale(points: points)
            if proposal != nil { proposal = dotsWide * points }
            list = try instance.draw(at: 0, width: proposal, measurer: scale)
        }
        self.scale = scale
        self.proposal = proposal
        let bounds = list.bounds
        // Text on the cell grid takes a cell between words where the layout
        // may have left less, so it can reach past the bounds: the canvas
        // holds as far as it reaches, where the terminal has the room.
        let cellText = CellTextRuns(list, view: Affine.scale(1 / points, 1 / points).concatenating(.translation(-bounds.x, -bounds.y)), scale: scale)
        let taken = max(Int((bounds.width / points / 2).rounded(.up)), cellText.reach)
        canvasColumns = min(Int(dotsWide) / 2, taken + 2)
        canvasRows = min(Int(dotsHigh) / 4, Int((bounds.height / points / 4).rounded(.up)) + 1)
        // Centre the ink on the canvas.
        origin = (
            bounds.x - Double(max(0, canvasColumns - taken)) * points,
            bounds.y - (Double(canvasRows * 4) * points - bounds.height) / 2
        )
        self.depth = depth
        self.appearance = appearance
        canvas = CellCanvas(columns: canvasColumns, rows: canvasRows, ground: ground, paintsGround: paintsGround)
    }

    /// The picture at `t`, a line of cells per row, with the colour escapes of `depth`.
    public mutating func lines(at t: Double) throws(EffectError) -> [String] {
        let list = try instance.draw(at: t, width: proposal, measurer: scale, appearance: appearance)
        let picture: [String]
        if let last, last.items == list.items {
            picture = last.lines
        } else {
            canvas.clear()
            DisplayListRaster(scale: scale, origin: origin).draw(list, on: &canvas)
            picture = canvas.lines(depth: depth)
            last = (list.items, picture)
        }
        return picture
    }
}
