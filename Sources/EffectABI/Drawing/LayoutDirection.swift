/// Which way a paragraph runs, as SwiftUI's layoutDirection, read off its
/// text as the Unicode Bidirectional Algorithm reads it (rules P2 and P3):
/// from its first letter of a strong direction. Hebrew, Arabic and the
/// other right-to-left scripts run right to left, and then "leading" is
/// the right-hand edge.
public enum LayoutDirection: Sendable, Equatable {
    case leftToRight, rightToLeft

    /// The direction of `text`'s first paragraph: left to right when it
    /// has no letter at all (digits and punctuation are weak). Text inside
    /// an isolate (U+2066 … U+2069) is skipped, and the marks LRM, RLM and
    /// ALM count as letters of their direction, as rule P2 says.
    public static func of(_ text: String) -> LayoutDirection {
        strong(text) ?? .leftToRight
    }

    /// The direction of `text`'s first letter of a strong direction, read
    /// as `of` reads it; nil when its first paragraph has none (a number,
    /// punctuation).
    public static func strong(_ text: String) -> LayoutDirection? {
        var isolates = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x2029: return nil
            case 0x2066...0x2068: isolates += 1
            case 0x2069: isolates = max(0, isolates - 1)
            case 0x200E where isolates == 0: return .leftToRight
            case 0x200F, 0x061C: if isolates == 0 { return .rightToLeft }
            default:
                guard isolates == 0, ScalarProperties.isAlphabetic(scalar) else { continue }
                return isRightToLeft(scalar) ? .rightToLeft : .leftToRight
            }
        }
        return nil
    }

    /// The other direction.
    public var opposite: LayoutDirection { self == .leftToRight ? .rightToLeft : .leftToRight }

    /// Letters of bidi class R or AL: the blocks of the right-to-left
    /// scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic,
    /// their presentation forms, and the historic scripts of the SMP's
    /// right-to-left ranges).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x1_0800...0x1_0FFF, 0x1_E800...0x1_EFFF: true
        default: false
        }
    }

    /// Where a box `width` wide whose leading edge is `leading` from the
    /// leading side of a span `span` wide sits from the span's left.
    @inlinable
    public func x(leading: Double, width: Double, in span: Double) -> Double {
        self == .leftToRight ? leading : span - leading - width
    }
}
