import EffectHost

/// A box in device space that holds all the ink of a run of display-list
/// items drawn under `matrix`: what a layer needs to hold, generously
/// around the items' geometry (DisplayListInk): a miter's reach for
/// strokes, a whole em around text, for glyphs that overhang their
/// measured box.
enum InkBounds {
    typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    static func of(_ items: [DrawItem], _ range: Range<Int>, _ matrix: Affine, fonts: FontBook?) -> Box? {
        var box: Box?
        // A nested blur spreads ink: its reach in device units, by the index
        // of the blurring group, the reach of those around it included.
        var spread: [Int: Double] = [:]
        func add(_ rect: DrawRect, outset: Double, _ step: DisplayListWalk.Step) {
            let b = step.state.matrix.bounds(of: rect, outset: outset)
            let s = spread[step.parent] ?? 0
            let grown = (b.minX - s, b.minY - s, b.maxX + s, b.maxY + s)
            box = box.map { (min($0.minX, grown.0), min($0.minY, grown.1), max($0.maxX, grown.2), max($0.maxY, grown.3)) } ?? grown
        }
        for step in DisplayListWalk(items, range: range, base: matrix) {
            switch step.kind {
            case let .enter(group, _):
                spread[step.index] = (spread[step.parent] ?? 0) + 3 * max(0, group.blur) / 2 * abs(step.state.matrix.determinant).squareRoot()
            case .leave: break
            case let .shape(shape):
                guard !shape.drawsNothing, let rect = DisplayListInk.outline(of: shape) else { continue }
                add(rect, outset: (shape.stroke?.width ?? 0) * 2, step)
            case let .text(text):
                let em = max(text.size, 0)
                let width = max(text.advance, 0)
                add(DrawRect(x: text.x - em, y: text.y - max(text.ascent, em) - em, width: width + 2 * em, height: max(text.ascent, em) + max(text.descent, em) + 2 * em), outset: 0, step)
            }
        }
        return box
    }
}
