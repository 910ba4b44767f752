import EffectABI

/// The seed's WordFlow layout: chunks wrapped into rows the way text wraps
/// words at the container's width, with the gap between chunks scaling with
/// the tallest one, each chunk bottom-aligned in its row. The layout is as
/// wide as its widest row, and rows align leading, centre or trailing
/// within that width, as WordFlow places them in the size it reports.
/// Lines stack one per row instead, aligned the same way (the seed's
/// VStack).
///
/// A highlighted chunk carries 2 pt of horizontal padding around its text
/// and a block behind it: pad = round(0.16 h), w + 2 pad wide, 1.04 h tall,
/// offset (−pad, −0.01 h), corner radius 0.24 h.
///
/// On the terminal grid (no measured sizes) a chunk is as many cells wide
/// as its characters take (two for wide ones) and one row tall; the gap is
/// one cell (the seed's round(0.24 · 1) would run words together) and the
/// block covers the chunk's cells exactly.
enum RevealAlignment: String, ParamChoice {
    case leading, center, trailing
}

struct WordFlow {
    let chunks: [RevealChunk]
    let stacksLines: Bool
    let alignment: RevealAlignment

    func layout(sizes: [LayoutSize]?, containerWidth: Double) -> Layout {
        let grid = sizes == nil
        let measured = sizes ?? chunks.map { LayoutSize(width: Double(TerminalCells.width(of: $0.text)), height: 1) }
        let padding = chunks.map { $0.highlighted && !grid ? 2.0 : 0 }
        let flowWidths = measured.indices.map { measured[$0].width + 2 * padding[$0] }
        let tallest = measured.map(\.height).max() ?? 0
        let gap = grid ? 1 : (tallest * 0.24).rounded()

        struct Row {
            var indices: [Int] = []
            var width = 0.0
            var height = 0.0
        }
        var rows: [Row] = []
        var row = Row()
        for index in measured.indices {
            let width = flowWidths[index]
            let extended = row.indices.isEmpty ? width : row.width + gap + width
            if !row.indices.isEmpty, stacksLines || extended > containerWidth {
                rows.append(row)
                row = Row()
            }
            row.width = row.indices.isEmpty ? width : row.width + gap + width
            row.height = max(row.height, measured[index].height)
            row.indices.append(index)
        }
        if !row.indices.isEmpty { rows.append(row) }

        let width = rows.map(\.width).max() ?? 0
        var items = [LayoutItem?](repeating: nil, count: measured.count)
        var y = 0.0
        for (rowIndex, row) in rows.enumerated() {
            var x: Double
            switch alignment {
            case .leading: x = 0
            case .center: x = (width - row.width) / 2
            case .trailing: x = width - row.width
            }
            for index in row.indices {
                let size = measured[index]
                let top = y + row.height - size.height
                let left = x + padding[index]
                items[index] = LayoutItem(
                    x: left, y: top, size: size,
                    decoration: chunks[index].highlighted ? block(left, top, size, grid: grid) : nil, row: rowIndex)
                x += flowWidths[index] + gap
            }
            y += row.height
        }
        return Layout(width: width, height: y, items: items.compactMap { $0 })
    }

    private func block(_ x: Double, _ y: Double, _ size: LayoutSize, grid: Bool) -> LayoutRect {
        if grid { return LayoutRect(x: x, y: y, width: size.width, height: size.height) }
        let h = size.height
        let pad = (h * 0.16).rounded()
        return LayoutRect(x: x - pad, y: y - 0.01 * h, width: size.width + 2 * pad, height: 1.04 * h, cornerRadius: 0.24 * h)
    }
}
