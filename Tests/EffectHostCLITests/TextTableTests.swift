import EffectRender
import XCTest

@testable import effect_host

/// Tables fitted to a terminal's width, line for line: whole when they fit
/// or go to a pipe, the doc column wrapped when the others leave it room,
/// each row an entry of its own when they do not; no word is ever lost.
final class TextTableTests: XCTestCase {
    private let table = TextTable(
        header: ["name", "type", "doc"],
        rows: [
            ["duration", "number", "Seconds the strike takes to draw its line across the text."],
            ["done", "bool", "Struck out."],
        ])

    func testWithNoWidthEveryRowIsOneLine() {
        XCTAssertEqual(
            table.lines(width: nil),
            [
                "  name      type    doc",
                "  duration  number  Seconds the strike takes to draw its line across the text.",
                "  done      bool    Struck out.",
            ])
        XCTAssertEqual(table.lines(width: 200), table.lines(width: nil), "a table that fits is laid out whole")
    }

    func testTheDocColumnWrapsUnderItself() {
        // 2 + 8 + 2 + 6 + 2 = 20 cells before the doc, 32 for it at 52.
        XCTAssertEqual(
            table.lines(width: 52),
            [
                "  name      type    doc",
                "  duration  number  Seconds the strike takes to draw",
                "                    its line across the text.",
                "  done      bool    Struck out.",
            ])
    }

    func testTooNarrowForColumnsEachRowIsAnEntry() {
        XCTAssertEqual(
            table.lines(width: 40),
            [
                "  duration",
                "      type number",
                "      Seconds the strike takes to draw",
                "      its line across the text.",
                "  done",
                "      type bool",
                "      Struck out.",
            ])
    }

    func testWideCharactersTakeTwoCells() {
        CellWidth.useUTF8Locale()  // as effect-host's main does
        let wide = TextTable(header: ["name", "doc"], rows: [["名前", "a name"], ["id", "an id"]])
        XCTAssertEqual(wide.lines(width: nil), ["  name  doc", "  名前  a name", "  id    an id"])
    }

    func testAWordLongerThanTheLineIsSplitNotLost() {
        XCTAssertEqual(TextTable.wrap("see /a/very/long/path/name here", width: 10), ["see", "/a/very/", "long/path/", "name here"])
    }
}
