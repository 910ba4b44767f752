import EffectHost
import XCTest

/// One colour grammar for every reader: "#", "0x" or no prefix, then 6
/// (opaque) or 8 ASCII hex digits, RRGGBB[AA].
final class ColorTextTests: XCTestCase {
    func testTheGrammarTakesSixOrEightHexDigitsAfterAnyPrefix() {
        XCTAssertEqual(ColorText.parse("#8A8F98"), 0x8A8F_98FF)
        XCTAssertEqual(ColorText.parse("8a8f98"), 0x8A8F_98FF)
        XCTAssertEqual(ColorText.parse("0x8A8F9880"), 0x8A8F_9880)
        XCTAssertEqual(ColorText.parse("0X00000000"), 0)
        XCTAssertEqual(ColorText.parse("#ffffffff"), 0xFFFF_FFFF)
    }

    func testAnythingElseIsNoColour() {
        for text in [
            "", "#", "0x", "#8A8F9", "#8A8F980", "#8A8F98FF0", "+12345", "#+12345", "-00000", "#-0000000", "#8A8F98 ", " #8A8F98",
            "#0x123456", "##123456", "\u{FF26}\u{FF26}\u{FF26}\u{FF26}\u{FF26}\u{FF26}", "#12345g", "transparent",
        ] {
            XCTAssertNil(ColorText.parse(text), text)
        }
    }

    func testCSSIsSixDigitsWhenOpaqueAndEightOtherwise() {
        XCTAssertEqual(ColorText.css(0x8A8F_98FF), "#8a8f98")
        XCTAssertEqual(ColorText.css(0x0000_00FF), "#000000")
        XCTAssertEqual(ColorText.css(0x8A8F_9880), "#8a8f9880")
        XCTAssertEqual(ColorText.css(0), "#00000000")
    }

    /// A colour param reads the same grammar.
    func testAColourParamReadsTheGrammar() throws {
        let lineColor = try XCTUnwrap(try Fixtures.strikeInstance().effect.param(named: "line_color"))
        XCTAssertEqual(try lineColor.parse("0x11223380"), .color(0x1122_3380))
        XCTAssertEqual(try lineColor.parse("112233"), .color(0x1122_33FF))
        XCTAssertThrowsError(try lineColor.parse("+12345"))
    }
}
