/// Text as SwiftUI's `Text` lays it out over lines: a line break ("\n",
/// "\r\n", U+2028 …) starts a new line, a tab is white space, and a line
/// wider than the width offered wraps at its spaces; a word wider than the
/// width breaks between its characters (grapheme clusters). A
/// right-to-left line (Arabic, Hebrew) starts at the right edge and its
/// words run leftwards. Made once, at create, from a string: it interns
/// each line, word and character, so laying it out and drawing it
/// allocate nothing.
public struct Paragraph: Sendable {
    /// One line between line breaks.
    @usableFromInline struct Line: Sendable {
        /// The whole line, drawn as one run when it fits.
        @usableFromInline let text: CString
        /// Its words: `words[range]`.
        @usableFromInline let words: Range<Int>
        /// Which way it runs, from its first strong letter: its rows start at that edge.
        @usableFromInline let direction: LayoutDirection
        /// Whether some of its words run against `direction`: its rows
        /// then show them in `ReadingOrder`.
        @usableFromInline let mixed: Bool
    }

    /// A word of a line: the characters between spaces.
    @usableFromInline struct Word: Sendable {
        @usableFromInline let text: CString
        /// The spaces before it on its line: kept within a row, dropped
        /// where the row breaks (as trailing white space hangs in SwiftUI).
        @usableFromInline let spacesBefore: Int
        /// Its characters, `pieces[range]`: where it breaks when it is
        /// wider than a row (Arabic letters with their joiners, `CursiveJoining`).
        @usableFromInline let pieces: Range<Int>
    }

    @usableFromInline let lines: [Line]
    @usableFromInline let words: [Word]
    /// Per word, whether it runs against its line's direction.
    @usableFromInline let against: [Bool]
    @usableFromInline let pieces: [CString]
    @usableFromInline let space: CString
    /// The most runs a layout draws: each line whole, or each of its words or their characters.
    public let maxRuns: Int
    /// The first line, or the empty string.
    @usableFromInline let firstLine: CString

    /// `string` as lines and words; tabs become spaces. Words of scripts
    /// written without spaces (Chinese, Japanese, Thai) come from the
    /// host's segmenter in `strings`, with no space between them: a row
    /// may break between any two, and only there.
    public init(_ string: String, strings: StringPool) {
        var lines: [Line] = []
        var words: [Word] = []
        var against: [Bool] = []
        var pieces: [CString] = []
        space = strings.intern(" ")
        let breaks = strings.breaks(of: string)
        for line in Self.lines(of: string) {
            let first = words.count
            var spaces = 0
            var start = line.startIndex
            func endWord(at end: String.Index) {
                guard start < end else { return }
                for word in breaks.words(of: line[start..<end]) {
                    let first = pieces.count
                    // Joined, so an Arabic word broken across rows keeps its letters' forms.
                    for piece in CursiveJoining.joined(CursiveJoining.characters(of: word)) { pieces.append(strings.intern(piece)) }
                    words.append(Word(text: strings.intern(String(word)), spacesBefore: spaces, pieces: first..<pieces.count))
                    spaces = 0
                }
            }
            var index = line.startIndex
            while index < line.endIndex {
                let next = line.index(after: index)
                if Self.breaksAfter(line[index]) {
                    endWord(at: index)
                    spaces += 1
                    start = next
                }
                index = next
            }
            endWord(at: line.endIndex)
            let text = String(line.map { $0 == "\t" ? " " : $0 })
            let direction = LayoutDirection.of(text)
            let strong = words[first...].map { LayoutDirection.strong(String(cString: $0.text.pointer)) }
            let lineAgainst = ReadingOrder.against(strong, in: direction)
            against += lineAgainst
            lines.append(
                Line(
                    text: strings.intern(text), words: first..<words.count, direction: direction,
                    mixed: lineAgainst.contains(true)))
        }
        self.lines = lines
        self.words = words
        self.against = against
        self.pieces = pieces
        // A word is one run, or one a character when it breaks.
        maxRuns = lines.reduce(0) { total, line in total + max(1, words[line.words].reduce(0) { $0 + $1.pieces.count }) }
        firstLine = lines.first?.text ?? .empty
    }

