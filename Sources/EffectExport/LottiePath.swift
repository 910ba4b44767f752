import EffectHost
import EffectRender

/// Outlines as Lottie's bezier paths: vertices, with each vertex's in and
/// out tangents relative to it.
public struct LottieContour {
    public var vertices: [(x: Double, y: Double)] = []
    public var ins: [(x: Double, y: Double)] = []
    public var outs: [(x: Double, y: Double)] = []
    public var closed = false

    /// Every number, in order, for fitting keyframes to.
    public var numbers: [Double] {
        var out: [Double] = []
        out.reserveCapacity(vertices.count * 6)
        for k in vertices.indices {
            out += [vertices[k].x, vertices[k].y, ins[k].x, ins[k].y, outs[k].x, outs[k].y]
        }
        return out
    }

    /// The contour with `numbers` (as `numbers` lists them) in place of its own.
    public func with(_ numbers: [Double]) -> LottieContour {
        var out = self
        for k in vertices.indices {
            let n = Array(numbers[(6 * k)..<(6 * k + 6)])
            out.vertices[k] = (n[0], n[1])
            out.ins[k] = (n[2], n[3])
            out.outs[k] = (n[4], n[5])
        }
        return out
    }

    public func json(places: Int) -> JSON {
        func points(_ list: [(x: Double, y: Double)]) -> JSON {
            .array(list.map { .array([.number(rounded($0.x, places)), .number(rounded($0.y, places))]) })
        }
        return .object([("c", .bool(closed)), ("v", points(vertices)), ("i", points(ins)), ("o", points(outs))])
    }

    private mutating func start(_ x: Double, _ y: Double) {
        vertices.append((x, y))
        ins.append((0, 0))
        outs.append((0, 0))
    }

    /// A cubic from the last vertex through the two controls to (x, y).
    private mutating func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        let last = vertices[vertices.count - 1]
        outs[outs.count - 1] = (x1 - last.x, y1 - last.y)
        start(x, y)
        ins[ins.count - 1] = (x2 - x, y2 - y)
    }

    /// Closes the contour; a last vertex on the first becomes the first.
    private mutating func close() {
        closed = true
        guard vertices.count > 1, let first = vertices.first, let last = vertices.last,
            abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
        else { return }
        ins[0] = ins[ins.count - 1]
        vertices.removeLast()
        ins.removeLast()
        outs.removeLast()
    }

    /// A display list's path: one contour per move.
    public static func contours(_ segments: [DrawSegment]) -> [LottieContour] {
        var out: [LottieContour] = []
        var current: LottieContour?
        func finish() {
            if let contour = current, !contour.vertices.isEmpty { out.append(contour) }
            current = nil
        }
        for segment in segments {
            switch segment {
            case let .move(x, y):
                finish()
                current = LottieContour()
                current?.start(x, y)
            case let .line(x, y):
                if current == nil { current = LottieContour(); current?.start(0, 0) }
                current?.start(x, y)
            case let .cubic(x, y, x1, y1, x2, y2):
                if current == nil { current = LottieContour(); current?.start(0, 0) }
                current?.cubic(x1, y1, x2, y2, x, y)
            case .close:
                current?.close()
                finish()
            }
        }
        finish()
        return out
    }

    /// A glyph's outline (font units, y up) at `scale` points a unit, y
    /// down, from its origin; quadratics raised to cubics.
    public static func contours(_ glyph: [ShapedFont.GlyphSegment], scale: Double) -> [LottieContour] {
        // A contour of one point draws nothing.
        contours(ShapeOutline.path(ofGlyph: glyph, x: 0, y: 0, scale: scale)).filter { $0.vertices.count > 1 }
    }

    /// The outline of a shape that is not a path, as every backend draws
    /// it (`ShapeOutline`), so a trim takes the same part of it as in the
    /// SVG frames.
    public static func outline(_ kind: DrawShapeKind, _ rect: DrawRect, cornerRadius: Double) -> LottieContour {
        contours(ShapeOutline.path(kind, rect, cornerRadius: cornerRadius)).first ?? LottieContour()
    }
}

/// `x` to `places` decimals, for files people keep small.
public func rounded(_ x: Double, _ places: Int) -> Double {
    var unit = 1.0
    for _ in 0..<places { unit *= 10 }
    let value = (x * unit).rounded() / unit
    return value == 0 ? 0 : value
}
