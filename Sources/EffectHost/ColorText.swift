/// A colour written as text: the one grammar the host reads colours in,
/// for params, grounds and the C API alike.
public enum ColorText {
    /// What the grammar accepts, for messages.
    public static let grammar = "#RRGGBB or #RRGGBBAA (hex digits; 0x or no prefix also read)"

    /// #RRGGBB (opaque) or #RRGGBBAA as 0xRRGGBBAA, straight alpha; "0x" or
    /// no prefix in place of "#" is read too. Nil for anything else.
    public static func parse(_ text: String) -> UInt32? {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() } else if digits.hasPrefix("0x") { digits = digits.dropFirst(2) }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        return digits.count == 6 ? value << 8 | 0xFF : value
    }
}
