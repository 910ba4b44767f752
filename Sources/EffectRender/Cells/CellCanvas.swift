import EffectHost


/// A terminal picture: braille dots (2 × 4 per cell, the finest grid a
/// terminal can draw), a background colour per cell, and characters on the
/// cell grid. Paint is composited like paint (colour over colour, with
/// alpha) onto a ground colour; a cell shows its character if it has one,
/// else the dots that carry enough paint, in their average colour. The
/// ground is painted, or left to the terminal's own background (which it
/// then stands for) where nothing covers it.
public struct CellCanvas {
    public let columns: Int
    public let rows: Int
    public let ground: RGB
    public let paintsGround: Bool
    public var width: Int { columns * 2 }
    public var height: Int { rows * 4 }

    /// Owns the buffers, allocated once for the run and redrawn every
    /// frame: painting a dot is then a store, with no copy-on-write check
    /// (a paragraph in the dot font paints ten thousand dots a frame).
    private final class Storage {
        /// Dots: paint over nothing, premultiplied (r, g, b, alpha), a cell's
        /// eight together (row by row, left then right), as a cell is read.
        let dots: UnsafeMutableBufferPointer<SIMD4<Double>>
        /// Per cell, the frame its dots were last painted in: a cell of an
        /// older frame reads as empty, so clearing is one increment.
        let paintedIn: UnsafeMutableBufferPointer<UInt32>
        let backgrounds: UnsafeMutableBufferPointer<RGB>
        /// Per cell, the index in `placed` of its character, or -1.
        let characterAt: UnsafeMutableBufferPointer<Int32>

        init(cells: Int, ground: RGB) {
            dots = .allocate(capacity: cells * 8)
            dots.initialize(repeating: .zero)
            paintedIn = .allocate(capacity: cells)
            paintedIn.initialize(repeating: 0)
            backgrounds = .allocate(capacity: cells)
            backgrounds.initialize(repeating: ground)
            characterAt = .allocate(capacity: cells)
            characterAt.initialize(repeating: -1)
        }

        deinit {
            dots.deallocate()
            paintedIn.deallocate()
            backgrounds.deallocate()
            characterAt.deallocate()
        }
    }

    private let storage: Storage
    private var dots: UnsafeMutableBufferPointer<SIMD4<Double>> { storage.dots }
    private var paintedIn: UnsafeMutableBufferPointer<UInt32> { storage.paintedIn }
    private var backgrounds: UnsafeMutableBufferPointer<RGB> { storage.backgrounds }
    private var characterAt: UnsafeMutableBufferPointer<Int32> { storage.characterAt }
    private var frame: UInt32 = 1
    private var filled = false
    /// Characters on the grid, with the cells each takes on its row.
    private var placed: [(character: Character, color: RGB, cell: Int, cells: Int)] = []
    /// The frame's text, kept between frames so drawing one allocates little.
    private var text = TextBuffer()

