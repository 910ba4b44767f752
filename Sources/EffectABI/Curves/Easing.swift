import Glibc

/// `x` limited to 0...1; NaN becomes 0 so a bad input can never leak out.
@inlinable
public func clamp01(_ x: Double) -> Double {
    if !(x > 0) { return 0 }
    return x < 1 ? x : 1
}

/// `x` limited to `range`; NaN becomes the lower bound.
@inlinable
public func clamp(_ x: Double, to range: ClosedRange<Double>) -> Double {
    if !(x > range.lowerBound) { return range.lowerBound }
    return x < range.upperBound ? x : range.upperBound
}

/// Linear interpolation from `a` (at 0) to `b` (at 1).
@inlinable
public func lerp(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
    a + (b - a) * fraction
}

/// 1 − (1 − t)⁵ on t clamped to 0...1: fast out, long gentle settle.
@inlinable
public func easeOutQuint(_ t: Double) -> Double {
    let rest = 1 - clamp01(t)
    let square = rest * rest
    return 1 - square * square * rest
}
