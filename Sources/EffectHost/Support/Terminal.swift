import Glibc

/// Terminal facts and the escape sequences the renderers use.
public enum Terminal {
    public static let reset = "\u{1B}[0m"
    public static let clearLine = "\u{1B}[2K"

    /// TERM=dumb: a terminal that takes no escape sequences at all.
    public static var isDumb: Bool { getenv("TERM").map { String(cString: $0) } == "dumb" }

    /// The variables among `names` that are set, with their values.
    public static func environment(_ names: [String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Bidirectional overrides and isolates, zero-width characters and
    /// line separators: invisible, and able to make a line show something
    /// other than what it holds (text that reads backwards, a name that
    /// looks like another).
    private static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// Text from a plugin or a user made safe to print: control characters
    /// (escape sequences included) and invisible format characters are
    /// written as visible \u{...} escapes instead of reaching the terminal.
    public static func sanitize(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isPrintable(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }

    /// Bytes that may not be UTF-8 (a file's name, an argument) as text
    /// that shows each of them: a byte that is not part of a UTF-8
    /// character is written as \xHH (where U+FFFD would stand for any),
    /// the characters as `sanitize` writes them.
    public static func escape(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[index...].makeIterator()
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                out += sanitize(String(Unicode.UTF8.decode(encoded)))
                index += encoded.count
            case let .error(length):
                for byte in bytes[index..<(index + length)] {
                    out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                index += length
            case .emptyInput:
                index = bytes.count
            }
        }
        return out
    }

    /// Whether `scalar` reaches a terminal as itself: not a control
    /// character and not an invisible format character.
    public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        !(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || isInvisibleFormat(scalar.value))
    }
}
