import CEffect
import EffectHost

/// Any effect that draws itself, on a terminal's cells: its display list
/// at each t rasterised onto the cell grid at one scale for the whole run,
/// fitted to the space given, on a ground and in an appearance.
public struct CellPicture {
    public let instance: EffectInstance
    private let scale: TerminalScale
    private let proposal: Double
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
        let largestText = probe.items.reduce(0.0) { size, item in
            if case let .text(text) = item { max(size, text.size) } else { size }
        }
        // The effect's own layout (at the width `render` offers it), scaled
        // to fit, as its component would be drawn smaller: in the dot font
        // where it fits, else on cells; the margin around it given up before
        // the dot font is, and the layout only where even cells cannot hold
        // a line of its text, which then wraps to the terminal.
        let high = Double(max(2, rows - 3) * 4)
        let boxes = [(wide: Double(max(8, columns - 2) * 2), high: high), (wide: Double(max(8, columns) * 2), high: high)]
        var fit: Fit?
        for style in [Fit.Style.dotFont, .cells] {
            for box in boxes where fit == nil {
                fit = try Self.fit(instance, largestText: largestText, probe: probe, box: box, style: style)
            }
        }
        let fitted: Fit
        if let fit { fitted = fit } else { fitted = try Self.wrapped(instance, largestText: largestText, box: boxes[0]) }
        let (scale, proposal, list) = (fitted.scale, fitted.proposal, fitted.list)
        let points = scale.points
        let (dotsWide, dotsHigh) = fitted.box
        self.scale = scale
        self.proposal = proposal
        let bounds = fitted.ink ?? list.bounds
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

    private struct Fit {
        enum Style { case dotFont, cells }
        let scale: TerminalScale
        let proposal: Double
        let list: DisplayList
        let box: (wide: Double, high: Double)
        /// What the terminal shows of the drawing over its motion, where
        /// that, not the whole of its bounds, is what fits.
        var ink: DrawRect?
    }

    /// The scale that fits the drawing, laid out at the width `render`
    /// offers, in `box` (dots), and the list at it; nil when it cannot fit
    /// in `style`. Text sets the scale where there is any: in the dot font,
    /// its smallest (font pixels two dots across, so spacing moves by half a
    /// cell); on cells, a row the height of the text, the rest of the
    /// drawing shrunk until it fits beside the text. A drawing without text
    /// fills the box.
    private static func fit(
        _ instance: EffectInstance, largestText: Double, probe: DisplayList, box: (wide: Double, high: Double), style: Fit.Style
    ) throws(EffectError) -> Fit? {
        func needed(_ list: DisplayList, _ scale: TerminalScale) -> Double {
            max(Self.width(of: list, scale) / box.wide, list.bounds.height / box.high)
        }
        // On cells a character is a cell, however large the scale makes a
        // cell in points: the width offered grows with it, so the text
        // breaks where it does with a row the height of the text (a cell
        // then about as wide as a character of the font), at any scale.
        func proposal(_ points: Double) -> Double {
            FramePicture.defaultProposedWidth * (style == .cells && largestText > 0 ? points / (largestText / 4) : 1)
        }
        func draw(_ points: Double) throws(EffectError) -> (TerminalScale, DisplayList) {
            let scale = TerminalScale(points: points)
            return (scale, try instance.draw(at: 0, width: proposal(points), measurer: scale))
        }
        guard largestText > 0 else {
            guard style == .dotFont else { return nil }
            var points = max(probe.bounds.width / box.wide, probe.bounds.height / box.high, 1e-3)
            var (scale, list) = try draw(points)
            for _ in 0..<4 where needed(list, scale) > points * 1.0001 {
                points = needed(list, scale)
                (scale, list) = try draw(points)
            }
            return Fit(scale: scale, proposal: proposal(points), list: list, box: box)
        }
        if style == .dotFont {
            let (scale, list) = try draw(largestText / 20)
            if needed(list, scale) <= scale.points * 1.0001 { return Fit(scale: scale, proposal: proposal(scale.points), list: list, box: box) }
            // Bounds hold the ink of every moment, drawn faintly or not: an
            // entrance's flare, a blur's reach. What shows may still fit.
            guard let ink = try visibleInk(instance, scale: scale, proposal: proposal(scale.points), bounds: list.bounds),
                max(ink.width / box.wide, ink.height / box.high) <= scale.points * 1.0001
            else { return nil }
            return Fit(scale: scale, proposal: proposal(scale.points), list: list, box: box, ink: ink)
        }
        // On cells a character's width is fixed whatever the scale, so the
        // drawing's size in dots is the text's plus the rest shrinking as
        // the scale grows: steps (secant ones where they help) find a scale
        // where it fits, or that it cannot, when the text alone is too wide;
        // halving then finds the smallest, so the rest is drawn as large as
        // it can be beside the text.
        var points = largestText / 4
        var (scale, list) = try draw(points)
        var previous: (points: Double, excess: Double)?
        var found: (points: Double, scale: TerminalScale, list: DisplayList)?
        for _ in 0..<24 {
            let need = needed(list, scale)
            let excess = need - points
            if excess <= points * 1e-4 {
                found = (points, scale, list)
                break
            }
            var next = need
            if let previous {
                let fall = (previous.excess - excess) / (points - previous.points)
                if fall > 1e-3 { next = max(next, points + excess / fall) }
            }
            guard next.isFinite, next > points, next < largestText * 100 else { return nil }
            previous = (points, excess)
            points = next * 1.0001
            (scale, list) = try draw(points)
        }
        guard var fits = found else { return nil }
        var tooSmall = previous?.points ?? fits.points
        for _ in 0..<6 where tooSmall < fits.points * 0.99 {
            let middle = (tooSmall + fits.points) / 2
            let (scale, list) = try draw(middle)
            if needed(list, scale) <= middle * 1.0001 { fits = (middle, scale, list) } else { tooSmall = middle }
        }
        return Fit(scale: fits.scale, proposal: proposal(fits.points), list: fits.list, box: box)
    }