    /// The string's lines, split at every line break Swift's `Character` knows (a CR LF is one).
    static func lines(of string: String) -> [Substring] {
        string.split(omittingEmptySubsequences: false, whereSeparator: ScalarProperties.isNewline)
    }

    /// White space a row may break after: the space, the tab and the
    /// ideographic space; a no-break space (U+00A0, U+202F) and the figure
    /// space hold their neighbours together, as UAX #14 says.
    static func breaksAfter(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{3000}"
    }

    /// One run of a layout: its text, where it starts from its line's
    /// leading edge (the right for a right-to-left line), its row, and its metrics.
    public struct Run {
        public let text: CString
        public let x: Double
        public let direction: LayoutDirection
        public let row: Int
        public let metrics: TextMetrics
        /// Its place among the layout's runs, from 0.
        public let index: Int
    }

    /// Lays the paragraph out in rows no wider than `width` (nil: no
    /// limit), handing each run to `place`, and answers the size of the
    /// rows together and the height of one. With `breakTracking`, the rows
    /// break where they would at that tracking (the runs are still placed
    /// and measured at `tracking`): text whose tracking moves keeps its
    /// rows, and `width` limits them at `breakTracking` only. Allocates
    /// nothing: arrays are read by index, never through a generic
    /// iterator, which allocates in an unoptimised build.
    public func layout(
        width: Double?, font: Font, tracking: Double, breakTracking: Double? = nil, on canvas: inout Canvas,
        _ place: (Run, inout Canvas) -> Void = { _, _ in }
    ) -> (size: Size, lineHeight: Double) {
        // A frame handed back as the width it was sized for may have picked up a rounding.
        let limit = (width ?? .infinity) * (1 + 1e-12) + 1e-9
        let breaking = Breaking(font: font, tracking: tracking, breakTracking: breakTracking ?? tracking)
        var lineHeight = 0.0
        var row = 0
        var widest = 0.0
        var index = 0
        for lineIndex in 0..<lines.count {
            let line = lines[lineIndex]
            defer { row += 1 }
            // The line first, so a measurer's failure names the text; a blank line keeps its height and draws nothing.
            let whole = canvas.measure(line.text, font: font, tracking: tracking)
            if lineIndex == 0 { lineHeight = whole.height }
            guard !line.words.isEmpty else { continue }
            if breaking.advance(line.text, whole, on: &canvas) <= limit {
                place(Run(text: line.text, x: 0, direction: line.direction, row: row, metrics: whole, index: index), &canvas)
                index += 1
                widest = max(widest, whole.advance)
                continue
            }
            let spaceMetrics = canvas.measure(space, font: font, tracking: tracking)
            let spaces = (drawn: spaceMetrics.advance, breaking: breaking.advance(space, spaceMetrics, on: &canvas))
            if line.mixed {
                let reach = layoutMixed(
                    line, limit: limit, spaceAdvance: spaces, breaking: breaking, row: &row, index: &index, on: &canvas, place)
                widest = max(widest, reach)
                continue
            }
            // Where the row has reached, as drawn and at the breaking tracking.
            var (x, reach) = (0.0, 0.0)
            var startsRow = true
            for wordIndex in line.words {
                let word = words[wordIndex]
                let metrics = canvas.measure(word.text, font: font, tracking: tracking)
                let breadth = breaking.advance(word.text, metrics, on: &canvas)
                // A line's leading spaces indent its first row only.
                let indent = startsRow && wordIndex != line.words.lowerBound ? 0.0 : Double(word.spacesBefore)
                let start = (startsRow ? 0 : x) + indent * spaces.drawn
                let reachStart = (startsRow ? 0 : reach) + indent * spaces.breaking
                if reachStart + breadth <= limit || (startsRow && word.pieces.count <= 1) {
                    place(Run(text: word.text, x: start, direction: line.direction, row: row, metrics: metrics, index: index), &canvas)
                    (x, reach, index, startsRow) = (start + metrics.advance, reachStart + breadth, index + 1, false)
                    continue
                }
                if !startsRow {
                    widest = max(widest, x)
                    (row, x, reach, startsRow) = (row + 1, 0, 0, true)
                }
                if breadth <= limit || word.pieces.count <= 1 {
                    place(Run(text: word.text, x: 0, direction: line.direction, row: row, metrics: metrics, index: index), &canvas)
                    (x, reach, index, startsRow) = (metrics.advance, breadth, index + 1, false)
                    continue
                }
                // Wider than a row by itself: broken between its characters, as SwiftUI breaks it.
                for pieceIndex in word.pieces {
                    let piece = pieces[pieceIndex]
                    let pieceMetrics = canvas.measure(piece, font: font, tracking: tracking)
                    let pieceBreadth = breaking.advance(piece, pieceMetrics, on: &canvas)
                    if !startsRow, reach + pieceBreadth > limit {
                        widest = max(widest, x)
                        (row, x, reach) = (row + 1, 0, 0)
                    }
                    place(Run(text: piece, x: x, direction: line.direction, row: row, metrics: pieceMetrics, index: index), &canvas)
                    (x, reach, index, startsRow) = (x + pieceMetrics.advance, reach + pieceBreadth, index + 1, false)
                }
            }
            widest = max(widest, x)
        }
        return (Size(width: widest, height: Double(row) * lineHeight), lineHeight)
    }

