import EffectHost

/// A box in device space that holds all the ink of a run of display-list
/// items drawn under `matrix`: what a layer needs to hold, generously
/// around the items' geometry (DisplayListInk): a miter's reach for
/// strokes; around text, its glyphs' outlines as the fonts place them, or
/// without fonts a whole em around its measured box, for glyphs that
/// overhang it.
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
                if let fonts, em > 0, let shaped = fonts.shaped(text.text, weight: text.weight, tracking: text.tracking / em) {
                    // The glyphs the fonts draw, where they draw them.
                    guard let ink = shaped.inkBox(size: em) else { continue }
                    add(DrawRect(x: text.x + ink.x, y: text.y + ink.y, width: ink.width, height: ink.height), outset: 0, step)
                } else {
                    // cairo's own text, stretched to the advance when there is one, else as wide as its
                    // glyphs: none is wider than two ems.
                    let width = text.advance > 0 ? text.advance : Double(text.text.unicodeScalars.count) * 2 * em
                    let (above, below) = (max(text.ascent, em) + em, max(text.descent, em) + em)
                    add(DrawRect(x: text.x - em, y: text.y - above, width: width + 2 * em, height: above + below), outset: 0, step)
                }
            }
        }
        return box
    }
}
