import EffectHost
import XCTest

/// Chinese, Japanese and Thai through the host's text services (ICU, which
/// scripts/ensure-media installs): words come from its dictionaries and
/// rows break only where UAX #14 allows. The expected words are the
/// sentences' words as a reader of each language cuts them.
final class SpacelessScriptTests: XCTestCase {
    private func instance(_ library: String, _ id: String, _ params: [(String, Value)]) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    private func units(_ text: String, highlights: String = "") throws -> [String] {
        let reveal = try instance("libReveal.so", "text-reveal", [("text", .string(text)), ("highlights", .string(highlights))])
        return try (0..<reveal.elementCount).map { try reveal.element($0).text }
    }

    func testTheHostHasASegmenter() {
        XCTAssertNil(HostTextServices.unavailable)
    }

    func testWordsOfJapaneseChineseAndThaiAreUnits() throws {
        XCTAssertEqual(try units("吾輩は猫である。名前はまだ無い。"), ["吾輩", "は", "猫", "で", "ある。", "名前", "は", "まだ", "無い。"])
        XCTAssertEqual(try units("我们是学生。我喜欢学习中文。"), ["我们", "是", "学生。", "我", "喜欢", "学习", "中文。"])
        XCTAssertEqual(try units("สวัสดีครับ ผมชื่อสมชาย"), ["สวัสดี", "ครับ", "ผม", "ชื่อ", "สมชาย"])
        // Opening brackets hold on to the word after them, closing ones and 、 to the word before.
        XCTAssertEqual(try units("「こんにちは」と言った。"), ["「こんにちは」", "と", "言っ", "た。"])
    }

    func testSpacedTextKeepsTheSeedsWords() throws {
        XCTAssertEqual(try units("a well-known state-of-the-art e-mail"), ["a", "well-known", "state-of-the-art", "e-mail"])
    }

    /// On the terminal grid (two cells a wide character) the words of one
    /// run follow each other with no gap, and a highlight finds 猫.
    func testJapaneseWordsJoinWithNoGapAndAHighlightMatchesOne() throws {
        let reveal = try instance("libReveal.so", "text-reveal", [("text", .string("吾輩は猫である。")), ("highlights", .string("猫"))])
        let highlighted = try (0..<reveal.elementCount).map { try reveal.element($0).attributes[1] }
        XCTAssertEqual(highlighted, [0, 0, 1, 0, 0])
        let layout = try reveal.layout(sizes: nil, containerWidth: 80)
        XCTAssertEqual(layout.items.map(\.width), [4, 2, 2, 2, 6])
        XCTAssertEqual(layout.items.map(\.x), [0, 4, 6, 8, 10])
        XCTAssertNotNil(layout.items[2].decoration)
    }

    /// The strike's text at 10 pt a character in 100 pt: rows break only
    /// between words, never before 。 or 、 nor after 「.
    func testJapaneseRowsBreakOnlyWhereAllowed() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal", [("text", .string("「こんにちは」と言った。彼は、東京へ行った。"))])
        let list = try strike.draw(at: 0.32, width: 126, measurer: TenPerScalar())
        let runs = list.items.compactMap { item -> DrawText? in if case let .text(text) = item { text } else { nil } }
        XCTAssertEqual(runs.map(\.text), ["「こんにちは」", "と", "言っ", "た。", "彼", "は、", "東京", "へ", "行っ", "た。"])
        XCTAssertEqual(runs.map(\.y), [24, 24, 24, 54, 54, 54, 54, 54, 54, 84])
        XCTAssertEqual(runs.map(\.x), [26, 96, 106, 26, 46, 56, 76, 96, 106, 26])
        XCTAssertEqual(list.width, 26 + 100, "no row is wider than the 100 pt offered")
    }

    /// 10 pt per Unicode scalar, ascent 24, descent 6.
    private final class TenPerScalar: TextMeasuring, @unchecked Sendable {
        func measure(_ text: String, size: Double, weight: Double, tracking: Double) -> (advance: Double, ascent: Double, descent: Double)? {
            (Double(text.unicodeScalars.count) * (10 + tracking), 24, 6)
        }
    }
}
