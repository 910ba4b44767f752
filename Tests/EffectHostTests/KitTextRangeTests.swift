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
                // 300 ASCII bytes and 100 three-byte kana: cut before byte 255 (ASCII), then before
                // byte 299 (the last ASCII byte in reach of 510), then at 552 (the last kana start
                // by 554, none ASCII past the piece's first byte), then the 48 left.
                "piece 255 ...", "piece 44 ...", "piece 253 ...", "piece 48 ...", "long 6000",
                // "ramp" at 12 pt with the reference metrics: (333 + 556 + 833 + 556) / 1000 x 12.
                "reference 27.336",
                // The label's own pointer with length 6; the second item is counted past the capacity of 1.
                "item kind 4 id 3 same 1 length 6 count 2",
            ])
    }
}
