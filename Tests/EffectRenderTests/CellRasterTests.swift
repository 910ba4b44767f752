@testable import EffectHost
import EffectRender
import XCTest

/// The terminal's cell rasteriser against cells drawn by hand: one dot a
/// point, a cell 2 × 4 dots, braille bits 1-2-3-7 down the left column and
/// 4-5-6-8 down the right.
final class CellRasterTests: XCTestCase {
    private let ink: UInt32 = 0x2040_80FF

    private func list(_ items: [DrawItem]) -> DisplayList {
        DisplayList(width: 8, height: 8, bounds: DrawRect(x: 0, y: 0, width: 8, height: 8), maxItemCount: items.count, items: items)
    }

    private func filled(_ kind: DrawShapeKind, _ rect: DrawRect, id: UInt32 = 1) -> DrawItem {
        .shape(
            DrawShape(
                id: id, kind: kind, frame: rect, cornerRadius: 0, trimStart: 0, trimEnd: 1, fill: .color(ink), stroke: nil,
                segments: []))
    }

    /// The canvas's rows with colour escapes and reverse video taken out.
    private func cells(_ items: [DrawItem], columns: Int = 3, rows: Int = 2) -> [String] {
        var canvas = CellCanvas(columns: columns, rows: rows, ground: RGB(255, 255, 255))
        DisplayListRaster(scale: TerminalScale(points: 1), origin: (0, 0)).draw(list(items), on: &canvas)
        return canvas.lines(depth: .none).map(plainCells)
    }

    func testACircleTwoCellsWideLeavesItsCornerDotsOut() {
        // Radius 2 about (2, 2): every dot centre but the four corners
        // ((0.5, 0.5) lies 2.12 from the centre) is inside. Left cell:
        // dots 2-3-4-5-6-8 (0xBE); right cell: 1-2-3-5-6-7 (0x77).
        let rows = cells([filled(.ellipse, DrawRect(x: 0, y: 0, width: 4, height: 4))])
        XCTAssertEqual(rows[0], "\u{28BE}\u{2877} ")
        XCTAssertEqual(rows[1], "   ")
    }

    func testAThinRectangleIsALeftColumnOfDots() {
        // One dot wide (x 0...1), four tall: dots 1, 2, 3 and 7.
        let rows = cells([filled(.rect, DrawRect(x: 0, y: 0, width: 1, height: 4))])
        XCTAssertEqual(rows[0], "\u{2847}  ")
    }

    func testADotRowAcrossTwoCells() {
        // One dot tall at the second dot row, three dots across: dots 2 and 5, then 2.
        let rows = cells([filled(.rect, DrawRect(x: 0, y: 1, width: 3, height: 1))])
        XCTAssertEqual(rows[0], "\u{2812}\u{2802} ")
    }

    func testAFillThinnerThanADotStillShowsAsTheDotRowItCrosses() {
        // A fifth of a dot tall (y 1.8...2.0) holds no dot's centre; it shows
        // as the row of dots nearest it, the second: dots 2 and 5, then 2.
        let rows = cells([filled(.capsule, DrawRect(x: 0, y: 1.8, width: 3, height: 0.2))])
        XCTAssertEqual(rows[0], "\u{2812}\u{2802} ")
    }

    func testAGroupMovesAndClipsWhatItHolds() {
        let group = DrawGroup(
            id: 9,
            transform: DrawTransform(anchorX: 0, anchorY: 0, translateX: 2, translateY: 4, scaleX: 1, scaleY: 1, rotation: 0),
            opacity: 1, blur: 0, saturation: 1,
            clip: DrawClip(shape: .rect, rect: DrawRect(x: 0, y: 0, width: 1, height: 2), cornerRadius: 0))
        // A block of 2 × 4 dots (1.8 points wide: too narrow for a cell
        // background) moved one cell right and one row down, clipped to
        // its top-left 1 × 2 dots: dots 1 and 2 of that cell.
        let rows = cells([.group(group), filled(.rect, DrawRect(x: 0, y: 0, width: 1.8, height: 4)), .endGroup(id: 9)])
        XCTAssertEqual(rows[0], "   ")
        XCTAssertEqual(rows[1], " \u{2803} ")
    }

    /// Cells cannot scale: a run of wide characters drawn at half size
    /// would put each on the next column, over half of the one before. Each
    /// keeps its two cells instead, side by side.
    func testAScaledRunOfWideCharactersKeepsEveryCharacter() {
        let group = DrawGroup(
            id: 9, transform: DrawTransform(anchorX: 0, anchorY: 0, translateX: 0, translateY: 0, scaleX: 0.5, scaleY: 0.5, rotation: 0),
            opacity: 1, blur: 0, saturation: 1, clip: nil)
        // Cell text (1 pt is under the dot font's size): each character 2 cells, 4 points.
        let text = DrawText(id: 2, text: "吾輩は猫", x: 0, y: 6, size: 1, advance: 16, ascent: 6, descent: 2, color: ink)
        let rows = cells([.group(group), .text(text), .endGroup(id: 9)], columns: 10, rows: 2)
        XCTAssertEqual(rows[0].filter { !$0.isWhitespace }, "吾輩は猫", "\(rows)")
    }

