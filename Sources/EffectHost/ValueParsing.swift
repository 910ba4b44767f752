/// Reads a param value written as text, the way a command line gives it.
extension ParamDescription {
    public struct ParseError: Error, Sendable {
        public let message: String
    }

    /// number: a decimal number; integer: a whole number; bool: true/false,
    /// yes/no, on/off, 1/0; enum: a choice name; string: taken as is;
    /// colour: #RRGGBB or #RRGGBBAA (0x prefix or none also accepted).
    /// An optional param takes `none` to stay unset. Range checks are left
    /// to the plugin, whose message says what the range is.
    public func parse(_ text: String) throws(ParseError) -> Value {
        if isOptional, type != .string, text == "none" { return .none }
        switch type {
        case .number:
            guard let number = DecimalNumber.parse(text) else { throw fail(text, "a number") }
            return .number(number)
        case .integer:
            guard let integer = Int64(text) else { throw fail(text, "a whole number") }
            return .integer(integer)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw fail(text, "true or false")
            }
        case .choice:
            guard choices.contains(text) else {
                throw ParseError(message: "param '\(name)' has no choice '\(text)' (choices: \(choices.joined(separator: ", ")))")
            }
            return .choice(text)
        case .string:
            return .string(text)
        case .color:
            guard let color = ColorText.parse(text) else { throw fail(text, "a colour such as #8A8F98 or #8A8F98FF") }
            return .color(color)
        }
    }

    private func fail(_ text: String, _ expected: String) -> ParseError {
        ParseError(message: "param '\(name)' needs \(expected), not '\(text)'")
    }
}

extension Value {
    /// The value as the command line would write it.
    public var text: String {
        switch self {
        case .none: "none"
        case let .number(x): formatNumber(x)
        case let .integer(x): String(x)
        case let .bool(x): x ? "true" : "false"
        case let .choice(name): name
        case let .string(text): text
        case let .color(x):
            "#" + String(repeating: "0", count: 8 - String(x, radix: 16).count) + String(x, radix: 16, uppercase: true)
        }
    }
}

/// The shortest text that reads back as the same double, without a
/// trailing ".0" on whole numbers.
public func formatNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
