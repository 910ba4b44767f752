import EffectABI

/// Row alignment in the layout, like multilineTextAlignment.
enum RevealAlignment: String, ParamChoice {
    case leading, center, trailing

    /// Where a row `rowWidth` wide starts in a layout `width` wide.
    func start(ofRow rowWidth: Double, in width: Double) -> Double {
        switch self {
        case .leading: 0
        case .center: (width - rowWidth) / 2
        case .trailing: width - rowWidth
        }
    }
}

/// The seed's WordFlow layout: chunks wrapped into rows the way text wraps
/// words at the container's width, with the gap between chunks scaling with
/// the tallest one, each chunk bottom-aligned in its row. The layout is as
/// wide as its widest row, and rows align leading, centre or trailing
/// within that width, as WordFlow places them in the size it reports.
/// Lines stack one per row instead, aligned the same way (the seed's
/// VStack). A right-to-left text (Arabic, Hebrew) flows from the right
/// edge, as SwiftUI mirrors a custom layout in a right-to-left layout
/// direction: leading is the right, and each row's first chunk is rightmost.
///
/// A highlighted chunk carries 2 pt of horizontal padding around its text
/// and a block behind it: pad = round(0.16 h), w + 2 pad wide, 1.04 h tall,
/// offset (−pad, −0.01 h), corner radius 0.24 h.
///
/// Words that run against the text's direction (an Arabic phrase in an
/// English text, or English in an Arabic one) are shown as UAX #9's rule L2
/// orders them: each stretch of them in a row in reverse, so they read in
/// their own direction, and the units of each from its own leading edge.
struct WordFlow {
    let chunks: [RevealChunk]
    let stacksLines: Bool
    let alignment: RevealAlignment
    let direction: LayoutDirection
    /// Per chunk, whether it runs against `direction` (`ReadingOrder`).
    private let against: [Bool]

    init(chunks: [RevealChunk], stacksLines: Bool, alignment: RevealAlignment, direction: LayoutDirection = .leftToRight) {
        self.chunks = chunks
        self.stacksLines = stacksLines
        self.alignment = alignment
        self.direction = direction
        against = ReadingOrder.against(chunks.map { LayoutDirection.strong($0.text) }, in: direction)
    }

    /// The direction chunk `index` lays its units out in.
    func direction(of index: Int) -> LayoutDirection {
        against[index] ? direction.opposite : direction
    }

    /// The chunk a row shows `offset` places from its leading edge, in
    /// `ReadingOrder`, and the gap before it there.
    func placed(_ offset: Int, in row: Row, gap: Double) -> (index: Int, gap: Double) {
        let (index, gapOf) = ReadingOrder.placed(offset, first: row.first, end: row.end, against: against)
        return (index, gapOf.map { self.gap(before: $0, gap) } ?? 0)
    }

    /// The horizontal padding a chunk keeps in its row.
    func padding(_ chunk: Int) -> Double { chunks[chunk].highlighted ? 2 : 0 }

    /// One row: the chunks first ..< end, its width (padding and gaps
    /// included) and its height.
    struct Row {
        var first: Int
        var end: Int
        var width: Double
        var height: Double
    }

    /// The rows one after another, each found from the chunks' sizes alone,
    /// so a caller that measures as it goes needs no storage.
    struct Rows {
        let flow: WordFlow
        let gap: Double
        let containerWidth: Double
        private var next = 0

        init(_ flow: WordFlow, gap: Double, containerWidth: Double) {
            self.flow = flow
            self.gap = gap
            self.containerWidth = containerWidth
        }

        mutating func next(size: (Int) -> Size) -> Row? {
            guard next < flow.chunks.count else { return nil }
            var row = Row(first: next, end: next, width: 0, height: 0)
            while row.end < flow.chunks.count {
                let measured = size(row.end)
                let width = measured.width + 2 * flow.padding(row.end)
                let extended = row.end == row.first ? width : row.width + flow.gap(before: row.end, gap) + width
                if row.end > row.first, flow.stacksLines || extended > containerWidth { break }
                row.width = extended
                row.height = max(row.height, measured.height)
                row.end += 1
            }
            next = row.end
            return row
        }
    }

    /// The gap before chunk `index` in its row: `gap`, or none for a word
    /// that follows the one before with no space (Chinese, Japanese, Thai).
    func gap(before index: Int, _ gap: Double) -> Double {
        chunks[index].joinsPrevious ? 0 : gap
    }

    /// The gap between chunks: round(0.24 × the tallest chunk).
    func gap(size: (Int) -> Size) -> Double {
        var tallest = 0.0
        for index in chunks.indices { tallest = max(tallest, size(index).height) }
        return (tallest * 0.24).rounded()
    }

    /// The layout's width (its widest row) and height (all rows).
    func extent(gap: Double, containerWidth: Double, size: (Int) -> Size) -> Size {
        var rows = Rows(self, gap: gap, containerWidth: containerWidth)
        var extent = Size.zero
        while let row = rows.next(size: size) {
            extent.width = max(extent.width, row.width)
            extent.height += row.height
        }
        return extent
    }

    /// The block behind a highlighted chunk whose text box is `box`.
    static func block(around box: Rect) -> (rect: Rect, cornerRadius: Double) {
        let h = box.height
        let pad = (h * 0.16).rounded()
        return (Rect(x: box.minX - pad, y: box.minY - 0.01 * h, width: box.width + 2 * pad, height: 1.04 * h), 0.24 * h)
    }

    /// ABI 1.1's `layout`: the chunks placed from sizes the caller measured.
    func layout(sizes: [LayoutSize], containerWidth: Double) -> Layout {
        place(sizes: sizes, gap: gap(size: { Size(width: sizes[$0].width, height: sizes[$0].height) }), containerWidth: containerWidth) {
            box, index in
            guard chunks[index].highlighted else { return nil }
            let block = Self.block(around: box)
            return LayoutRect(
                x: block.rect.minX, y: block.rect.minY, width: block.rect.width, height: block.rect.height,
                cornerRadius: block.cornerRadius)
        }
    }

    /// The layout items for measured sizes, a gap and a decoration for each
    /// placed box.
    func place(
        sizes: [LayoutSize], gap: Double, containerWidth: Double, decoration: (Rect, Int) -> LayoutRect?
    ) -> Layout {
        let size = { (index: Int) in Size(width: sizes[index].width, height: sizes[index].height) }
        let width = extent(gap: gap, containerWidth: containerWidth, size: size).width
        var items: [LayoutItem] = []
        var rows = Rows(self, gap: gap, containerWidth: containerWidth)
        var y = 0.0
        var rowIndex = 0
        while let row = rows.next(size: size) {
            var x = alignment.start(ofRow: row.width, in: width)
            for offset in 0..<(row.end - row.first) {
                let (index, gapBefore) = placed(offset, in: row, gap: gap)
                x += gapBefore
                let box = Rect(
                    x: direction.x(leading: x + padding(index), width: sizes[index].width, in: width),
                    y: y + row.height - sizes[index].height, width: sizes[index].width, height: sizes[index].height)
                items.append(
                    LayoutItem(x: box.minX, y: box.minY, size: sizes[index], decoration: decoration(box, index), row: rowIndex))
                x += sizes[index].width + 2 * padding(index)
            }
            y += row.height
            rowIndex += 1
        }
        return Layout(width: width, height: y, items: items)
    }
}
