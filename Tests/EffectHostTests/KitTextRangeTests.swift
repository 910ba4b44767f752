import XCTest

/// effect_kit.h's text runs (ABI 1.6), through Tests/Fixtures/c/kit_text_range.c:
/// a run measured in pieces copied to the stack, cut on characters, their
/// advances added; in place with the reference metrics; and the item
/// effect_kit_text_range writes. Its measurer answers 10 pt a byte, ascent
/// 8, descent 2, so every number here is worked out from byte counts.
final class KitTextRangeTests: XCTestCase {
    func testARunIsMeasuredInPiecesAndDrawnWithItsLength() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let program = directory + "/kit_text_range"
        try TestEnvironment.compileC([TestEnvironment.fixtures + "/c/kit_text_range.c"], output: program)
        let result = try TestEnvironment.run(program, [])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                // The first 6 bytes of "rampé up", one piece: 60 pt.
                "piece 6 rampé", "short 60 8 2",
                // 300 ASCII bytes and 100 three-byte kana: each piece ends where the last character
                // within 255 bytes ends: 255 (ASCII), 510 (kana end at 300 + 3k), then the 90 left.
                "piece 255 ...", "piece 255 ...", "piece 90 ...", "long 6000",
                // "éé" (4 bytes) and 19 of the families (18 bytes each): 346 bytes, cut after 13
                // families (4 + 13 x 18 = 238; 14 would be 256), then the other 6 (108).
                "piece 238 ...", "piece 108 ...", "families 3460",
                // The first 5 bytes of "rampé up" end inside the é; 12 reach past its 9.
                "inside -7 the text run ends inside a character; end it where effect_kit_grapheme_next says a character ends",
                "past -7 the text run reaches past its string's end; a run's length counts bytes of its string",
                // "ramp" at 12 pt with the reference metrics: (333 + 556 + 833 + 556) / 1000 x 12.
                "reference 27.336",
                // The label's own pointer with length 6; the second item is counted past the capacity of 1.
                "item kind 4 id 3 same 1 length 6 count 2",
            ])
    }
}
