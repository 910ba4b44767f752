/// Colours written as text, one grammar for every reader (a colour param,
/// a render's ground, a CSS colour the renderers paint): "#", "0x" or no
/// prefix, then exactly 6 (opaque) or 8 ASCII hex digits, RRGGBB[AA].
public enum ColorText {
    /// What the grammar accepts, for messages.
    public static let grammar = "#RRGGBB or #RRGGBBAA (hex digits; 0x or no prefix also read)"

    /// The colour as 0xRRGGBBAA, straight alpha; nil for text outside the grammar.
    public static func parse(_ text: String) -> UInt32? {
        var digits = Substring(text)
        if digits.hasPrefix("#") {
            digits = digits.dropFirst()
        } else if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
        }
        // UInt32(_:radix:) alone would take a sign, and Character.isHexDigit full-width digits.
        guard digits.count == 6 || digits.count == 8, digits.utf8.allSatisfy(isASCIIHexDigit), let value = UInt32(digits, radix: 16)
        else { return nil }
        return digits.count == 6 ? value << 8 | 0xFF : value
    }

    /// 0xRRGGBBAA as CSS: "#rrggbb" when opaque (what every SVG viewer
    /// reads), "#rrggbbaa" otherwise.
    public static func css(_ rgba: UInt32) -> String {
        let opaque = rgba & 0xFF == 0xFF
        let hex = String(opaque ? rgba >> 8 : rgba, radix: 16)
        return "#" + String(repeating: "0", count: (opaque ? 6 : 8) - hex.count) + hex
    }

    private static func isASCIIHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