    public init(columns: Int, rows: Int, ground: RGB, paintsGround: Bool = true) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.ground = ground
        self.paintsGround = paintsGround
        storage = Storage(cells: self.columns * self.rows, ground: ground)
    }

    /// Back to the ground colour with nothing drawn, keeping the storage.
    public mutating func clear() {
        frame &+= 1
        if frame == 0 {
            paintedIn.update(repeating: 0)
            frame = 1
        }
        if filled { backgrounds.update(repeating: ground) }
        filled = false
        for entry in placed { characterAt[entry.cell] = -1 }
        placed.removeAll(keepingCapacity: true)
    }

    /// Lays `color` at `opacity` over whatever dot (x, y) holds.
    public mutating func paint(x: Int, y: Int, color: RGB, opacity: Double) {
        guard x >= 0, y >= 0, x < width, y < height, opacity > 0 else { return }
        let a = min(1, opacity)
        let paint = SIMD4<Double>(Double(color.r) * a, Double(color.g) * a, Double(color.b) * a, a)
        let cell = (y >> 2) * columns + (x >> 1)
        if paintedIn[cell] != frame {
            UnsafeMutableBufferPointer(rebasing: dots[cell * 8..<cell * 8 + 8]).update(repeating: .zero)
            paintedIn[cell] = frame
        }
        let index = cell * 8 + (y & 3) * 2 + (x & 1)
        dots[index] = paint + dots[index] * (1 - a)
    }

    /// Lays `color` at `opacity` over cell (column, row)'s background.
    public mutating func fill(column: Int, row: Int, color: RGB, opacity: Double) {
        guard column >= 0, row >= 0, column < columns, row < rows, opacity > 0 else { return }
        let index = row * columns + column
        backgrounds[index] = color.over(backgrounds[index], opacity: opacity)
        filled = true
    }

    /// Puts `character` in cell (column, row) in `color` at `opacity` over
    /// the cell's background; a wide character takes the next cell too.
    public mutating func put(_ character: Character, column: Int, row: Int, color: RGB, opacity: Double, cells: Int) {
        guard row >= 0, row < rows, column >= 0, column + cells <= columns, opacity > 0 else { return }
        let index = row * columns + column
        place(character, color.over(backgrounds[index], opacity: opacity), cells: max(1, cells), at: index)
        for extra in 1..<max(1, cells) { place(" ", ground, cells: 1, at: index + extra) }
        // Text covers what was drawn before it (its cells' dots are dropped);
        // dots drawn over it later show as a line through it.
        for cell in index..<index + max(1, cells) { paintedIn[cell] = 0 }
    }

    private mutating func place(_ character: Character, _ color: RGB, cells: Int, at cell: Int) {
        if characterAt[cell] >= 0 {
            placed[Int(characterAt[cell])] = (character, color, cell, cells)
        } else {
            characterAt[cell] = Int32(placed.count)
            placed.append((character, color, cell, cells))
        }
    }

    /// The columns and rows of the cells that show anything (a character,
    /// a dot of at least `threshold` alpha, a fill), or nil for none.
    public func paintedCells(threshold: Double = 0.12) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        var (minColumn, minRow, maxColumn, maxRow) = (Int.max, Int.max, Int.min, Int.min)
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = row * columns + column
                let shows =
                    characterAt[cell] >= 0 || backgrounds[cell] != ground
                    || (paintedIn[cell] == frame && (cell * 8..<cell * 8 + 8).contains { dots[$0].w >= threshold })
                guard shows else { continue }
                (minColumn, maxColumn) = (min(minColumn, column), max(maxColumn, column))
                (minRow, maxRow) = (min(minRow, row), max(maxRow, row))
            }
        }
        guard minColumn <= maxColumn else { return nil }
        return (minColumn...maxColumn, minRow...maxRow)
    }

    /// One string per cell row, in colours of `depth`; dots with less than
    /// `threshold` alpha stay off. Without colour, a filled cell shows in
    /// reverse video.
    public mutating func lines(depth: ColorDepth, threshold: Double = 0.12) -> [String] {
        (0..<rows).map { row in
            text.removeAll()
            write(row: row, threshold, depth)
            return text.string
        }
    }

    private mutating func write(row: Int, _ cutoff: Double, _ depth: ColorDepth) {
        var lastForeground: RGB?
        var lastBackground: RGB?
        var column = 0
        while column < columns {
            let cell = row * columns + column
            let background = backgrounds[cell]
            if background != lastBackground {
                if depth == .none {
                    text.append(background == ground ? "\u{1B}[27m" : "\u{1B}[7m")
                } else if background == ground && !paintsGround {
                    text.append("\u{1B}[49m")
                } else {
                    text.appendColor(background, foreground: false, depth: depth)
                }
            }
            lastBackground = background
            let first = cell * 8
            let painted = paintedIn[cell] == frame
            if characterAt[cell] >= 0 {
                let (character, color, _, cells) = placed[Int(characterAt[cell])]
                if color != lastForeground { text.appendColor(color, foreground: true, depth: depth) }
                lastForeground = color
                // A line drawn over the character (a strike) is the
                // terminal's own strikethrough.
                let struck = painted && (first..<first + 8).contains { dots[$0].w >= cutoff }
                if struck { text.append("\u{1B}[9m") }
                text.append(character)
                if struck { text.append("\u{1B}[29m") }
                column += cells
                continue
            }
            var pattern: UInt32 = 0
            var sum = SIMD4<Double>.zero
            let ground = SIMD4<Double>(Double(background.r), Double(background.g), Double(background.b), 0)
            var count = 0.0
            for dot in 0..<(painted ? 8 : 0) {
                let paint = dots[first + dot]
                guard paint.w >= cutoff else { continue }
                pattern |= Self.brailleBit(dot)
                // The dot's paint over the cell's background.
                sum += paint + ground * (1 - paint.w)
                count += 1
            }
            if pattern != 0 {
                let mean = sum / count
                let color = RGB(Int(mean.x), Int(mean.y), Int(mean.z))
                if color != lastForeground { text.appendColor(color, foreground: true, depth: depth) }
                lastForeground = color
                // U+2800 + pattern in UTF-8: E2, A0 + its top two bits, 80 + the other six.
                text.append(0xE2, 0xA0 | UInt8(pattern >> 6), 0x80 | UInt8(pattern & 0x3F))
            } else {
                text.append(byte: 0x20)
            }
            column += 1
        }
        text.append(Terminal.reset)
    }

    /// The braille bit of a cell's dot `index` (row by row, left then
    /// right): dots 1-3 and 4-6 run down the columns, 7 and 8 are the
    /// bottom row.
    private static func brailleBit(_ index: Int) -> UInt32 {
        let (row, right) = (UInt32(index >> 1), index & 1 == 1)
        if row == 3 { return right ? 0x80 : 0x40 }
        return (right ? 0x08 : 0x01) << row
    }
}

extension TextBuffer {
    /// A foreground or background colour escape at `depth`; nothing at none.
    public mutating func appendColor(_ color: RGB, foreground: Bool, depth: ColorDepth) {
        if depth == .trueColor {
            // The common case, written without building a String.
            append(foreground ? "\u{1B}[38;2;" : "\u{1B}[48;2;")
            append(integer: color.r)
            append(byte: UInt8(ascii: ";"))
            append(integer: color.g)
            append(byte: UInt8(ascii: ";"))
            append(integer: color.b)
            append(byte: UInt8(ascii: "m"))
        } else if let parameters = depth.parameters(color, foreground: foreground) {
            append("\u{1B}[")
            append(parameters)
            append(byte: UInt8(ascii: "m"))
        }
    }
}
