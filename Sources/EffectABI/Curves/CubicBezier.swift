/// A CSS/SwiftUI timing curve: a cubic Bézier from (0, 0) to (1, 1) through
/// the control points (x1, y1) and (x2, y2), read as progress over time.
///
/// SwiftUI's `.easeInOut`, `.easeIn` and `.easeOut` are exactly these curves,
/// so solving them precisely is what makes a sampled effect match the
/// component frame for frame.
public struct CubicBezier: Sendable, Equatable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// Control x values outside 0...1 would make time run backwards; they are
    /// clamped so the curve stays a function of time.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = clamp01(x1)
        self.y1 = y1
        self.x2 = clamp01(x2)
        self.y2 = y2
    }

    public static let linear = CubicBezier(0, 0, 1, 1)
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The curve's progress at time fraction `x` (clamped to 0...1).
    @inlinable
    public func value(at x: Double) -> Double {
        if !(x > 0) { return 0 }
        if x >= 1 { return 1 }
        return Self.polynomial(solveParameter(for: x), y1, y2)
    }

    /// Finds u with X(u) = x. Newton's method converges in a few steps on
    /// these curves; where the slope flattens (x1 or x2 near 0 or 1) it can
    /// stall, so bisection on the monotonic X takes over.
    @inlinable
    func solveParameter(for x: Double) -> Double {
        let tolerance = 1e-14
        var u = x
        for _ in 0..<8 {
            let error = Self.polynomial(u, x1, x2) - x
            if abs(error) < tolerance { return u }
            let slope = Self.derivative(u, x1, x2)
            if abs(slope) < 1e-9 { break }
            u -= error / slope
            if u < 0 || u > 1 { break }
        }
        var low = 0.0
        var high = 1.0
        u = x
        for _ in 0..<100 {
            let value = Self.polynomial(u, x1, x2)
            if abs(value - x) < tolerance { break }
            if value < x { low = u } else { high = u }
            u = (low + high) / 2
            if high - low < 1e-16 { break }
        }
        return u
    }

    /// B(u) for a Bézier with end points 0 and 1 and control values p1, p2.
    @inlinable
    static func polynomial(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return ((a * u + b) * u + c) * u
    }

    @inlinable
    static func derivative(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return (3 * a * u + 2 * b) * u + c
    }
}
