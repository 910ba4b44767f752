import EffectHost

/// How a display list maps onto a terminal: `points` per braille dot (a
/// cell is 2 × 4 dots), and the measurer that gives text the size it will
/// take there. Text large enough is drawn in the dot font, each font pixel
/// `pixelDots(size)` dots across, so spacing moves in half-cell steps; text
/// too small for that, or that the font has no glyph for, takes whole
/// cells. The measurer and the renderer ask this one type, so every run of
/// text lands where the effect's layout put it.
public final class TerminalScale: TextMeasuring, @unchecked Sendable {
    /// Points per dot.
    public let points: Double

    public init(points: Double) {
        self.points = max(1e-6, points)
    }

    /// Dots per dot-font pixel for text of `size` points: a font pixel is a
    /// tenth of the size (the font's seven cap rows are 0.7 em); 0 when
    /// that is under two dots (glyphs of single dots do not read), and the
    /// text takes cells instead.
    public func pixelDots(_ size: Double) -> Int {
        let pixel = Int(min(4, max(0, (size / (10 * points)).rounded(.down))))
        return pixel >= 2 ? pixel : 0
    }

    /// The dot-font glyph `character` is drawn with at this pixel size, or
    /// nil when it takes cells.
    public func glyph(_ character: Character, pixel: Int) -> [(x: Int, y: Int)]? {
        pixel > 0 ? BitmapFont.dots(character) : nil
    }

    /// The advance of one character drawn with `glyph` (from `glyph(_:pixel:)`),
    /// in points, tracking excluded.
    public func advance(of character: Character, glyph: [(x: Int, y: Int)]?, pixel: Int) -> Double {
        advance(glyph: glyph, cells: glyph == nil ? CellWidth.of(character) : 0, pixel: pixel)
    }

    /// The advance of a glyph, or of a character `cells` cells wide without one.
    private func advance(glyph: [(x: Int, y: Int)]?, cells: Int, pixel: Int) -> Double {
        if glyph != nil { return Double(BitmapFont.advance * pixel) * points }
        return Double(2 * cells) * points
    }

    /// Tracking moves dot-font glyphs; text on the cell grid keeps one cell
    /// a character, whatever the tracking.
    public func tracking(_ tracking: Double, pixel: Int) -> Double { pixel > 0 ? tracking : 0 }

    public func ascent(_ size: Double) -> Double {
        let pixel = pixelDots(size)
        return pixel > 0 ? Double(8 * pixel) * points : 3 * points
    }

    public func descent(_ size: Double) -> Double {
        let pixel = pixelDots(size)
        return pixel > 0 ? Double(3 * pixel) * points : points
    }

    public func measure(_ text: String, size: Double, weight: Double, tracking: Double)
        -> (advance: Double, ascent: Double, descent: Double)?
    {
        let pixel = pixelDots(size)
        var advance = 0.0
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII, the common case, measured byte by byte: each
            // byte a character of one cell, drawn in the font or on a cell.
            let extra = self.tracking(tracking, pixel: pixel)
            for byte in text.utf8 {
                advance += self.advance(glyph: pixel > 0 ? BitmapFont.dots(ascii: byte) : nil, cells: 1, pixel: pixel) + extra
            }
            return (advance, ascent(size), descent(size))
        }
        for character in text {
            let width = self.advance(of: character, glyph: glyph(character, pixel: pixel), pixel: pixel)
            if width > 0 { advance += width + self.tracking(tracking, pixel: pixel) }
        }
        return (advance, ascent(size), descent(size))
    }
}
