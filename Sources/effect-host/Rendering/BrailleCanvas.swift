/// A canvas of braille dots, 2 × 4 per character cell: the finest grid a
/// terminal can draw. Dots are composited like paint (colour over colour,
/// with alpha); each cell shows the dots that carry enough paint, in their
/// average colour.
struct BrailleCanvas {
    let columns: Int
    let rows: Int
    var width: Int { columns * 2 }
    var height: Int { rows * 4 }

    private var red: [Double]
    private var green: [Double]
    private var blue: [Double]
    private var alpha: [Double]

    init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        let count = self.columns * 2 * self.rows * 4
        red = Array(repeating: 0, count: count)
        green = red
        blue = red
        alpha = red
    }

    /// Lays `color` at `opacity` over whatever the dot holds.
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

    /// One string per cell row. Dots with less than `threshold` alpha stay
    /// off. A cell shows its lit dots' mean colour at a brightness that
    /// follows their alpha, lifted so the faintest paint stays visible on a
    /// dark terminal.
    func lines(threshold: Double = 0.05) -> [String] {
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            var lastColor: RGB?
            for column in 0..<columns {
                var pattern: UInt32 = 0
                var sum = (r: 0.0, g: 0.0, b: 0.0, n: 0.0)
                for dy in 0..<4 {
                    for dx in 0..<2 {
                        let index = (row * 4 + dy) * width + column * 2 + dx
                        guard alpha[index] >= threshold else { continue }
                        pattern |= bits[dy][dx]
                        sum = (sum.r + red[index], sum.g + green[index], sum.b + blue[index], sum.n + 1)
                    }
                }
                guard pattern != 0, let glyph = Unicode.Scalar(0x2800 + pattern) else {
                    line += " "
                    continue
                }
                var coverage = 0.0
                for dy in 0..<4 {
                    for dx in 0..<2 { coverage += alpha[(row * 4 + dy) * width + column * 2 + dx] }
                }
                let meanAlpha = min(1, coverage / sum.n)
                let brightness = (0.3 + 0.7 * meanAlpha) / meanAlpha
                let color = RGB(
                    Int(min(255, sum.r / sum.n * brightness)), Int(min(255, sum.g / sum.n * brightness)),
                    Int(min(255, sum.b / sum.n * brightness)))
                if color != lastColor { line += Terminal.foreground(color) }
                lastColor = color
                line.unicodeScalars.append(glyph)
            }
            lines.append(line)
        }
        return lines
    }
}
