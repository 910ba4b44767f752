/// Small helpers for writing SVG by hand: numbers short and exact enough,
/// text escaped for XML.
enum SVG {
    /// A coordinate or value: at most 3 decimals, no trailing zeros, never
    /// "-0", never an exponent (SVG's number grammar has none for huge
    /// values written by %g in some renderers).
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let rounded = (x * 1000).rounded() / 1000
        if rounded == 0 { return "0" }
        let negative = rounded < 0
        let scaled = Int64((abs(rounded) * 1000).rounded())
        let whole = scaled / 1000
        var fraction = String(scaled % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (negative ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Text for element content or an attribute value. Characters XML 1.0
    /// cannot hold at all (most C0 controls) are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An RGBA colour as #RRGGBB, with its alpha left to an opacity attribute.
    static func color(_ rgba: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        var out = "#"
        for shift in [28, 24, 20, 16, 12, 8] as [UInt32] { out.append(digits[Int((rgba >> shift) & 0xF)]) }
        return out
    }

    static func alpha(_ rgba: UInt32) -> Double { Double(rgba & 0xFF) / 255 }

    /// A whole document of `width` × `height` points around `body`.
    static func document(width: Double, height: Double, background: String?, body: String) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" "
        out += "viewBox=\"0 0 \(number(width)) \(number(height))\">"
        if let background { out += "<rect width=\"100%\" height=\"100%\" fill=\"\(background)\"/>" }
        return out + body + "</svg>"
    }
}
