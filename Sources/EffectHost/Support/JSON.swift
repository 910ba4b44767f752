
/// A JSON value, built in memory and written compactly or indented.
public enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public func text(indent: String? = nil) -> String {
        var out = ""
        write(into: &out, indent: indent, depth: 0)
        return out
    }

    private func write(into out: inout String, indent: String?, depth: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(x): out += x ? "true" : "false"
        case let .number(x): out += x.isFinite ? formatNumber(x) : "null"
        case let .integer(x): out += String(x)
        case let .string(x): JSON.quote(x, into: &out)
        case let .array(items):
            out += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { out += "," }
                newline(&out, indent, depth + 1)
                item.write(into: &out, indent: indent, depth: depth + 1)
            }
            if !items.isEmpty { newline(&out, indent, depth) }
            out += "]"
        case let .object(members):
            out += "{"
            for (offset, (key, value)) in members.enumerated() {
                if offset > 0 { out += "," }
                newline(&out, indent, depth + 1)
                JSON.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, indent: indent, depth: depth + 1)
            }
            if !members.isEmpty { newline(&out, indent, depth) }
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: String?, _ depth: Int) {
        guard let indent else { return }
        out += "\n" + String(repeating: indent, count: depth)
    }

    /// Writes `text` as a JSON string. `inScript` also escapes "<" and the
    /// two line separators JavaScript treats as line ends, so the literal is
    /// safe inside an HTML <script> element.
    public static func quote(_ text: String, into out: inout String, inScript: Bool = false) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where inScript: out += "\\u003c"
            case "\u{2028}" where inScript: out += "\\u2028"
            case "\u{2029}" where inScript: out += "\\u2029"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
