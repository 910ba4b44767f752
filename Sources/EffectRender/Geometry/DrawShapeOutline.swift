import EffectHost

extension DrawShape {
    /// The part of the outline drawn, as fractions of its length, clamped
    /// to 0 ≤ start ≤ end ≤ 1.
    public var trim: (start: Double, end: Double) {
        let start = min(1, max(0, trimStart))
        return (start, min(1, max(start, trimEnd)))
    }

    /// The length of the outline SVG strokes for this shape, in its own
    /// units: what its trim fractions are fractions of. Dashes are written
    /// in these units rather than with pathLength="1", which librsvg 2.54
    /// ignores (it drew a trimmed tick as a row of dots).
    public var outlineLength: Double {
        let w = abs(frame.width)
        let h = abs(frame.height)
        switch kind {
        case .path: return ShapeOutline.length(of: segments)
        case .rect: return 2 * (w + h)
        case .roundedRect, .capsule:
            let r = ShapeOutline.cornerRadius(kind, frame, cornerRadius)
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
}
