import CEffect
@testable import EffectABI
import XCTest

/// Text laid out as SwiftUI's Text lays it out, measured by a measurer
/// whose answers are worked out by hand: 10 pt per UTF-8 byte plus the
/// tracking after each, ascent 8, descent 2.
final class ParagraphTests: XCTestCase {
    private static let measure: effect_measure_fn = { _, text, _, _, tracking, out in
        let bytes = strlen(text!)
        out!.pointee = effect_text_metrics(advance: Double(bytes) * (10 + tracking), ascent: 8, descent: 2)
        return EFFECT_OK
    }

    private let strings = StringPool()

    /// A canvas writing into `items` (room for 64), measured by `measure`.
    private func canvas(_ items: UnsafeMutablePointer<effect_draw_item>, proposal: ProposedSize) -> Canvas {
        Canvas(list: ItemBuffer(items: items, capacity: 64), measurer: TextMeasurer(function: Self.measure, context: nil), proposal: proposal)
    }
    private let font = Font.system(size: 20, weight: .regular)

    /// The text items `text` draws in a frame of its size for `width`, as (text, x, baseline y, id).
    private func draw(_ text: Text, width: Double?) -> (size: Size, runs: [(String, Double, Double, UInt32)]) {
        let items = UnsafeMutablePointer<effect_draw_item>.allocate(capacity: 64)
        defer { items.deallocate() }
        var canvas = canvas(items, proposal: ProposedSize(width: width, height: nil))
        let size = text.sizeThatFits(ProposedSize(width: width, height: nil), in: &canvas)
        text.render(in: Rect(x: 0, y: 0, width: size.width, height: size.height), on: &canvas)
        let runs = (0..<canvas.itemCount).map { index -> (String, Double, Double, UInt32) in
            let run = items[index].text
            return (String(cString: run.text), run.x, run.y, run.id)
        }
        return (size, runs)
    }

    private func paragraph(_ string: String) -> Paragraph { Paragraph(string, strings: strings) }

