import EffectHost

/// The two things SVG text needs beyond numbers: XML escaping and colours.
extension TextBuffer {
    /// Text for element content or an attribute value. Characters XML 1.0
    /// cannot hold at all (most C0 controls) are dropped.
    public mutating func append(escaped text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"": append("&quot;")
            case "'": append("&apos;")
            case "\t", "\n", "\r": append(byte: UInt8(scalar.value))
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                UTF8.encode(scalar) { append(byte: $0) }
            }
        }
    }

    /// An RGBA colour as #RRGGBB, with its alpha left to an opacity attribute.
    public mutating func append(color rgba: UInt32) {
        append(byte: UInt8(ascii: "#"))
        for shift in stride(from: 28, through: 8, by: -4) {
            let digit = UInt8((rgba >> UInt32(shift)) & 0xF)
            append(byte: digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}

/// Attributes, each written as ` name="value"`, and coordinate pairs.
extension TextBuffer {
    /// Two coordinates, "x y".
    public mutating func append(pair x: Double, _ y: Double) {
        append(number: x)
        append(byte: 0x20)
        append(number: y)
    }

    /// A coordinate, as `append(number:)` writes it.
    public mutating func attribute(_ name: StaticString, _ value: Double) { attribute(name) { $0.append(number: value) } }

    /// A scale, opacity or fraction, as `append(precise:)` writes it.
    public mutating func attribute(_ name: StaticString, precise value: Double) { attribute(name) { $0.append(precise: value) } }

    public mutating func attribute(_ name: StaticString, integer value: Int) { attribute(name) { $0.append(integer: value) } }

    public mutating func attribute(_ name: StaticString, _ value: StaticString) { attribute(name) { $0.append(value) } }

    /// A value that is markup already (a font stack, a colour name).
    public mutating func attribute(_ name: StaticString, markup value: String) { attribute(name) { $0.append(value) } }

    public mutating func attribute(_ name: StaticString, color rgba: UInt32) { attribute(name) { $0.append(color: rgba) } }

    /// The id of definition `number` of the frame, `prefixNUMBER`.
    public mutating func attribute(_ name: StaticString, definition prefix: StaticString, _ number: Int) {
        attribute(name) {
            $0.append(prefix)
            $0.append(integer: number)
        }
    }

    /// A reference to definition `number` of the frame, `url(#prefixNUMBER)`.
    public mutating func attribute(_ name: StaticString, url prefix: StaticString, _ number: Int) {
        attribute(name) {
            $0.append("url(#")
            $0.append(prefix)
            $0.append(integer: number)
            $0.append(")")
        }
    }

    private mutating func attribute(_ name: StaticString, _ value: (inout TextBuffer) -> Void) {
        append(byte: 0x20)
        append(name)
        append("=\"")
        value(&self)
        append(byte: 0x22)
    }
}
