import EffectHost

/// A number in text meant for people: rounded to `places` decimals (times
/// to the millisecond by default), trailing zeros dropped, so "1.211" and
/// "0.321" rather than every digit a double holds. A number too large for
/// that, or not finite, is written in full.
func readable(_ x: Double, places: Int = 3) -> String {
    guard x.isFinite, abs(x) < 1e12 else { return formatNumber(x) }
    var text = TextBuffer(capacity: 24)
    text.append(decimal: x, places: places)
    return text.string
}
