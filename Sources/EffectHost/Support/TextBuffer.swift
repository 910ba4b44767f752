/// Text built as UTF-8 bytes: an SVG document, a terminal frame. A frame
/// holds thousands of numbers and escapes; formatting each straight into
/// one buffer, rather than through interpolated Strings, is what keeps the
/// generic renderers as fast as the hand-written ones they replaced.
public struct TextBuffer {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public var isEmpty: Bool { bytes.isEmpty }
    public var count: Int { bytes.count }

    /// Empties the buffer and keeps its storage for the next frame.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text as it is: markup already, or a terminal's own characters.
    public mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    public mutating func append(_ other: TextBuffer) { bytes.append(contentsOf: other.bytes) }

    public mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Three bytes at once: a character of the Basic Multilingual Plane.
    public mutating func append(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) {
        withUnsafeBytes(of: (b0, b1, b2)) { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ character: Character) { bytes.append(contentsOf: character.utf8) }

    public mutating func append(integer value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), minimumCount: 1)
    }

    /// A coordinate: at most 3 decimals, no trailing zeros, never "-0",
    /// never an exponent (SVG's number grammar has none for huge values
    /// written by %g in some renderers); 0 for what is not finite.
    public mutating func append(number x: Double) { append(decimal: x, places: 3) }

    /// A scale, opacity or fraction, where a thousandth is visible: 6 decimals.
    public mutating func append(precise x: Double) { append(decimal: x, places: 6) }

    /// `x` rounded to `places` decimals (0 to 6), trailing zeros dropped,
    /// never "-0"; 0 for what is not finite or not under 1e12.
    public mutating func append(decimal x: Double, places: Int) {
        let decimals = min(6, max(0, places))
        guard x.isFinite, abs(x) < 1e12 else { return bytes.append(UInt8(ascii: "0")) }
        var unit: UInt64 = 1
        for _ in 0..<decimals { unit *= 10 }
        let scaled = UInt64((abs(x) * Double(unit)).rounded())
        guard scaled != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if x < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(scaled / unit, minimumCount: 1)
        var fraction = scaled % unit
        guard fraction != 0 else { return }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        appendDigits(fraction, minimumCount: digits)
    }

    private mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
        // A UInt64 has at most 20 digits: scratch on the stack, so nothing allocates.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { digits in
            var count = 0
            var rest = value
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest != 0
            while count < min(minimumCount, digits.count) {
                digits[count] = UInt8(ascii: "0")
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[index]) }
        }
    }
}
