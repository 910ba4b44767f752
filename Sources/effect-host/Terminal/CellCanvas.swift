import EffectABI

/// A terminal picture: braille dots (2 × 4 per cell, the finest grid a
/// terminal can draw), a background colour per cell, and characters on the
/// cell grid. Paint is composited like paint (colour over colour, with
/// alpha) onto a ground colour; a cell shows its character if it has one,
/// else the dots that carry enough paint, in their average colour.
struct CellCanvas {
    let columns: Int
    let rows: Int
    let ground: RGB
    var width: Int { columns * 2 }
    var height: Int { rows * 4 }

    // Dots: paint over nothing, premultiplied.
    private var red: [Double]
    private var green: [Double]
    private var blue: [Double]
    private var alpha: [Double]
    private var backgrounds: [RGB]
    private var characters: [(character: Character, color: RGB)?]

    init(columns: Int, rows: Int, ground: RGB) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.ground = ground
        let dots = self.columns * 2 * self.rows * 4
        red = Array(repeating: 0, count: dots)
        green = red
        blue = red
        alpha = red
        backgrounds = Array(repeating: ground, count: self.columns * self.rows)
        characters = Array(repeating: nil, count: self.columns * self.rows)
    }

    /// Lays `color` at `opacity` over whatever dot (x, y) holds.
    mutating func paint(x: Int, y: Int, color: RGB, opacity: Double) {
        guard x >= 0, y >= 0, x < width, y < height, opacity > 0 else { return }
        let index = y * width + x
        let a = min(1, opacity)
        let keep = 1 - a
        red[index] = Double(color.r) * a + red[index] * keep
        green[index] = Double(color.g) * a + green[index] * keep
        blue[index] = Double(color.b) * a + blue[index] * keep
        alpha[index] = a + alpha[index] * keep
    }

    /// Lays `color` at `opacity` over cell (column, row)'s background.
    mutating func fill(column: Int, row: Int, color: RGB, opacity: Double) {
        guard column >= 0, row >= 0, column < columns, row < rows, opacity > 0 else { return }
        let index = row * columns + column
        backgrounds[index] = color.over(backgrounds[index], opacity: opacity)
    }

    /// Puts `character` in cell (column, row) in `color` at `opacity` over
    /// the cell's background; a wide character takes the next cell too.
    mutating func put(_ character: Character, column: Int, row: Int, color: RGB, opacity: Double, cells: Int) {
        guard row >= 0, row < rows, column >= 0, column + cells <= columns, opacity > 0 else { return }
        let index = row * columns + column
        characters[index] = (character, color.over(backgrounds[index], opacity: opacity))
        for extra in 1..<max(1, cells) { characters[index + extra] = (" ", ground) }
        // Text covers what was drawn before it; dots drawn over it later
        // show as a line through it.
        for cell in 0..<max(1, cells) { clearDots(column: column + cell, row: row) }
    }

    private mutating func clearDots(column: Int, row: Int) {
        for dy in 0..<4 {
            for dx in 0..<2 {
                let index = (row * 4 + dy) * width + column * 2 + dx
                (red[index], green[index], blue[index], alpha[index]) = (0, 0, 0, 0)
            }
        }
    }

    /// One string per cell row, with 24-bit colours. Dots with less than
    /// `threshold` alpha stay off.
    func lines(threshold: Double = 0.12) -> [String] {
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            var lastForeground: RGB?
            var lastBackground: RGB?
            var column = 0
            while column < columns {
                let cell = row * columns + column
                let background = backgrounds[cell]
                if background != lastBackground { line += Terminal.background(background) }
                lastBackground = background
                if let (character, color) = characters[cell] {
                    if color != lastForeground { line += Terminal.foreground(color) }
                    lastForeground = color
                    // A line drawn over the character (a strike) is the
                    // terminal's own strikethrough.
                    let struck = (0..<8).contains { dot in alpha[(row * 4 + dot / 2) * width + column * 2 + dot % 2] >= threshold }
                    line += struck ? "\u{1B}[9m" + String(character) + "\u{1B}[29m" : String(character)
                    column += character == " " ? 1 : max(1, CellWidth.of(character))
                    continue
                }
                var pattern: UInt32 = 0
                var sum = (r: 0.0, g: 0.0, b: 0.0, n: 0.0)
                for dy in 0..<4 {
                    for dx in 0..<2 {
                        let index = (row * 4 + dy) * width + column * 2 + dx
                        let a = alpha[index]
                        guard a >= threshold else { continue }
                        pattern |= bits[dy][dx]
                        // The dot's paint over the cell's background.
                        sum.r += red[index] + Double(background.r) * (1 - a)
                        sum.g += green[index] + Double(background.g) * (1 - a)
                        sum.b += blue[index] + Double(background.b) * (1 - a)
                        sum.n += 1
                    }
                }
                if pattern != 0, let glyph = Unicode.Scalar(0x2800 + pattern) {
                    let color = RGB(Int(sum.r / sum.n), Int(sum.g / sum.n), Int(sum.b / sum.n))
                    if color != lastForeground { line += Terminal.foreground(color) }
                    lastForeground = color
                    line.unicodeScalars.append(glyph)
                } else {
                    line += " "
                }
                column += 1
            }
            lines.append(line + Terminal.reset)
        }
        return lines
    }
}