    func testALineThatFitsIsOneRunAsBefore() {
        let (size, runs) = draw(Text(paragraph("calm down"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 7), width: 200)
        XCTAssertEqual(size, Size(width: 90, height: 10))
        XCTAssertEqual(runs.map(\.0), ["calm down"])
        XCTAssertEqual(runs.map(\.1), [0])
        XCTAssertEqual(runs.map(\.2), [8], "the baseline is the ascent below the top")
        XCTAssertEqual(runs.map(\.3), [7])
    }

    func testAWideLineWrapsAtSpacesAndDropsTheSpaceAtTheBreak() {
        // "one two three": 30 + 10 + 30 = 70 fits in 75; "three" (50) starts row 2.
        let (size, runs) = draw(Text(paragraph("one two three"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 7), width: 75)
        XCTAssertEqual(runs.map(\.0), ["one", "two", "three"])
        XCTAssertEqual(runs.map(\.1), [0, 40, 0])
        XCTAssertEqual(runs.map(\.2), [8, 8, 18])
        XCTAssertEqual(runs.map(\.3), [7, 7 + 0x10000, 7 + 0x20000], "run k is id + k · 0x10000")
        XCTAssertEqual(size, Size(width: 70, height: 20))
    }

    func testTrackingWidensWordsAndSpaces() {
        // Tracking 2: each byte 12 pt. "ab cd" = 60 > 50, so two rows of 24.
        let text = Text(paragraph("ab cd"), font: font, color: RGBA(red: 0, green: 0, blue: 0), tracking: 2, id: 1)
        let (size, runs) = draw(text, width: 50)
        XCTAssertEqual(runs.map(\.0), ["ab", "cd"])
        XCTAssertEqual(size, Size(width: 24, height: 20))
    }

    func testLineBreaksTabsAndBlankLines() {
        // "a\tb" is "a b" (a tab is a space); the blank line keeps its height and draws nothing.
        let (size, runs) = draw(Text(paragraph("a\tb\n\nlast\r\nend"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1), width: nil)
        XCTAssertEqual(runs.map(\.0), ["a b", "last", "end"])
        XCTAssertEqual(runs.map(\.2), [8, 28, 38])
        XCTAssertEqual(size, Size(width: 40, height: 40))
    }

    /// A word wider than the width breaks between its characters, as
    /// SwiftUI breaks it, and the rows after it still wrap to the width.
    func testAWordWiderThanTheWidthBreaksBetweenItsCharacters() {
        let (size, runs) = draw(Text(paragraph("a enormous b c"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1), width: 30)
        XCTAssertEqual(runs.map(\.0), ["a", "e", "n", "o", "r", "m", "o", "u", "s", "b c"].flatMap { $0 == "b c" ? ["b", "c"] : [$0] })
        XCTAssertEqual(runs.map(\.1), [0, 0, 10, 20, 0, 10, 20, 0, 10, 0, 20])
        XCTAssertEqual(runs.map(\.2), [8, 18, 18, 18, 28, 28, 28, 38, 38, 48, 48])
        XCTAssertEqual(size, Size(width: 30, height: 50))
        // Laid out again at the width it reported, it breaks the same way.
        XCTAssertEqual(draw(Text(paragraph("a enormous b c"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1), width: 30).runs.map(\.2), runs.map(\.2))
    }

    func testAnArabicWordBrokenAcrossRowsKeepsItsLettersJoined() {
        // مرحبا is 100 pt at two bytes a letter: in 60 pt it breaks, each letter with a joiner where it connects.
        let (_, runs) = draw(Text(paragraph("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1), width: 60)
        XCTAssertEqual(runs.map(\.0), ["\u{0645}\u{200D}", "\u{200D}\u{0631}", "\u{062D}\u{200D}", "\u{200D}\u{0628}\u{200D}", "\u{200D}\u{0627}"])
    }

    func testASingleCharacterWiderThanTheWidthKeepsARowOfItsOwn() {
        let (size, runs) = draw(Text(paragraph("\u{1F600} a"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1), width: 20)
        XCTAssertEqual(runs.map(\.0), ["\u{1F600}", "a"], "one cluster, never cut")
        XCTAssertEqual(size, Size(width: 40, height: 20))
    }

    func testANoBreakSpaceHoldsItsWordsTogether() {
        let (_, runs) = draw(Text(paragraph("10\u{00A0}kg of rice"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1), width: 60)
        XCTAssertEqual(runs.map(\.0), ["10\u{00A0}kg", "of", "rice"])
    }

    func testMaxRunsCountsEveryWordOrWholeLine() {
        XCTAssertEqual(paragraph("one two\n\nthree").maxRuns, 12, "a word's characters, when it breaks: 3 + 3, 1, 5")
        XCTAssertEqual(paragraph("").maxRuns, 1)
    }

    /// An HStack offered less than its ideal width: the fixed frame keeps
    /// its 16 pt, the text gets the rest (less the spacing) and wraps.
    func testAnHStackGivesTextWhatAFixedChildLeaves() {
        let items = UnsafeMutablePointer<effect_draw_item>.allocate(capacity: 64)
        defer { items.deallocate() }
        var canvas = canvas(items, proposal: .unspecified)
        let row = HStack(spacing: 10) {
            Rectangle().fill(RGBA(red: 0, green: 0, blue: 0), id: 1).frame(width: 16, height: 16)
            Text(paragraph("one two three"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 2)
        }
        XCTAssertEqual(row.sizeThatFits(.unspecified, in: &canvas), Size(width: 156, height: 16), "ideal: 16 + 10 + 130")
        // 101 − 26 = 75 for the text: "one two" / "three", 70 wide and 20 tall.
        XCTAssertEqual(row.sizeThatFits(ProposedSize(width: 101, height: nil), in: &canvas), Size(width: 96, height: 20))
    }

    func testTheDirectionIsTheFirstStrongLetters() {
        XCTAssertEqual(LayoutDirection.of("\u{05E9}\u{05DC}\u{05D5}\u{05DD} ok"), .rightToLeft)
        XCTAssertEqual(LayoutDirection.of("123 \u{0645}\u{0631}"), .rightToLeft, "digits are weak")
        XCTAssertEqual(LayoutDirection.of("ok \u{05E9}"), .leftToRight)
        XCTAssertEqual(LayoutDirection.of("(1) 2"), .leftToRight, "no letter at all")
        XCTAssertEqual(LayoutDirection.of(""), .leftToRight)
        XCTAssertEqual(LayoutDirection.of("\u{2067}\u{05E9}\u{2069} ok"), .leftToRight, "an isolate is skipped (P2)")
        XCTAssertEqual(LayoutDirection.of("\u{200F}123 ok"), .rightToLeft, "RLM is a strong right-to-left character")
    }

    /// A Hebrew line starts at the right and its words run leftwards. Each
    /// letter is 2 UTF-8 bytes, 20 pt: "אב גד" is 90 wide, " הו" does not fit in 100.
    func testARightToLeftLineWrapsFromTheRight() {
        let text = Text(paragraph("\u{05D0}\u{05D1} \u{05D2}\u{05D3} \u{05D4}\u{05D5}"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 1)
        let (size, runs) = draw(text, width: 100)
        XCTAssertEqual(size, Size(width: 90, height: 20))
        XCTAssertEqual(runs.map(\.0), ["\u{05D0}\u{05D1}", "\u{05D2}\u{05D3}", "\u{05D4}\u{05D5}"])
        XCTAssertEqual(runs.map(\.1), [50, 0, 50], "reading order right to left, each row from the right edge")
        XCTAssertEqual(runs.map(\.2), [8, 8, 18])
    }

    func testARightToLeftHStackPutsItsFirstChildOnTheRight() {
        let items = UnsafeMutablePointer<effect_draw_item>.allocate(capacity: 64)
        defer { items.deallocate() }
        var canvas = canvas(items, proposal: .unspecified)
        let row = HStack(spacing: 10, direction: .rightToLeft) {
            Rectangle().fill(RGBA(red: 0, green: 0, blue: 0), id: 1).frame(width: 16, height: 16)
            Text(paragraph("ab"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 2)
        }
        canvas.draw(row, in: Rect(x: 0, y: 0, width: 46, height: 16))
        // The square at 30 ... 46, the text (20 wide) at 0 ... 20.
        XCTAssertEqual(items[0].shape.frame.x, 30)
        XCTAssertEqual(items[1].text.x, 0)
    }

    /// Hebrew words wrapped inside an English line read right to left among
    /// the English ones (UAX #9, L2). 10 pt a byte, two bytes a Hebrew
    /// letter: "one" 30, אב 40, גד 40, spaces 10; in 140 the first row holds
    /// three words (130) with the Hebrew pair reversed, "two" starts row 2.
    func testWordsAgainstTheLinesDirectionReadInTheirOwnInEachRow() {
        let text = Text(paragraph("one \u{05D0}\u{05D1} \u{05D2}\u{05D3} two"), font: font, color: RGBA(red: 0, green: 0, blue: 0), id: 7)
        let (size, runs) = draw(text, width: 140)
        XCTAssertEqual(runs.map(\.0), ["one", "\u{05D2}\u{05D3}", "\u{05D0}\u{05D1}", "two"])
        XCTAssertEqual(runs.map(\.1), [0, 40, 90, 0])
        XCTAssertEqual(runs.map(\.2), [8, 8, 8, 18])
        XCTAssertEqual(size, Size(width: 130, height: 20))
    }

    /// Rows fixed at another tracking (issue 48): "one two three" breaks in
    /// 75 where it does at tracking 0 ("one two" 70 / "three"), and keeps
    /// those rows drawn at tracking 5, where "one two" is 105 and would
    /// wrap alone; the words move by 15 pt a byte, the space too.
    func testLineBreaksAtAnotherTrackingKeepTheirRows() {
        let text = Text(paragraph("one two three"), font: font, color: RGBA(red: 0, green: 0, blue: 0), tracking: 5, id: 7)
            .lineBreaks(atTracking: 0, width: 75)
        for offered in [nil, 20.0, 500] {
            let (size, runs) = draw(text, width: offered)
            XCTAssertEqual(runs.map(\.0), ["one", "two", "three"], "whatever width is offered: \(String(describing: offered))")
            XCTAssertEqual(runs.map(\.1), [0, 60, 0])
            XCTAssertEqual(runs.map(\.2), [8, 8, 18])
            XCTAssertEqual(runs.map(\.3), [7, 7 + 0x10000, 7 + 0x20000])
            XCTAssertEqual(size, Size(width: 105, height: 20))
        }
        // At tracking 0 in a width where the whole line fits, it is one run at tracking 5 too.
        let whole = Text(paragraph("one two three"), font: font, color: RGBA(red: 0, green: 0, blue: 0), tracking: 5, id: 7)
            .lineBreaks(atTracking: 0, width: 130)
        XCTAssertEqual(draw(whole, width: 100).runs.map(\.0), ["one two three"])
        XCTAssertEqual(draw(whole, width: 100).size, Size(width: 195, height: 10))
        // A tighter tracking than the rows were broken at keeps them too:
        // "ab cd" breaks at tracking 2 in 50 (60 wide) and stays two rows at 0.
        let tight = Text(paragraph("ab cd"), font: font, color: RGBA(red: 0, green: 0, blue: 0), tracking: 0, id: 1)
            .lineBreaks(atTracking: 2, width: 50)
        XCTAssertEqual(draw(tight, width: nil).runs.map(\.0), ["ab", "cd"])
        XCTAssertEqual(draw(tight, width: nil).size, Size(width: 20, height: 20))
    }

    /// The same with Hebrew words in an English line: rows found at
    /// tracking 0 in 140 (as above: "one", גד, אב / "two"), drawn at
    /// tracking 1, 11 pt a byte: "one" 33, each Hebrew word 44, spaces 11.
    func testLineBreaksAtAnotherTrackingKeepMixedRows() {
        let text = Text(paragraph("one \u{05D0}\u{05D1} \u{05D2}\u{05D3} two"), font: font, color: RGBA(red: 0, green: 0, blue: 0), tracking: 1, id: 7)
            .lineBreaks(atTracking: 0, width: 140)
        let (size, runs) = draw(text, width: nil)
        XCTAssertEqual(runs.map(\.0), ["one", "\u{05D2}\u{05D3}", "\u{05D0}\u{05D1}", "two"])
        XCTAssertEqual(runs.map(\.1), [0, 44, 99, 0])
        XCTAssertEqual(runs.map(\.2), [8, 8, 8, 18])
        XCTAssertEqual(size, Size(width: 143, height: 20))
    }
}
