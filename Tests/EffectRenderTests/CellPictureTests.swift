import BundledPlugins
import EffectHost
@testable import EffectRender
import XCTest

/// An effect's picture on a terminal's cells, as the live view draws it,
/// at the sizes terminals come in: the effect's own layout scaled to fit.
final class CellPictureTests: XCTestCase {
    /// Live views, and the small copy a run leaves behind when it ends (a
    /// column short of the width, eight rows at most).
    private let sizes = [(20, 6), (30, 8), (40, 12), (60, 20), (80, 24), (100, 30), (120, 40), (200, 60)].flatMap { columns, rows in
        [(columns, rows), (columns - 1, min(rows, 8))]
    }

    private func picture(_ instance: EffectInstance, columns: Int, rows: Int) throws -> CellPicture {
        try XCTUnwrap(
            CellPicture(
                instance: instance, columns: columns, rows: rows, depth: .trueColor, ground: RGB(0, 0, 0), paintsGround: false,
                appearance: .light))
    }

    /// At every size the task's text stands on one row, as in the seed's
    /// own frame, and once done the line crosses all of it: on cells, every
    /// letter struck through (SGR 9); in the dot font, the line's dots lie
    /// inside the text's rows, not between them, and run the text's length.
    func testTheStrikeCrossesItsTextAtEverySize() throws {
        for (columns, rows) in sizes {
            let size = "\(columns)x\(rows)"
            var done = try picture(bundledInstance("libStrike.so", "strikethrough-reveal"), columns: columns, rows: rows)
            let lines = try done.lines(at: 1).map(terminalCells)
            XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, columns, size)
            XCTAssertLessThanOrEqual(lines.count, max(2, rows - 3), size)
            let lettered = lines.filter { $0.contains { $0.character.isLetter } }
            if !lettered.isEmpty {
                XCTAssertEqual(lettered.count, 1, "\(size): \(lines.map(text))")
                let letters = lettered[0].filter { $0.character.isLetter }
                XCTAssertEqual(String(letters.map(\.character)), "Shipthecomponent", size)
                XCTAssertTrue(letters.allSatisfy(\.struck), "\(size): \(lettered[0].map { $0.struck ? "S" : "." }.joined())")
                // The tick: dots before the text.
                let first = try XCTUnwrap(lettered[0].firstIndex { $0.character.isLetter })
                XCTAssertTrue(lines.contains { $0.prefix(first).contains { $0.character.isBraille } }, "\(size): no tick")
                continue
            }
            // The dot font: one picture, without the tick, before the task is
            // done and after; they differ by the line's dots alone.
            let instance = try bundledInstance("libStrike.so", "strikethrough-reveal", [("done", .bool(false)), ("tick", .bool(false))])
            try instance.set("done", to: .bool(true), at: 1)
            var undone = try picture(instance, columns: columns, rows: rows)
            func dots(_ t: Double) throws -> [[UInt32]] { try undone.lines(at: t).map(terminalCells).map { $0.map(\.dots) } }
            let (before, after) = (try dots(0.5), try dots(3))
            XCTAssertEqual(before.count, after.count, size)
            let textRows = before.indices.filter { before[$0].contains { $0 != 0 } }
            var lineRows: [Int] = []
            var lineColumns: [Int] = []
            for row in after.indices {
                let added = after[row].indices.filter { after[row][$0] & ~(row < before.count && $0 < before[row].count ? before[row][$0] : 0) != 0 }
                if !added.isEmpty { lineRows.append(row) }
                lineColumns += added
            }
            let inked = before.flatMap { row in row.indices.filter { row[$0] != 0 } }
            XCTAssertFalse(lineRows.isEmpty, size)
            XCTAssertTrue(Set(lineRows).isSubset(of: textRows), "\(size): line rows \(lineRows), text rows \(textRows)")
            XCTAssertFalse(lineRows.contains(textRows.first!) || lineRows.contains(textRows.last!), "\(size): the line is at the text's edge")
            XCTAssertGreaterThanOrEqual(
                Double((lineColumns.max() ?? 0) - (lineColumns.min() ?? 0)), 0.9 * Double(inked.max()! - inked.min()!), size)
        }
    }

    /// Text too long for a line even on cells wraps to the terminal as a
    /// last resort: each row keeps a row of its own, where a rounding once
    /// put both on one and the second overwrote the first.
    func testTextTooLongForTheTerminalWrapsARowEach() throws {
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal", [("text", .string("Ship the component to the store"))])
        var picture = try picture(strike, columns: 20, rows: 6)
        let lines = try picture.lines(at: 1).map(terminalCells).map(text).filter { $0.contains { $0.isLetter } }
        XCTAssertGreaterThan(lines.count, 1, "\(lines)")
        XCTAssertEqual(lines.map { String($0.filter(\.isLetter)) }.joined(), "Shipthecomponenttothestore", "\(lines)")
    }

    /// A highlight block behind text on cells covers the cells of its words from the
    /// wipe's first frame to its last, never the gap before them (a block
    /// narrower than a cell once showed as dots in the space before its word).
    func testAHighlightWipeStaysOnItsWords() throws {
        let highlight = RGB(0xFF, 0xD9, 0x76)
        for (columns, rows) in sizes {
            let reveal = try bundledInstance("libReveal.so", "text-reveal", [("highlights", .string("week|glance"))])
            var picture = try picture(reveal, columns: columns, rows: rows)
            // In the dot font the words are dots, and the block is behind them as a whole.
            guard try picture.lines(at: 2).contains(where: { $0.contains("glance.") }) else { continue }
            for step in 0...120 {
                let t = 0.3 + Double(step) / 100
                for cells in try picture.lines(at: t).map(terminalCells) {
                    let line = text(cells)
                    let marked = cells.indices.filter { cells[$0].background == highlight }
                    guard !marked.isEmpty else { continue }
                    let words = ["week", "glance."].compactMap { line.range(of: $0) }.map {
                        line.distance(from: line.startIndex, to: $0.lowerBound)..<line.distance(from: line.startIndex, to: $0.upperBound)
                    }
                    for column in marked {
                        XCTAssertTrue(words.contains { $0.contains(column) }, "\(columns)x\(rows) t \(t): \(line) \(marked)")
                    }
                }
            }
            // Once settled, each word is covered whole.
            for cells in try picture.lines(at: 2).map(terminalCells) {
                let line = text(cells)
                for word in ["week", "glance."] {
                    guard let range = line.range(of: word) else { continue }
                    let start = line.distance(from: line.startIndex, to: range.lowerBound)
                    XCTAssertTrue(cells[start..<start + word.count].allSatisfy { $0.background == highlight }, "\(columns)x\(rows): \(line)")
                }
            }
        }
    }

    func testStatusWordsWrapToASecondRowWholeAndInOrder() {
        let parts = ["t 8.000 s", "Breathe in", "breaths taken 1", "breathing"]
        XCTAssertEqual(StatusLine.lay(parts, width: 100), ["t 8.000 s   Breathe in   breaths taken 1   breathing"])
        // 40 columns less the last: the counter moves down with its number.
        XCTAssertEqual(StatusLine.lay(parts, width: 39), ["t 8.000 s   Breathe in", "breaths taken 1   breathing"])
        // What fits on neither row is left out whole; a shorter part after it may still fit.
        XCTAssertEqual(StatusLine.lay(parts, width: 19), ["t 8.000 s", "Breathe in"])
        XCTAssertEqual(StatusLine.lay(parts, width: 9), ["t 8.000 s", "breathing"])
    }
}

