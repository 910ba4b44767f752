import EffectHost

/// Small helpers for writing SVG by hand as Strings: numbers short and
/// exact enough, text escaped for XML, all written by `TextBuffer`.
public enum SVG {
    /// A coordinate as `TextBuffer.append(number:)` writes it.
    public static func number(_ x: Double) -> String { formatted { $0.append(number: x) } }

    /// A scale, opacity or fraction as `TextBuffer.append(precise:)` writes it.
    public static func precise(_ x: Double) -> String { formatted { $0.append(precise: x) } }

    public static func escape(_ text: String) -> String { formatted { $0.append(escaped: text) } }

    public static func color(_ rgba: UInt32) -> String { formatted { $0.append(color: rgba) } }

    private static func formatted(_ write: (inout TextBuffer) -> Void) -> String {
        var markup = TextBuffer(capacity: 16)
        write(&markup)
        return markup.string
    }

    public static func alpha(_ rgba: UInt32) -> Double { Double(rgba & 0xFF) / 255 }

    /// Whether a run of text is a right-to-left paragraph of its own (its
    /// first strong letter is Hebrew, Arabic …), as the pixels lay it out.
    /// SVG assumes left to right, so such a run needs direction="rtl", and
    /// text-anchor="end" to keep its left end at x.
    public static func runsRightToLeft(_ text: String) -> Bool { FriBidi.isRightToLeft(text) }

    /// A whole document of `width` × `height` points around `body`.
    public static func document(width: Double, height: Double, background: String?, body: String) -> String {
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(width))\" height=\"\(number(height))\" "
        out += "viewBox=\"0 0 \(number(width)) \(number(height))\">"
        if let background { out += "<rect width=\"100%\" height=\"100%\" fill=\"\(background)\"/>" }
        return out + body + "</svg>"
    }
}
