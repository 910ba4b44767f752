import EffectHost
import EffectRender
import Glibc

/// The full-screen mode a live view runs in, and fitting lines to it. The
/// view draws on the alternate screen, so it never scrolls the user's
/// terminal or its history, each frame in one synchronized update (a
/// terminal without them ignores the marks), and leaving puts back the
/// screen and cursor the user had.
enum TerminalScreen {
    /// Enters the alternate screen, hides the cursor and clears.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[2J"
    /// Leaves it; showing the cursor is the last thing written.
    static let leave = "\u{1B}[0m\u{1B}[?1049l\u{1B}[?25h"
    static let clear = "\u{1B}[0m\u{1B}[2J"
    static let beginFrame = "\u{1B}[?2026h"
    static let endFrame = "\u{1B}[?2026l"

    /// Moves the cursor to `column` of `row`, both from 1.
    static func move(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }

    /// The terminal's size in cells, from stdout; 80 × 24 when it is not one.
    static var size: (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(Output.standard.descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// How many cells `line` takes: its characters, not its SGR escapes.
    static func width(of line: String) -> Int {
        if let width = quickWidth(of: line) { return width }
        var width = 0
        forEachCharacter(of: line) { character in width += CellWidth.of(character) }
        return width
    }

    /// The width of a line of printable ASCII, braille and CSI escapes (what
    /// the canvas writes, every frame), read from its bytes; nil for any
    /// other character, which needs the grapheme-aware count.
    private static func quickWidth(of line: String) -> Int? {
        var line = line
        return line.withUTF8 { bytes -> Int? in
            var width = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x1B {
                    // ESC [ parameters final: skip to the final byte.
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
                    index += 2
                    while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
                    index += 1
                } else if byte >= 0x20 && byte < 0x7F {
                    width += 1
                    index += 1
                } else if byte == 0xE2, index + 2 < bytes.count, (0xA0...0xA3).contains(bytes[index + 1]) {
                    // U+2800 ... U+28FF, the braille patterns: one cell each.
                    width += 1
                    index += 3
                } else {
                    return nil
                }
            }
            return width
        }
    }

    /// `line` cut to at most `columns` cells, its escapes kept up to the cut.
    static func clip(_ line: String, to columns: Int) -> String {
        guard width(of: line) > columns else { return line }
        var out = ""
        var width = 0
        var stop = false
        forEachCharacter(of: line, escape: { out += $0 }) { character in
            guard !stop else { return }
            let cells = CellWidth.of(character)
            if width + cells > columns {
                stop = true
                return
            }
            width += cells
            out.append(character)
        }
        return out
    }

    /// `line` without its escape sequences.
    static func plain(_ line: String) -> String {
        var out = ""
        forEachCharacter(of: line) { out.append($0) }
        return out
    }

    /// Calls `body` with each character of `line` that takes cells, and
    /// `escape` with each escape sequence (CSI: ESC [ parameters final).
    private static func forEachCharacter(
        of line: String, escape: (String) -> Void = { _ in }, _ body: (Character) -> Void
    ) {
        var sequence: String?
        for character in line {
            if var open = sequence {
                open.append(character)
                // The final byte of a CSI sequence is in @ ... ~, after "ESC [".
                if open.count > 2, let value = character.unicodeScalars.first?.value, (0x40...0x7E).contains(value) {
                    escape(open)
                    sequence = nil
                } else {
                    sequence = open
                }
            } else if character == "\u{1B}" {
                sequence = "\u{1B}"
            } else {
                body(character)
            }
        }
    }
}
