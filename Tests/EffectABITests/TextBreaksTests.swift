import CEffect
@testable import EffectABI
import XCTest

/// Words of scripts written without spaces, from a host segmenter whose
/// answers the tests choose, so the kit's own rule is what is checked: a
/// cut where a word boundary and a row break meet, next to such a script,
/// between grapheme clusters only; white space alone everywhere else.
final class TextBreaksTests: XCTestCase {
    /// Marks word and line breaks before every scalar (every byte that does
    /// not continue a UTF-8 sequence), and counts its calls in the context.
    private static let everywhere: effect_segment_fn = { context, text, length, flags in
        context!.assumingMemoryBound(to: Int.self).pointee += 1
        for offset in 0...Int(length) {
            let continues = offset < Int(length) && UInt8(bitPattern: text![offset]) & 0xC0 == 0x80
            flags![offset] = continues ? 0 : UInt8(EFFECT_BREAK_WORD | EFFECT_BREAK_LINE)
        }
        return EFFECT_OK
    }

    /// Word boundaries everywhere, but no row may break anywhere.
    private static let wordsOnly: effect_segment_fn = { _, _, length, flags in
        for offset in 0...Int(length) { flags![offset] = UInt8(EFFECT_BREAK_WORD) }
        return EFFECT_OK
    }

    private static let failing: effect_segment_fn = { _, _, _, _ in EFFECT_ERR_INTERNAL }

    private var calls = 0

    private func words(_ text: String, _ segment: effect_segment_fn = everywhere) -> [String] {
        withUnsafeMutablePointer(to: &calls) { counter in
            let breaks = TextBreaks(text, segmenter: TextSegmenter(segment, context: UnsafeMutableRawPointer(counter)))
            return text.split(separator: " ").flatMap { breaks.words(of: $0) }.map(String.init)
        }
    }

    func testEachJapaneseCharacterTheSegmenterCutsIsAWord() {
        XCTAssertEqual(words("猫です ok"), ["猫", "で", "す", "ok"])
        XCTAssertEqual(calls, 1, "the whole text is segmented once")
    }

    func testACutNeverFallsInsideAGraphemeCluster() {
        // が written as か + a combining voiced mark: the segmenter marks
        // the mark's first byte, which is inside the cluster.
        XCTAssertEqual(words("か\u{3099}き"), ["か\u{3099}", "き"])
        // A Thai consonant with its vowel sign above is one cluster.
        XCTAssertEqual(words("กิน"), ["กิ", "น"])
    }

    func testSpacedScriptsKeepTheSeedsWords() {
        XCTAssertEqual(words("well-known state-of-the-art"), ["well-known", "state-of-the-art"])
        XCTAssertEqual(calls, 0, "text without a space-less script never reaches the segmenter")
        // Next to Japanese a Latin word is cut off; within it nothing is.
        XCTAssertEqual(words("a-b猫"), ["a-b", "猫"])
    }

    func testAWordBoundaryWhereNoRowMayBreakIsNoCut() {
        XCTAssertEqual(words("猫です", Self.wordsOnly), ["猫です"])
    }

    func testAFailingOrAbsentSegmenterLeavesWhiteSpaceWords() {
        XCTAssertEqual(words("猫です ok", Self.failing), ["猫です", "ok"])
        let breaks = TextBreaks("猫です", segmenter: nil)
        XCTAssertEqual(breaks.words(of: "猫です"[...]).map(String.init), ["猫です"])
    }

    func testAParagraphRowBreaksBetweenSegmentedWordsWithNoSpace() {
        let strings = withUnsafeMutablePointer(to: &calls) { counter in
            StringPool(segmenter: TextSegmenter(Self.everywhere, context: UnsafeMutableRawPointer(counter)))
        }
        let paragraph = Paragraph("猫です", strings: strings)
        XCTAssertEqual(paragraph.words.map { String(cString: $0.text.pointer) }, ["猫", "で", "す"])
        XCTAssertEqual(paragraph.words.map(\.spacesBefore), [0, 0, 0])
    }
}