    /// The box, in points, around what the terminal shows of the drawing
    /// at `scale` over its motion: the cells painted at 48 moments from 0 to
    /// its end (through its entrance and one period, for a loop; its first
    /// minute at most). Ink too faint for a dot to show does not count.
    private static func visibleInk(
        _ instance: EffectInstance, scale: TerminalScale, proposal: Double, bounds: DrawRect
    ) throws(EffectError) -> DrawRect? {
        let points = scale.points
        let horizon: Double
        switch try instance.info().timing {
        case let .ends(at: end): horizon = end
        case let .loops(start: start, period: period): horizon = start + period
        }
        // A margin of cells around the bounds, for text on cells pushed past them.
        let margin = (columns: 8, rows: 2)
        let origin = (x: bounds.x - Double(margin.columns * 2) * points, y: bounds.y - Double(margin.rows * 4) * points)
        var canvas = CellCanvas(
            columns: Int((bounds.width / points / 2).rounded(.up)) + 2 * margin.columns,
            rows: Int((bounds.height / points / 4).rounded(.up)) + 2 * margin.rows, ground: RGB(0, 0, 0))
        let raster = DisplayListRaster(scale: scale, origin: origin)
        var shown: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)?
        let moments = 48
        for index in 0...moments {
            canvas.clear()
            let t = min(max(horizon, 0), 60) * Double(index) / Double(moments)
            raster.draw(try instance.draw(at: t, width: proposal, measurer: scale), on: &canvas)
            guard let painted = canvas.paintedCells() else { continue }
            shown = shown.map {
                (min($0.columns.lowerBound, painted.columns.lowerBound)...max($0.columns.upperBound, painted.columns.upperBound),
                 min($0.rows.lowerBound, painted.rows.lowerBound)...max($0.rows.upperBound, painted.rows.upperBound))
            } ?? painted
        }
        guard let shown else { return nil }
        return DrawRect(
            x: origin.x + Double(shown.columns.lowerBound * 2) * points, y: origin.y + Double(shown.rows.lowerBound * 4) * points,
            width: Double(shown.columns.count * 2) * points, height: Double(shown.rows.count * 4) * points)
    }

    /// How wide the drawing is on the grid, in points: its bounds, or as far
    /// as its text on cells reaches when that is further (a run moves a
    /// cell clear of the run before it, where the layout left less).
    private static func width(of list: DisplayList, _ scale: TerminalScale) -> Double {
        let points = scale.points
        let view = Affine.scale(1 / points, 1 / points).concatenating(.translation(-list.bounds.x, -list.bounds.y))
        return max(list.bounds.width, Double(CellTextRuns(list, view: view, scale: scale).reach * 2) * points)
    }

    /// Text on cells too long for the box on one line, laid out to the
    /// box's width instead, the rest of the drawing scaled to fit.
    private static func wrapped(_ instance: EffectInstance, largestText: Double, box: (wide: Double, high: Double)) throws(EffectError) -> Fit {
        var points = largestText / 4
        var scale = TerminalScale(points: points)
        var proposal = box.wide * points
        var list = try instance.draw(at: 0, width: proposal, measurer: scale)
        for _ in 0..<4 {
            // The ink the effect draws beyond its frame must fit too: an
            // effect that lays out to the width offered gets that much less.
            let margin = list.bounds.width - list.width
            if margin > 0, proposal > box.wide * points - margin {
                proposal = max(points, box.wide * points - margin)
                list = try instance.draw(at: 0, width: proposal, measurer: scale)
            }
            let needed = max(list.bounds.width / box.wide, list.bounds.height / box.high)
            guard needed > points * 1.0001 else { break }
            points = needed
            scale = TerminalScale(points: points)
            proposal = box.wide * points
            list = try instance.draw(at: 0, width: proposal, measurer: scale)
        }
        return Fit(scale: scale, proposal: proposal, list: list, box: box)
    }

    /// The picture at `t`, a line of cells per row, with the colour escapes of `depth`.
    public mutating func lines(at t: Double) throws(EffectError) -> [String] {
        let list = try instance.draw(at: t, width: proposal, measurer: scale, appearance: appearance)
        let picture: [String]
        if let last, DisplayList.sameItems(last.items, list.items) {
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

