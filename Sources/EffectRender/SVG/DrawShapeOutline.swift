import EffectHost

extension DrawShape {
    /// The part of the outline drawn, as fractions of its length, clamped
    /// to 0 ≤ start ≤ end ≤ 1.
    public var trim: (start: Double, end: Double) {
        let start = min(1, max(0, trimStart))
        return (start, min(1, max(start, trimEnd)))
    }

    /// Trimmed to nothing, a shape draws nothing (SwiftUI's trim): no fill,
    /// and none of the round caps a zero-length dash would paint.
    public var drawsNothing: Bool { !(min(1, trimEnd) > max(0, trimStart)) }

    /// The length of the outline SVG strokes for this shape, in its own
    /// units: what its trim fractions are fractions of. Dashes are written
    /// in these units rather than with pathLength="1", which librsvg 2.54
    /// ignores (it drew a trimmed tick as a row of dots).
    public var outlineLength: Double {
        let w = abs(frame.width)
        let h = abs(frame.height)
        switch kind {
        case .path: return Self.length(of: segments)
        case .rect: return 2 * (w + h)
        case .roundedRect, .capsule:
            let r = kind == .capsule ? min(w, h) / 2 : min(max(0, cornerRadius), min(w, h) / 2)
            // Each corner's quarter circle replaces two straight runs of r.
            return 2 * (w + h) - (8 - 2 * Double.pi) * r
        case .ellipse:
            // Ramanujan's second approximation: within 1e-4 of the true
            // perimeter at every aspect ratio.
            let (a, b) = (w / 2, h / 2)
            guard a + b > 0 else { return 0 }
            let q = 3 * ((a - b) * (a - b)) / ((a + b) * (a + b))
            return Double.pi * (a + b) * (1 + q / (10 + (4 - q).squareRoot()))
        }
    }

    /// A path's length: its lines, and its cubics as 32 chords each
    /// (within 0.1% of their arc length for the curves effects draw).
    private static func length(of segments: [DrawSegment]) -> Double {
        var total = 0.0
        var (x, y, startX, startY) = (0.0, 0.0, 0.0, 0.0)
        func distance(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
            ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot()
        }
        for segment in segments {
            switch segment {
            case let .move(nx, ny): (x, y, startX, startY) = (nx, ny, nx, ny)
            case let .line(nx, ny):
                total += distance(x, y, nx, ny)
                (x, y) = (nx, ny)
            case let .cubic(nx, ny, x1, y1, x2, y2):
                var (px, py) = (x, y)
                for step in 1...32 {
                    let u = Double(step) / 32
                    let v = 1 - u
                    let qx = v * v * v * x + 3 * v * v * u * x1 + 3 * v * u * u * x2 + u * u * u * nx
                    let qy = v * v * v * y + 3 * v * v * u * y1 + 3 * v * u * u * y2 + u * u * u * ny
                    total += distance(px, py, qx, qy)
                    (px, py) = (qx, qy)
                }
                (x, y) = (nx, ny)
            case .close:
                total += distance(x, y, startX, startY)
                (x, y) = (startX, startY)
            }
        }
        return total
    }
}
