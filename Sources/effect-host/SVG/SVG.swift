/// Small helpers for writing SVG by hand: numbers short and exact enough,
/// text escaped for XML.
enum SVG {
    /// A coordinate: at most 3 decimals, no trailing zeros, never "-0",
    /// never an exponent (SVG's number grammar has none for huge values
    /// written by %g in some renderers).
    static func number(_ x: Double) -> String { fixed(x, decimals: 3) }

    /// A scale, opacity or fraction, where a thousandth is visible: 6 decimals.
    static func precise(_ x: Double) -> String { fixed(x, decimals: 6) }

    private static func fixed(_ x: Double, decimals: Int) -> String {
        guard x.isFinite, abs(x) < 1e12 else { return "0" }
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        let scaled = Int64((abs(x) * unit).rounded())
        if scaled == 0 { return "0" }
        let whole = scaled / Int64(unit)
        var fraction = String(scaled % Int64(unit))
        while fraction.count < decimals { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (x < 0 ? "-" : "") + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
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
