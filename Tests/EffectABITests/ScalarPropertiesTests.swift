import XCTest

@testable import EffectABI

/// The kit's own property tables answer, for every scalar, what the
/// standard library's answer: the sites that moved to them (Graphemes,
/// JoiningType, LayoutDirection, Paragraph, and Text Reveal's Chunking)
/// behave natively as before.
final class ScalarPropertiesTests: XCTestCase {
    private var everyScalar: [Unicode.Scalar] { (0...0x10_FFFF).compactMap(Unicode.Scalar.init(_:)) }

    func testMarksAndFormatsAreGeneralCategoryMnMeAndCf() {
        var checked = 0
        for scalar in everyScalar {
            let category = scalar.properties.generalCategory
            XCTAssertEqual(ScalarProperties.isMark(scalar), category == .nonspacingMark || category == .enclosingMark, "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(ScalarProperties.isFormat(scalar), category == .format, "U+\(String(scalar.value, radix: 16))")
            checked += 1
        }
        XCTAssertEqual(checked, 0x11_0000 - 0x800)
    }

    func testAlphabeticNumericAndWhiteSpaceAreTheStandardLibrarys() {
        for scalar in everyScalar {
            let name = "U+\(String(scalar.value, radix: 16))"
            XCTAssertEqual(ScalarProperties.isAlphabetic(scalar), scalar.properties.isAlphabetic, name)
            XCTAssertEqual(ScalarProperties.hasNumericType(scalar), scalar.properties.numericType != nil, name)
            XCTAssertEqual(ScalarProperties.isWhitespace(scalar), scalar.properties.isWhitespace, name)
        }
    }

    func testCharacterPropertiesAreCharacters() {
        // Alone, and as the first scalar of a cluster (a combining acute, a CR LF).
        var characters = everyScalar.map { Character($0) }
        characters += everyScalar.filter { $0.value % 7 == 0 }.map { String($0) + "\u{0301}" }.filter { $0.count == 1 }.map { Character($0) }
        characters += ["\r\n", "\u{1F469}\u{200D}\u{1F467}", "e\u{0301}", " \u{0301}"]
        for character in characters {
            let name = character.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            XCTAssertEqual(ScalarProperties.isWhitespace(character), character.isWhitespace, name)
            XCTAssertEqual(ScalarProperties.isNewline(character), character.isNewline, name)
            XCTAssertEqual(ScalarProperties.isLetter(character), character.isLetter, name)
            XCTAssertEqual(ScalarProperties.isNumber(character), character.isNumber, name)
        }
    }

    func testKnownAnswers() {
        XCTAssertTrue(ScalarProperties.isMark("\u{0301}"))
        XCTAssertTrue(ScalarProperties.isMark("\u{20DD}"))  // COMBINING ENCLOSING CIRCLE, Me
        XCTAssertTrue(ScalarProperties.isFormat("\u{200D}"))
        XCTAssertFalse(ScalarProperties.isMark("a"))
        XCTAssertTrue(ScalarProperties.isAlphabetic("\u{9FFF}"))  // the end of a range longer than one table entry
        XCTAssertTrue(ScalarProperties.isAlphabetic("\u{2A6DF}"))
        XCTAssertFalse(ScalarProperties.isAlphabetic("1"))
        XCTAssertTrue(ScalarProperties.hasNumericType("\u{0661}"))  // ARABIC-INDIC DIGIT ONE
        XCTAssertTrue(ScalarProperties.isWhitespace("\u{3000}" as Unicode.Scalar))
        XCTAssertFalse(ScalarProperties.isWhitespace("\u{200B}" as Unicode.Scalar))  // ZERO WIDTH SPACE is not White_Space
    }
}
