import EffectABI

/// Approximate advance widths of a system sans-serif (the metrics of
/// Helvetica/Arial, which SF and most Linux sans faces are close to), so a
/// picture can lay text out without a font engine. Drawings pin each text
/// to the width measured here (`textLength`), so their geometry never
/// depends on the fonts of the machine that shows them.
enum TextMetrics {
    /// Advance of each printable ASCII character in 1/1000 em, from space.
    private static let ascii: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space ... /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 ... ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ ... O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P ... _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` ... o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p ... ~
    ]

    /// Width in points of `text` at `size` points; `weight` from 400
    /// (regular) to 700 (bold) widens it a little, as heavier cuts do.
    static func width(of text: String, size: Double, weight: Double = 400) -> Double {
        var thousandths = 0
        for character in text {
            if let ascii = character.asciiValue {
                if ascii >= 0x20, ascii < 0x7F { thousandths += Self.ascii[Int(ascii) - 0x20] }
            } else {
                // East Asian wide characters and emoji take a full em.
                thousandths += TerminalCells.width(of: character) == 2 ? 1000 : 556
            }
        }
        let heavier = 1 + 0.06 * max(0, min(300, weight - 400)) / 300
        return Double(thousandths) / 1000 * size * heavier
    }

    /// A line's height for a font size: ascent plus descent, as SwiftUI
    /// reports for the system font.
    static func lineHeight(size: Double) -> Double { (size * 1.193).rounded() }
}
