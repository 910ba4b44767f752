import EffectHost

extension ShapeOutline {
    /// A glyph's outline (font units, y up) as a display-list path at
    /// `scale` points a unit, y down, from the glyph origin (x, y):
    /// quadratics raised to cubics (controls two thirds of the way to the
    /// quadratic's control), the one conversion every backend uses.
    public static func path(ofGlyph glyph: [ShapedFont.GlyphSegment], x: Double, y: Double, scale: Double) -> [DrawSegment] {
        var segments: [DrawSegment] = []
        segments.reserveCapacity(glyph.count)
        var last = (x: x, y: y)
        func point(_ gx: Double, _ gy: Double) -> (x: Double, y: Double) { (x + gx * scale, y - gy * scale) }
        for segment in glyph {
            switch segment {
            case let .move(gx, gy):
                last = point(gx, gy)
                segments.append(.move(x: last.x, y: last.y))
            case let .line(gx, gy):
                last = point(gx, gy)
                segments.append(.line(x: last.x, y: last.y))
            case let .quadratic(cx, cy, gx, gy):
                let (q, p) = (point(cx, cy), point(gx, gy))
                segments.append(
                    .cubic(
                        x: p.x, y: p.y, x1: last.x + 2 * (q.x - last.x) / 3, y1: last.y + 2 * (q.y - last.y) / 3,
                        x2: p.x + 2 * (q.x - p.x) / 3, y2: p.y + 2 * (q.y - p.y) / 3))
                last = p
            case let .cubic(ax, ay, bx, by, gx, gy):
                let (a, b, p) = (point(ax, ay), point(bx, by), point(gx, gy))
                segments.append(.cubic(x: p.x, y: p.y, x1: a.x, y1: a.y, x2: b.x, y2: b.y))
                last = p
            case .close: segments.append(.close)
            }
        }
        return segments
    }

    /// The corner radius a rounded shape draws with: its own held between
    /// 0 and half the short side, or that half for a capsule; 0 for the rest.
    public static func cornerRadius(_ kind: DrawShapeKind, _ rect: DrawRect, _ cornerRadius: Double) -> Double {
        let short = min(abs(rect.width), abs(rect.height)) / 2
        switch kind {
        case .roundedRect: return min(max(0, cornerRadius), short)
        case .capsule: return short
        case .rect, .path, .ellipse: return 0
        }
    }
}
