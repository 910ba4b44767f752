import Glibc

/// A 2-D affine map: x' = a x + c y + tx, y' = b x + d y + ty.
public struct Affine: Sendable, Equatable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = Affine()

    public static func translation(_ x: Double, _ y: Double) -> Affine { Affine(tx: x, ty: y) }
    public static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, d: y) }
    public static func rotation(degrees: Double) -> Affine {
        let r = degrees * .pi / 180
        return Affine(a: cos(r), b: sin(r), c: -sin(r), d: cos(r))
    }

    /// This map after `other`: first other, then self.
    public func concatenating(_ other: Affine) -> Affine {
        Affine(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b, c: a * other.c + c * other.d,
            d: b * other.c + d * other.d, tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + tx, b * x + d * y + ty) }

    public var determinant: Double { a * d - b * c }

    public var isAxisAligned: Bool { abs(b) < 1e-9 && abs(c) < 1e-9 }

    public var inverted: Affine? {
        let det = determinant
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return Affine(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The box, in this map's output, of `rect` grown by `outset`.
    public func bounds(of rect: DrawRect, outset: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let (left, right) = (rect.x - outset, rect.x + rect.width + outset)
        let (top, bottom) = (rect.y - outset, rect.y + rect.height + outset)
        let (p, q, r, s) = (apply(left, top), apply(right, top), apply(left, bottom), apply(right, bottom))
        return (min(p.x, q.x, r.x, s.x), min(p.y, q.y, r.y, s.y), max(p.x, q.x, r.x, s.x), max(p.y, q.y, r.y, s.y))
    }
}

extension DrawTransform {
    /// The ABI's transform as a map from the group's coordinates to its
    /// parent's: moved by the translation, then turned and scaled about the
    /// anchor.
    public var matrix: Affine {
        Affine.translation(translateX + anchorX, translateY + anchorY)
            .concatenating(.rotation(degrees: rotation))
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.translation(-anchorX, -anchorY))
    }
}
