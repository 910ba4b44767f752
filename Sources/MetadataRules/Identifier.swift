/// The ABI's naming rules: ids are kebab-case, names snake_case, both
/// lowercase ASCII words of letters and digits starting with a letter,
/// joined by single separators. Plugins and the validator share them.
public enum Identifier {
    public static func isKebabCase(_ id: String) -> Bool { isIdentifier(id, separator: UInt8(ascii: "-")) }

    public static func isSnakeCase(_ name: String) -> Bool { isIdentifier(name, separator: UInt8(ascii: "_")) }

    private static func isIdentifier(_ text: String, separator: UInt8) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
            bytes.last != separator
        else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            let isWordByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if !isWordByte && (byte != separator || previous == separator) { return false }
            previous = byte
        }
        return true
    }
}
