import EffectABI

/// ABI 1.1's terminal-grid layout (`layout` with no sizes), superseded
/// since 1.2 by `draw` with a host's measurer, and kept because a minor
/// version cannot remove it: a chunk is as many cells wide as its
/// characters take and one row tall, the gap is one cell (the seed's
/// round(0.24 · 1) would run words together), highlighted chunks keep no
/// padding and their block covers the chunk's cells exactly.
enum TerminalGrid {
    static func layout(_ flow: WordFlow, containerWidth: Double) -> Layout {
        let cells = flow.chunks.map { LayoutSize(width: Double(GridCells.width(of: $0.text)), height: 1) }
        let unpadded = WordFlow(
            chunks: flow.chunks.map { chunk in
                var plain = chunk
                plain.highlighted = false
                return plain
            }, stacksLines: flow.stacksLines, alignment: flow.alignment, direction: flow.direction)
        return unpadded.place(sizes: cells, gap: 1, containerWidth: containerWidth) { box, index in
            flow.chunks[index].highlighted ? LayoutRect(x: box.minX, y: box.minY, width: box.width, height: box.height) : nil
        }
    }
}
