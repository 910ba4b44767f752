@testable import EffectRender
import XCTest

/// The itemiser and the bidi levels, against UAX #9 and UAX #24 worked by
/// hand: where a paragraph splits into runs, the order the runs are laid
/// out in, and the levels FriBidi gives mixed text.
final class TextItemsTests: XCTestCase {
    private let latin = TextItems.tag("Latn"), arabic = TextItems.tag("Arab"), hebrew = TextItems.tag("Hebr")
    private let common = TextItems.tag("Zyyy"), inherited = TextItems.tag("Zinh")

    func testScriptTagsAreSpelledAsHarfBuzzSpellsThem() {
        // HB_TAG('L','a','t','n') = 0x4C61746E.
        XCTAssertEqual(latin, 0x4C61_746E)
        XCTAssertEqual(arabic, 0x4172_6162)
    }

    func testItemsSplitWhereLevelScriptOrFontChanges() {
        // "ab" Latin, " " common, "مر" Arabic at level 1, then "ab" Latin in a second font.
        let items = TextItems(
            levels: [0, 0, 0, 1, 1, 0, 0], scripts: [latin, latin, common, arabic, arabic, latin, latin], fonts: [0, 0, 0, 0, 0, 1, 1])
        XCTAssertEqual(items.items.map { [$0.start, $0.end] }, [[0, 3], [3, 5], [5, 7]])
        XCTAssertEqual(items.items.map(\.script), [latin, arabic, latin])
        XCTAssertEqual(items.items.map(\.rightToLeft), [false, true, false])
        XCTAssertEqual(items.items.map(\.font), [0, 0, 1])
    }

    func testCommonAndInheritedTakeTheScriptBeforeThemOrTheFirstAtTheStart() {
        // "(1) مَ": the bracket, digit and space come before any real script; the mark inherits Arabic.
        let items = TextItems(
            levels: [1, 2, 1, 1, 1, 1], scripts: [common, common, common, common, arabic, inherited], fonts: [0, 0, 0, 0, 0, 0])
        XCTAssertEqual(items.items.map(\.script), [arabic, arabic, arabic])
        XCTAssertEqual(items.items.map { [$0.start, $0.end] }, [[0, 1], [1, 2], [2, 6]])
    }

    func testVisualOrderReversesEachStretchFromTheHighestLevelDown() {
        // Levels 0 1 2 1 0: level 2 alone stays, then items 1...3 reverse.
        let nested = TextItems(levels: [0, 1, 2, 1, 0], scripts: [latin, arabic, latin, hebrew, latin], fonts: [0, 0, 0, 0, 0])
        XCTAssertEqual(nested.visualOrder, [0, 3, 2, 1, 4])
        // A right-to-left paragraph with a number in it: the number's two items keep their order.
        let numbers = TextItems(levels: [1, 2, 2, 1], scripts: [arabic, latin, hebrew, arabic], fonts: [0, 0, 0, 0])
        XCTAssertEqual(numbers.visualOrder, [3, 1, 2, 0])
        let plain = TextItems(levels: [0, 0], scripts: [latin, arabic], fonts: [0, 0])
        XCTAssertEqual(plain.visualOrder, [0, 1])
    }

    func testFriBidiLevelsForLatinHebrewAndDigits() throws {
        let bidi = try FriBidi.shared.get()
        // "ab אב 12": L L WS R R WS EN EN. The first strong letter is L, so the
        // paragraph is level 0; the Hebrew is 1; the space after it sits between
        // R and a number (numbers count as R, N1) so is 1; the number after R is 2 (I2).
        let text = "ab \u{05D0}\u{05D1} 12"
        let levels = try XCTUnwrap(bidi.embeddingLevels(text.unicodeScalars.map(\.value)))
        XCTAssertEqual(levels.paragraph, 0)
        XCTAssertEqual(levels.levels, [0, 0, 0, 1, 1, 1, 2, 2])
        // The same paragraph set right to left: the Latin letters rise to 2 (I2), the number too.
        let forced = try XCTUnwrap(bidi.embeddingLevels(text.unicodeScalars.map(\.value), direction: FriBidi.rightToLeft))
        XCTAssertEqual(forced.paragraph, 1)
        XCTAssertEqual(forced.levels, [2, 2, 1, 1, 1, 1, 2, 2])
    }

    func testAnArabicParagraphIsRightToLeft() throws {
        let bidi = try FriBidi.shared.get()
        let levels = try XCTUnwrap(bidi.embeddingLevels("\u{0645}\u{0631} ab".unicodeScalars.map(\.value)))
        XCTAssertEqual(levels.paragraph, 1)
        XCTAssertEqual(levels.levels, [1, 1, 1, 2, 2])
    }
}

/// The line that names characters no installed font has, word for word.
final class MissingCharactersTests: XCTestCase {
    /// No package installed, whatever this machine has.
    private let none = { (_: String) in false }

    func testNothingMissingSaysNothing() {
        XCTAssertNil(MissingCharacters.note([]))
    }

    func testOneCharacterNamesItsPackage() {
        XCTAssertEqual(
            MissingCharacters.note(["\u{0915}"], installed: none),
            "no installed font has U+0915 \u{0915}; it is drawn as a box (the Debian package fonts-noto-core has it)")
    }

    func testSeveralScriptsNameEachPackageOnceAndLongListsAreCounted() {
        let scalars: [Unicode.Scalar] = ["\u{543E}", "\u{1F469}", "\u{0915}", "\u{3042}", "\u{AC00}", "\u{1F600}", "\u{0916}", "\u{0917}", "\u{0918}", "\u{0919}"]
        XCTAssertEqual(
            MissingCharacters.note(scalars, installed: none),
            "no installed font has these 10 characters: U+543E \u{543E}, U+1F469 \u{1F469}, U+0915 \u{0915}, U+3042 \u{3042}, "
                + "U+AC00 \u{AC00}, U+1F600 \u{1F600}, U+0916 \u{0916}, U+0917 \u{0917} and 2 more; they are drawn as boxes "
                + "(the Debian packages fonts-noto-cjk, fonts-noto-color-emoji and fonts-noto-core have them)")
    }

    func testAnInstalledPackageThatLacksACharacterIsNotOfferedAgain() {
        let emojiInstalled = { (package: String) in package == "fonts-noto-color-emoji" }
        XCTAssertEqual(
            MissingCharacters.note(["\u{1FA89}"], installed: emojiInstalled),
            "no installed font has U+1FA89 \u{1FA89}; it is drawn as a box "
                + "(not even the installed fonts-noto-color-emoji has it: newer characters come with newer releases)")
        XCTAssertEqual(
            MissingCharacters.note(["\u{1FA89}", "\u{0915}"], installed: emojiInstalled),
            "no installed font has these 2 characters: U+1FA89 \u{1FA89}, U+0915 \u{0915}; they are drawn as boxes "
                + "(the Debian package fonts-noto-core has it; "
                + "not even the installed fonts-noto-color-emoji has it: newer characters come with newer releases)")
    }

    func testACodePointNoFontIsMadeForNamesNoPackage() {
        XCTAssertEqual(MissingCharacters.note(["\u{0378}"]), "no installed font has U+0378; it is drawn as a box")
        XCTAssertEqual(MissingCharacters.note(["\u{E000}"]), "no installed font has U+E000; it is drawn as a box")
    }
}