/// One cell of a terminal line: its character, whether it is struck
/// through, its background (nil for the terminal's own), and its braille
/// dots (0 for other characters).
struct TerminalCell {
    var character: Character
    var struck: Bool
    var background: RGB?
    var dots: UInt32 {
        guard let scalar = character.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) else { return 0 }
        return scalar.value - 0x2800
    }
}

extension Character {
    var isBraille: Bool { unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false }
}

func text(_ cells: [TerminalCell]) -> String { String(cells.map(\.character)) }

/// A line written in true colour, cell by cell: SGR 9 and 29 strike and
/// unstrike, 48;2;r;g;b sets the background, 49 and 0 reset it.
func terminalCells(_ line: String) -> [TerminalCell] {
    var cells: [TerminalCell] = []
    var (struck, background) = (false, RGB?.none)
    var index = line.startIndex
    while index < line.endIndex {
        let character = line[index]
        guard character == "\u{1B}" else {
            cells.append(TerminalCell(character: character, struck: struck, background: background))
            index = line.index(after: index)
            continue
        }
        var end = line.index(index, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
        while end < line.endIndex, !line[end].isLetter { end = line.index(after: end) }
        let codes = line[line.index(index, offsetBy: 2)..<end].split(separator: ";").compactMap { Int($0) }
        var at = 0
        while at < codes.count {
            switch codes[at] {
            case 0: (struck, background) = (false, nil)
            case 9: struck = true
            case 29: struck = false
            case 49: background = nil
            case 48 where at + 4 < codes.count && codes[at + 1] == 2:
                background = RGB(codes[at + 2], codes[at + 3], codes[at + 4])
                at += 4
            case 38 where at + 4 < codes.count && codes[at + 1] == 2: at += 4
            default: break
            }
            at += 1
        }
        index = end < line.endIndex ? line.index(after: end) : end
    }
    return cells
}