    /// The tracking rows break at, beside the one runs are drawn at.
    @usableFromInline struct Breaking {
        @usableFromInline let font: Font
        @usableFromInline let tracking: Double
        @usableFromInline let breakTracking: Double

        @inlinable init(font: Font, tracking: Double, breakTracking: Double) {
            (self.font, self.tracking, self.breakTracking) = (font, tracking, breakTracking)
        }

        /// The advance `text` has where rows break, given what it measures as drawn.
        @inlinable func advance(_ text: CString, _ drawn: TextMetrics, on canvas: inout Canvas) -> Double {
            breakTracking == tracking ? drawn.advance : canvas.measure(text, font: font, tracking: breakTracking).advance
        }
    }

    /// A wrapped line some of whose words run against its direction: each
    /// row is found first, then shown in `ReadingOrder`. Words stay whole
    /// (a word wider than the row has a row of its own). Answers the widest row.
    @usableFromInline
    func layoutMixed(
        _ line: Line, limit: Double, spaceAdvance: (drawn: Double, breaking: Double), breaking: Breaking, row: inout Int,
        index: inout Int, on canvas: inout Canvas, _ place: (Run, inout Canvas) -> Void
    ) -> Double {
        let (font, tracking) = (breaking.font, breaking.tracking)
        let lineStart = line.words.lowerBound
        // A line's leading spaces indent its first row only.
        func gap(before word: Int, startingRow: Bool, space: Double) -> Double {
            startingRow && word != lineStart ? 0 : Double(words[word].spacesBefore) * space
        }
        var widest = 0.0
        var first = lineStart
        while first < line.words.upperBound {
            var end = first
            var width = 0.0
            while end < line.words.upperBound {
                let text = words[end].text
                let advance = breaking.advance(text, canvas.measure(text, font: font, tracking: tracking), on: &canvas)
                let next = width + gap(before: end, startingRow: end == first, space: spaceAdvance.breaking) + advance
                if end > first, next > limit { break }
                (width, end) = (next, end + 1)
            }
            if first > lineStart { row += 1 }
            var x = 0.0
            for offset in 0..<(end - first) {
                let (word, gapOf) = ReadingOrder.placed(offset, first: first, end: end, against: against)
                x +=
                    gapOf.map { gap(before: $0, startingRow: $0 == first, space: spaceAdvance.drawn) }
                    ?? gap(before: first, startingRow: true, space: spaceAdvance.drawn)
                let metrics = canvas.measure(words[word].text, font: font, tracking: tracking)
                place(Run(text: words[word].text, x: x, direction: line.direction, row: row, metrics: metrics, index: index), &canvas)
                (x, index) = (x + metrics.advance, index + 1)
            }
            widest = max(widest, x)
            first = end
        }
        return widest
    }
}
