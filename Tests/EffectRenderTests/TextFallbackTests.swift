import EffectHost
@testable import EffectRender
import Foundation
import XCTest

/// Text in scripts the requested face lacks, through the rendering
/// library's text stack, with the fonts scripts/ensure-media installs
/// (Inter, DejaVu Sans, Noto CJK, Noto core, Noto Color Emoji). Expected
/// glyphs come from HarfBuzz's own hb-shape program, shaping the whole
/// paragraph at once.
final class TextFallbackTests: XCTestCase {
    private static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// hb-shape's glyphs for `text` in `font`: ids and pen positions in ems, left to right.
    private func hbShape(_ text: String, font: String) throws -> [(glyph: UInt32, x: Double)] {
        try hbShapeRun(text, font: font).glyphs
    }

    /// hb-shape's glyphs for `text` in `font` and the pen's end, in ems.
    private func hbShapeRun(_ text: String, font: String) throws -> (glyphs: [(glyph: UInt32, x: Double)], advance: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["hb-shape", "--output-format=json", "--no-glyph-names", "--font-file=\(font)", "--text=\(text)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hb-shape is installed by scripts/ensure-media")
        let glyphs = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        // hb-shape --font-file scales to the face's units per em unless told otherwise.
        let upem = try unitsPerEm(font)
        var pen = 0.0
        let placed = glyphs.map { glyph in
            let id = UInt32(glyph["g"] as? Int ?? -1)
            let x = pen + Double(glyph["dx"] as? Int ?? 0)
            pen += Double(glyph["ax"] as? Int ?? 0)
            return (id, x / upem)
        }
        return (placed, pen / upem)
    }

    /// The font's units per em, read from its 'head' table (a TrueType or OpenType file, not a collection).
    private func unitsPerEm(_ path: String) throws -> Double {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        for table in 0..<u16(4) {
            let record = 12 + 16 * table
            if Array(bytes[record..<record + 4]) == Array("head".utf8) { return Double(u16(u32(record + 8) + 18)) }
        }
        XCTFail("\(path) has no head table")
        return 1
    }

    func testTrackingThatChangesEveryFrameSpacesHBShapesGlyphs() throws {
        // Tracking breathes in and out, frame by frame, and returns: each
        // glyph after the first moves by the tracking once per glyph before it.
        let text = "Wave AV"
        let expected = try hbShapeRun(text, font: Self.dejaVu)
        let fonts = try FontBook(.file(Self.dejaVu))
        for tracking in [0, 0.05, 0.1, 0.05, 0, -0.02] {
            let shaped = try XCTUnwrap(fonts.shaped(text, weight: 400, tracking: tracking))
            XCTAssertEqual(shaped.glyphs.map(\.glyph), expected.glyphs.map(\.glyph))
            for (index, (glyph, want)) in zip(shaped.glyphs, expected.glyphs).enumerated() {
                XCTAssertEqual(glyph.x, want.x + tracking * Double(index), accuracy: 1e-9, "glyph \(index) at tracking \(tracking)")
            }
            XCTAssertEqual(shaped.advance, expected.advance + tracking * Double(expected.glyphs.count), accuracy: 1e-9)
        }
    }

