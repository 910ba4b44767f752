/// A number written in decimal, as people and the docs write one: an
/// optional sign, digits with an optional point, an optional exponent.
/// Swift's `Double(_:)` also reads hexadecimal (`0x10` is 16), `nan` and
/// `inf`, which a command line or an environment variable should refuse
/// rather than take as something the user did not mean.
public enum DecimalNumber {
    public static func parse(_ text: String) -> Double? {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let whole = bytes.prefix(while: isDigit).count
        bytes = bytes.dropFirst(whole)
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fraction)
        }
        guard whole + fraction > 0 else { return nil }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit).count
            guard exponent > 0 else { return nil }
            bytes = bytes.dropFirst(exponent)
        }
        guard bytes.isEmpty else { return nil }
        return Double(text)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