    /// A joiner inside a cluster is part of it; a cluster that starts with
    /// an invisible format character still shows as the replacement character.
    func testAnEmojiZWJSequenceReachesTheTerminalWhole() {
        // As the live view does: wcwidth answers for UTF-8 (a zero-width space takes no cell).
        CellWidth.useUTF8Locale()
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let text = DrawText(id: 2, text: family + "\u{200B}a", x: 0, y: 6, size: 1, advance: 8, ascent: 6, descent: 2, color: ink)
        let rows = cells([.text(text)], columns: 6, rows: 2)
        let shown = rows.joined()
        XCTAssertTrue(shown.contains(family), "\(rows)")
        XCTAssertFalse(shown.unicodeScalars.contains("\u{200B}"), "\(rows)")
        XCTAssertTrue(shown.contains(family + "a"), "\(rows)")
    }

    /// A terminal lays out no bidi: a right-to-left run reaches it in
    /// visual order, a final "!" on its left, and Arabic letters in the
    /// presentation forms their neighbours join them in (Unicode's joining
    /// types: م initial, ر final, ح initial, ب medial, ا final).
    func testARightToLeftRunReachesTheTerminalInVisualOrderAndJoined() {
        CellWidth.useUTF8Locale()
        func shown(_ string: String) -> String {
            let count = Double(string.count)
            let text = DrawText(id: 2, text: string, x: 0, y: 6, size: 1, advance: 2 * count, ascent: 6, descent: 2, color: ink)
            return cells([.text(text)], columns: 12, rows: 3).joined().filter { !$0.isWhitespace }
        }
        XCTAssertEqual(shown("\u{05E9}\u{05DC}\u{05D5}\u{05DD}!"), "!\u{05DD}\u{05D5}\u{05DC}\u{05E9}")
        XCTAssertEqual(shown("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"), "\u{FE8E}\u{FE92}\u{FEA3}\u{FEAE}\u{FEE3}")
        // Digits inside keep their order; a bracket is mirrored.
        XCTAssertEqual(shown("\u{05D0} 12 (\u{05D1})"), "(\u{05D1})12\u{05D0}")
        XCTAssertEqual(shown("abc"), "abc")
    }

    /// The letters of a right-to-left word are drawn from the right, one
    /// run each, side by side: the grid plans each row from the left, so
    /// runs the layout put against each other stay together, in place.
    func testRunsDrawnFromTheRightStaySideBySide() {
        CellWidth.useUTF8Locale()
        let first = DrawText(id: 2, text: "\u{05D0}", x: 4, y: 6, size: 1, advance: 2, ascent: 6, descent: 2, color: ink)
        let second = DrawText(id: 3, text: "\u{05D1}", x: 2, y: 6, size: 1, advance: 2, ascent: 6, descent: 2, color: ink)
        let rows = cells([.text(first), .text(second)], columns: 6, rows: 3)
        XCTAssertEqual(rows.joined().filter { !$0.isWhitespace }, "\u{05D1}\u{05D0}", "\(rows)")
        XCTAssertTrue(rows.contains { $0.hasPrefix(" \u{05D1}\u{05D0}") }, "columns 1 and 2, as laid out: \(rows)")
    }

    /// Words of Japanese drawn at the dot font's size fall back to cells,
    /// which are narrower than the words were measured: the word the
    /// layout put right against another still follows it with no gap.
    func testWordsThatTouchInTheLayoutTouchOnTheGrid() {
        CellWidth.useUTF8Locale()
        // 20 pt is 2 dots a font pixel at 1 pt a dot; a wide character is 4 pt, tracked by −1.
        let first = DrawText(id: 2, text: "吾輩", x: 0, y: 12, size: 20, tracking: -1, advance: 6, ascent: 8, descent: 3, color: ink)
        let second = DrawText(id: 3, text: "は", x: 6, y: 12, size: 20, tracking: -1, advance: 3, ascent: 8, descent: 3, color: ink)
        let rows = cells([.text(first), .text(second)], columns: 10, rows: 4)
        XCTAssertTrue(rows.contains { $0.contains("吾輩は") }, "\(rows)")
        // One a cell clear of the other, as words with a space between them are.
        let apart = DrawText(id: 3, text: "は", x: 7, y: 12, size: 20, tracking: -1, advance: 3, ascent: 8, descent: 3, color: ink)
        XCTAssertTrue(cells([.text(first), .text(apart)], columns: 10, rows: 4).contains { $0.contains("吾輩 は") })
    }

    func testTransparentInkLeavesNoDot() {
        let faint = DrawShape(
            id: 2, kind: .ellipse, frame: DrawRect(x: 0, y: 0, width: 2, height: 4), cornerRadius: 0, trimStart: 0, trimEnd: 1,
            fill: .color(0x2040_8010), stroke: nil, segments: [])
        XCTAssertEqual(cells([.shape(faint)])[0], "   ", "alpha 16/255 is under the 0.12 threshold")
    }
}