    func testArabicMatchesTheWholeParagraphShapedByHBShape() throws {
        // Joining on both sides, the lam-alef ligature, and a final form before a space.
        let text = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645} \u{0644}\u{0627}"
        let fonts = try FontBook(.file(Self.dejaVu))
        let shaped = try XCTUnwrap(fonts.shaped(text, weight: 400, tracking: 0))
        let expected = try hbShape(text, font: Self.dejaVu)
        XCTAssertEqual(shaped.glyphs.map(\.glyph), expected.map(\.glyph), "the same glyphs, in the same (visual) order")
        for (got, want) in zip(shaped.glyphs, expected) { XCTAssertEqual(got.x, want.x, accuracy: 0.01) }
        XCTAssertFalse(shaped.glyphs.contains { $0.glyph == 0 })
    }

    /// text-reveal draws an Arabic word one letter at a time, each with a
    /// zero-width joiner on the sides where Unicode's joining types connect
    /// it to its neighbours (م dual, ر right, ح dual, ب dual, ا right), and
    /// a lam with the alef after it as one (the ligature لا). Side by side,
    /// the letters are the word's own glyphs where hb-shape puts them.
    func testArabicLettersDrawnOneByOneWithJoinersAreTheWordsGlyphs() throws {
        try assertDrawnOneByOne(
            "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}",
            as: ["\u{0645}\u{200D}", "\u{200D}\u{0631}", "\u{062D}\u{200D}", "\u{200D}\u{0628}\u{200D}", "\u{200D}\u{0627}"])
        // سلام: س joins the lam of لا, whose alef lets go of م.
        try assertDrawnOneByOne("\u{0633}\u{0644}\u{0627}\u{0645}", as: ["\u{0633}\u{200D}", "\u{200D}\u{0644}\u{0627}", "\u{0645}"])
    }

    private func assertDrawnOneByOne(_ word: String, as units: [String], line: UInt = #line) throws {
        let fonts = try FontBook(.file(Self.dejaVu))
        var glyphs: [(glyph: UInt32, x: Double)] = []
        var x = 0.0
        // Right to left: the last letter is leftmost.
        // HarfBuzz draws a joiner as the font's space glyph with no advance.
        let space = try XCTUnwrap(fonts.shaped(" ", weight: 400, tracking: 0)?.glyphs.first?.glyph)
        for unit in units.reversed() {
            let shaped = try XCTUnwrap(fonts.shaped(unit, weight: 400, tracking: 0))
            for glyph in shaped.glyphs where !(glyph.advance == 0 && glyph.glyph == space) {
                glyphs.append((glyph.glyph, x + glyph.x))
            }
            x += shaped.advance
        }
        let expected = try hbShapeRun(word, font: Self.dejaVu)
        XCTAssertEqual(glyphs.map(\.glyph), expected.glyphs.map(\.glyph), "the joined forms, not the isolated ones", line: line)
        for (got, want) in zip(glyphs, expected.glyphs) { XCTAssertEqual(got.x, want.x, accuracy: 0.01, line: line) }
        XCTAssertEqual(x, expected.advance, accuracy: 0.01, "as wide as the word", line: line)
    }

    func testDigitsInsideArabicKeepTheirOrder() throws {
        // Logical: the word, a space, 123. A right-to-left paragraph (its first
        // strong letter is Arabic) puts the number at the left, read left to right.
        let word = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"
        let fonts = try FontBook(.file(Self.dejaVu))
        let shaped = try XCTUnwrap(fonts.shaped(word + " 123", weight: 400, tracking: 0))
        let expected = try hbShape("123", font: Self.dejaVu) + hbShape(" ", font: Self.dejaVu) + hbShape(word, font: Self.dejaVu)
        XCTAssertEqual(shaped.glyphs.map(\.glyph), expected.map(\.glyph))
        XCTAssertEqual(shaped.glyphs.prefix(3).map(\.x), shaped.glyphs.prefix(3).map(\.x).sorted(), "1, 2, 3 from left to right")
    }

    func testTrackingWidensArabicWordGapsAndKeepsTheLettersJoined() throws {
        let text = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645}"
        let fonts = try FontBook(.file(Self.dejaVu))
        let plain = try XCTUnwrap(fonts.shaped(text, weight: 400, tracking: 0))
        let tracked = try XCTUnwrap(fonts.shaped(text, weight: 400, tracking: 0.1))
        XCTAssertEqual(tracked.glyphs.map(\.glyph), plain.glyphs.map(\.glyph), "the joined forms do not change")
        // Tracking after the space and after the run's end only: 2 × 0.1 em.
        XCTAssertEqual(tracked.advance - plain.advance, 0.2, accuracy: 1e-9)
        // Latin takes it after every character: "ab c" is four.
        let latin = try XCTUnwrap(fonts.shaped("ab c", weight: 400, tracking: 0.1))
        let latinPlain = try XCTUnwrap(fonts.shaped("ab c", weight: 400, tracking: 0))
        XCTAssertEqual(latin.advance - latinPlain.advance, 0.4, accuracy: 1e-9)
    }

    func testJapaneseHindiHebrewAndEmojiEachFindAFont() throws {
        let fonts = try FontBook(.family("Inter"))
        let text = "吾輩は猫である。名前はまだ無い。 नमस्ते दुनिया שלום 👩‍👩‍👧‍👦 café"
        let shaped = try XCTUnwrap(fonts.shaped(text, weight: 400, tracking: 0))
        XCTAssertFalse(shaped.glyphs.contains { $0.glyph == 0 }, "no missing-glyph box")
        XCTAssertEqual(shaped.uncovered, [])
        XCTAssertNil(fonts.uncoveredNote)
        // The family is one emoji: one glyph, from a colour font.
        let family = shaped.glyphs.filter(\.font.hasColorBitmaps)
        XCTAssertEqual(family.count, 1)
        // The Latin comes from Inter itself.
        XCTAssertTrue(shaped.glyphs.last.map { $0.font.file.contains("Inter") } ?? false)
    }

    func testDevanagariConjunctsAndVowelSignsMatchHBShapeInTheFallbackFont() throws {
        let fonts = try FontBook(.family("Inter"))
        // न म स्ते: a virama conjunct and a vowel sign that attaches to it.
        let word = "नमस्ते"
        let shaped = try XCTUnwrap(fonts.shaped(word, weight: 400, tracking: 0))
        let file = try XCTUnwrap(shaped.glyphs.first?.font.file)
        XCTAssertFalse(file.contains("Inter"), "Inter has no Devanagari")
        let expected = try hbShape(word, font: file)
        XCTAssertEqual(shaped.glyphs.map(\.glyph), expected.map(\.glyph))
        for (got, want) in zip(shaped.glyphs, expected) { XCTAssertEqual(got.x, want.x, accuracy: 0.01) }
    }

    func testACharacterNoFontHasIsCollectedAndNamed() throws {
        let fonts = try FontBook(.family("Inter"))
        XCTAssertNil(fonts.uncoveredNote)
        _ = fonts.measure("a\u{0378}b", size: 20, weight: 400, tracking: 0)
        XCTAssertEqual(fonts.uncovered, ["\u{0378}"])
        XCTAssertEqual(fonts.uncoveredNote, "no installed font has U+0378; it is drawn as a box")
    }

    /// A text item drawn alone on a canvas: its pixels as [r, g, b, a], premultiplied.
    private func pixels(of text: DrawText, fonts: FontBook, size: Int) throws -> [[Int]] {
        let canvas = try PixelCanvas(width: size, height: size)
        let side = Double(size)
        try canvas.draw(
            DisplayList(width: side, height: side, bounds: DrawRect(x: 0, y: 0, width: side, height: side), items: [.text(text)]),
            fonts: fonts)
        return try canvas.withPixels { data, stride in
            (0..<size).flatMap { y in (0..<size).map { x in [2, 1, 0, 3].map { Int(data[y * stride + x * 4 + $0]) } } }
        }
    }

    func testAColourEmojiDrawsColouredPixelsAtTheTextsAlpha() throws {
        let fonts = try FontBook(.family("Inter"))
        // 😀: a yellow face. Drawn in black text, any colour seen comes from the emoji's own picture.
        let opaque = try pixels(of: DrawText(id: 1, text: "\u{1F600}", x: 8, y: 72, size: 64, color: 0x0000_00FF), fonts: fonts, size: 96)
        let coloured = opaque.filter { $0[3] > 200 && $0[0] > 150 && $0[1] > 100 && $0[2] < 100 }
        XCTAssertGreaterThan(coloured.count, 1000, "a 64 pt face is mostly yellow")
        let faint = try pixels(of: DrawText(id: 1, text: "\u{1F600}", x: 8, y: 72, size: 64, color: 0x0000_0080), fonts: fonts, size: 96)
        let alphas = faint.map { $0[3] }
        XCTAssertEqual(Double(alphas.max() ?? 0), 128, accuracy: 2, "the text colour's alpha fades the picture")
    }

    func testSVGOutlinesKeepEmojiAsText() throws {
        let fonts = try FontBook(.family("Inter"))
        let text = DrawText(id: 1, text: "ab \u{1F600}", x: 0, y: 20, size: 20, color: 0x0000_00FF)
        let svg = DisplayListSVG(bounds: DrawRect(x: 0, y: 0, width: 80, height: 30), text: .outlines(fonts))
            .document(DisplayList(width: 80, height: 30, bounds: DrawRect(x: 0, y: 0, width: 80, height: 30), items: [.text(text)])).string
        XCTAssertTrue(svg.contains("<path data-id=\"1\""), svg)
        XCTAssertEqual(svg.components(separatedBy: "<text").count - 1, 1, svg)
        XCTAssertTrue(svg.contains(">\u{1F600}</text>"), svg)
        XCTAssertEqual(svg.components(separatedBy: "data-id=\"1\"").count - 1, 1, "an id names one element: \(svg)")
    }

    /// A tab is a space and other control characters draw nothing: no
    /// missing-glyph box, no width, nothing reported missing.
    func testControlCharactersDrawNothingAndATabIsASpace() throws {
        let fonts = try FontBook(.file(Self.dejaVu))
        let plain = try XCTUnwrap(fonts.shaped("a b", weight: 400, tracking: 0))
        let tabbed = try XCTUnwrap(fonts.shaped("a\tb", weight: 400, tracking: 0))
        XCTAssertEqual(tabbed.glyphs.map(\.glyph), plain.glyphs.map(\.glyph))
        XCTAssertEqual(tabbed.advance, plain.advance, accuracy: 1e-12)
        let controlled = try XCTUnwrap(fonts.shaped("a\u{01}\u{7F}\u{80}\u{9B}b", weight: 400, tracking: 0))
        let joined = try XCTUnwrap(fonts.shaped("ab", weight: 400, tracking: 0))
        XCTAssertEqual(controlled.glyphs.map(\.glyph), joined.glyphs.map(\.glyph))
        XCTAssertFalse(controlled.glyphs.contains { $0.glyph == 0 })
        XCTAssertNil(fonts.uncoveredNote)
    }

    /// SVG collapses runs of spaces unless told not to: a run that has them keeps them.
    func testSVGTextKeepsRunsOfSpaces() {
        func svg(_ string: String) -> String {
            let text = DrawText(id: 1, text: string, x: 0, y: 20, size: 20, color: 0x0000_00FF)
            return DisplayListSVG(bounds: DrawRect(x: 0, y: 0, width: 80, height: 30))
                .document(DisplayList(width: 80, height: 30, bounds: DrawRect(x: 0, y: 0, width: 80, height: 30), items: [.text(text)])).string
        }
        XCTAssertTrue(svg("a  b").contains("xml:space=\"preserve\""))
        XCTAssertFalse(svg("a b").contains("xml:space"))
    }

    /// A run whose first strong letter is Hebrew or Arabic is a right-to-left
    /// paragraph in SVG as in the pixels ("!" on its left), its left end at x.
    func testSVGTextRunsRightToLeftWhereItsFirstStrongLetterDoes() {
        func svg(_ string: String) -> String {
            let text = DrawText(id: 1, text: string, x: 5, y: 20, size: 20, color: 0x0000_00FF)
            return DisplayListSVG(bounds: DrawRect(x: 0, y: 0, width: 80, height: 30))
                .document(DisplayList(width: 80, height: 30, bounds: DrawRect(x: 0, y: 0, width: 80, height: 30), items: [.text(text)])).string
        }
        let rtl = " direction=\"rtl\" text-anchor=\"end\" x=\"5\""
        XCTAssertTrue(svg("\u{05E9}\u{05DC}\u{05D5}\u{05DD}!").contains(rtl))
        XCTAssertTrue(svg("42 \u{0645}\u{0631}\u{062D}\u{0628}\u{0627}").contains(rtl), "digits are not strong")
        XCTAssertFalse(svg("hello \u{05E9}\u{05DC}\u{05D5}\u{05DD}").contains("direction"), "the first strong letter is Latin")
        XCTAssertFalse(svg("\u{00E9}t\u{00E9}").contains("direction"))
    }
}
