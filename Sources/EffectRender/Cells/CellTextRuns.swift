import EffectHost

/// Where the runs of text drawn on the cell grid land, planned before a
/// frame is drawn. A word's gap in points can be under a cell, and two
/// runs must never touch, so a run moves right as far as it must to stay a
/// cell clear of the run before it on its row, unless the layout put it
/// right against that run (words of Chinese or Japanese, which have no
/// spaces between them): it then moves to just after it, left or right;
/// a run drawn again where one already starts
/// (text-reveal's ink copy over its words) lands on it, not beside it. Knowing this first lets a solid fill under the text (a
/// highlight block) move with the runs it is under and keep to their rows.
struct CellTextRuns {
    struct Run {
        /// The column the run's first character is laid out in, and its last.
        let start: Int
        let end: Int
        /// How far it moves right (left, when negative).
        let shift: Int
        /// The middle of its text's box, in dots from the canvas's top.
        let middle: Double
    }

    private(set) var rows: [Int: [Run]] = [:]

    /// Every run of cell text in `list` mapped by `view`. Each row is
    /// planned from left to right, whatever order its runs were drawn in
    /// (a right-to-left word's letters are drawn from the right).
    init(_ list: DisplayList, view: Affine, scale: TerminalScale) {
        var found: [Int: [Found]] = [:]
        for step in DisplayListWalk(list, base: view) {
            guard case let .text(text) = step.kind, let run = Self.find(text, step.state.matrix, scale) else { continue }
            found[run.row, default: []].append(run)
        }
        for (row, runs) in found {
            // Stable: runs at one x (an ink copy over its word) keep their drawing order.
            let ordered = runs.enumerated().sorted { ($0.element.startDots, $0.offset) < ($1.element.startDots, $1.offset) }
            var last: (column: Int, id: UInt32, endDots: Double?)?
            var planned: [Run] = []
            for (_, run) in ordered {
                let shift: Int
                if let earlier = planned.first(where: { $0.start == run.start }) {
                    shift = earlier.shift
                } else if let last, last.id != run.id {
                    let touches = last.endDots.map { Self.touch($0, run.startDots) } ?? false
                    shift = Self.shift(of: run.start, after: last.column, touching: touches)
                } else {
                    shift = 0
                }
                planned.append(Run(start: run.start, end: run.end, shift: shift, middle: run.middle))
                if run.end + shift >= last?.column ?? .min {
                    last = (run.end + shift, run.id, run.endDots)
                } else if let reached = last {
                    last = (reached.column, run.id, reached.endDots)
                }
            }
            rows[row] = planned
        }
    }

    /// How far a run laid out from column `start` moves, after a run on its
    /// row that ends in column `last`: right against it where the layout put
    /// it there (the words of Chinese or Japanese, letters of an Arabic
    /// word), even when that pulls it left, since cell text is narrower than
    /// the picture and a gap would read as a space the text does not have;
    /// else as far right as it must to stay a cell clear.
    static func shift(of start: Int, after last: Int, touching: Bool) -> Int {
        touching ? last + 1 - start : max(0, last + 2 - start)
    }

    /// Whether a run that ends at `end` dots and one that starts at `start` touch.
    static func touch(_ end: Double, _ start: Double) -> Bool { abs(end - start) < 0.01 }

    /// A run found on the grid: its row, the columns its first and last
    /// characters are laid out in, its middle, and where it starts and its
    /// measured advance ends, in dots.
    private struct Found {
        let row: Int
        let start: Int
        let end: Int
        let middle: Double
        let startDots: Double
        let endDots: Double?
        let id: UInt32
    }

    private static func find(_ text: DrawText, _ matrix: Affine, _ scale: TerminalScale) -> Found? {
        guard scale.pixelDots(text.size) == 0 else { return nil }
        var x = text.x
        var first: (row: Int, column: Int)?
        var end = 0
        var middle = 0.0
        for character in CellBidi.visual(text.text) {
            let advance = scale.advance(of: character, glyph: nil, pixel: 0)
            defer { x += advance }
            guard advance > 0, character != " " else { continue }
            let (row, column) = cell(of: text, at: x, advance: advance, matrix)
            if first == nil {
                first = (row, column)
                middle = matrix.apply(x + advance / 2, text.y - text.ascent + (text.ascent + text.descent) / 2).y
            }
            end = column + CellWidth.of(character) - 1
        }
        guard let (row, start) = first else { return nil }
        return Found(
            row: row, start: start, end: end, middle: middle, startDots: matrix.apply(text.x, text.y).x,
            endDots: text.advance > 0 ? matrix.apply(text.x + text.advance, text.y).x : nil, id: text.id)
    }

    /// The cell a character's box centre falls in, unclipped.
    static func cell(of text: DrawText, at x: Double, advance: Double, _ matrix: Affine) -> (row: Int, column: Int) {
        let p = matrix.apply(x + advance / 2, text.y - text.ascent + (text.ascent + text.descent) / 2)
        return (row(ofDots: p.y), Int((matrix.apply(x + advance / 2, text.y).x / 2).rounded(.down)))
    }

    /// The cell row a text box whose middle is `dots` from the top is on. A
    /// box one cell tall centred on the line between two rows (rows of a
    /// paragraph laid out in cell units and centred) has its middle there
    /// give or take a rounding: the tie goes down, the same way for every
    /// row, so rows a cell apart never share one.
    static func row(ofDots dots: Double) -> Int { Int((dots / 4 + 1e-6).rounded(.down)) }

    /// One past the rightmost column any run reaches, moved; 0 for none.
    var reach: Int { rows.values.flatMap { $0.map { $0.end + $0.shift + 1 } }.max() ?? 0 }

    /// How far the run laid out from `column` on `row` moves; nil for none planned there.
    func shift(row: Int, start column: Int) -> Int? {
        rows[row]?.first { $0.start == column }?.shift
    }

    /// The cells of `row` a fill behind its text shows in, where the fill
    /// spans `columns` and `covered` says which columns' centres it covers:
    /// the covered cells of each run, moved with the run, and the cells
    /// between two runs it covers without a break (the space in a
    /// highlighted phrase). Never a cell beside the text: on the cell grid
    /// a block's padding is less than the cell it would take.
    func cells(row: Int, under columns: Range<Int>, covered: (Int) -> Bool) -> [Int] {
        guard let runs = rows[row] else { return [] }
        var cells = Set<Int>()
        // The last run covered, and whether to its end.
        var previous: (run: Run, toItsEnd: Bool)?
        for run in runs where run.end >= columns.lowerBound && run.start < columns.upperBound {
            let shown = (run.start...run.end).filter { columns.contains($0) && covered($0) }
            guard let first = shown.first, let last = shown.last else {
                previous = nil
                continue
            }
            if let previous, previous.toItsEnd, first == run.start, previous.run.start != run.start {
                cells.formUnion((previous.run.end + previous.run.shift + 1)..<(run.start + run.shift))
            }
            cells.formUnion(shown.map { $0 + run.shift })
            previous = (run, last == run.end)
        }
        return cells.sorted()
    }

    /// The rows among `rows` whose text a fill spanning `columns` and
    /// `heights` (dots from the top) is behind: text under it whose middle
    /// it covers. The fill keeps to those rows, where its padding would
    /// reach the rows of other text.
    func textRows(_ rows: Range<Int>, under columns: Range<Int>, heights: ClosedRange<Double>) -> [Int] {
        rows.filter { row in
            self.rows[row]?.contains { $0.start < columns.upperBound && $0.end >= columns.lowerBound && heights.contains($0.middle) } ?? false
        }
    }
}
