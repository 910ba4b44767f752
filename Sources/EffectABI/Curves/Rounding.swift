/// `x.rounded()`, to the bit: the nearest whole number, halves away from
/// zero, with the sign of zero, infinities and NaN kept.
///
/// The x86-64 baseline Swift builds for has no SSE4.1 `roundsd`, so
/// `rounded()` is a call into libm, which also makes the sampler spill its
/// registers around it. Adding 2^52 rounds to a whole number (ties to even)
/// in one instruction; a tie that went down is then moved up.
@inlinable
public func roundedHalfAway(_ x: Double) -> Double {
    let magnitude = abs(x)
    // From 2^52 on every double is whole; NaN fails the comparison too.
    guard magnitude < 0x1p52 else { return x }
    var whole = (magnitude + 0x1p52) - 0x1p52
    if whole - magnitude == -0.5 { whole += 1 }
    return Double(signOf: x, magnitudeOf: whole)
}
