
/// A number in text meant for people: rounded to `places` decimals (times
/// to the millisecond by default), trailing zeros dropped, so "1.211" and
/// "0.321" rather than every digit a double holds. A number too large for
/// that, or not finite, is written in full.
public func readable(_ x: Double, places: Int = 3) -> String {
    guard x.isFinite, abs(x) < 1e12 else { return formatNumber(x) }
    var text = TextBuffer(capacity: 24)
    text.append(decimal: x, places: places)
    return text.string
}

/// `x` with exactly `digits` decimals, for columns that must not jitter;
/// values too large for that come out as Swift writes them.
public func fixed(_ x: Double, _ digits: Int) -> String {
    guard x.isFinite, abs(x) < 1e12 else { return "\(x)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((abs(x) * scale).rounded())
    let whole = scaled / Int64(scale)
    let fraction = String(scaled % Int64(scale))
    let sign = x < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// A byte count for people: bytes, KB, MB or GB (powers of 1,000).
public func readableBytes(_ count: Int) -> String {
    if count < 1000 { return "\(count) bytes" }
    if count < 1_000_000 { return "\(fixed(Double(count) / 1000, 1)) KB" }
    if count < 1_000_000_000 { return "\(fixed(Double(count) / 1_000_000, 1)) MB" }
    return "\(fixed(Double(count) / 1_000_000_000, 1)) GB"
}
