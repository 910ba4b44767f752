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

/// The kit's case mappings are `String.lowercased()` and `uppercased()`, scalar for scalar:
/// Breathe's uppercase display and Text Reveal's highlight matching use them.
final class CaseMappingTests: XCTestCase {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map { $0.value } }

    func testEveryScalarMapsAsTheStandardLibrarys() {
        var mapped = 0
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let name = "U+\(String(value, radix: 16))"
            XCTAssertEqual(scalars(ScalarProperties.lowercased(text)), scalars(text.lowercased()), name)
            XCTAssertEqual(scalars(ScalarProperties.uppercased(text)), scalars(text.uppercased()), name)
            XCTAssertEqual(scalars(ScalarProperties.lowercased(text)), scalars(scalar.properties.lowercaseMapping), name)
            XCTAssertEqual(scalars(ScalarProperties.uppercased(text)), scalars(scalar.properties.uppercaseMapping), name)
            if scalars(scalar.properties.uppercaseMapping) != [value] { mapped += 1 }
        }
        // Unicode 16: 1,478 scalars uppercase to one other scalar and 102 to two or three.
        XCTAssertEqual(mapped, 1_580)
    }

    func testWholeTextsMapAsTheStandardLibrarys() {
        // Every scalar in one string, then mixed with combining marks and ASCII, as a Substring too.
        let every = String(String.UnicodeScalarView((0...0x10_FFFF).compactMap(Unicode.Scalar.init(_:))))
        // Compared here rather than by XCTAssertEqual, whose message would print 1.1 million scalars.
        for (kit, standard) in [(ScalarProperties.lowercased(every), every.lowercased()), (ScalarProperties.uppercased(every), every.uppercased())] {
            let (ours, theirs) = (scalars(kit), scalars(standard))
            let first = ours.indices.first { $0 >= theirs.count || ours[$0] != theirs[$0] }
            XCTAssertTrue(ours == theirs, "\(ours.count) against \(theirs.count) scalars, first differing at \(first.map(String.init) ?? "the end")")
        }
        let texts = [
            "", "BREATHE", "Breathe in, breathe out", "Straße", "ŉ", "İstanbul", "ﬁne ﬂow", "ΟΔΟΣ ΣΑΣ, Σ.", "σς",
            "ǅungla ǈ ǋ", "ᲛᲗᲐ მთა", "ᏣᎳᎩ ꮳꮃꭹ", "𐐔𐐯𐑅𐐨𐑉𐐯𐐻 𐐼𐐯𐑅𐐯𐑉𐐯𐐻", "e\u{301}Ꙁ\u{1F469}\u{200D}\u{1F467}", "ΐΰ", "ﬓ", "\u{1E9E}ẞ",
        ]
        for text in texts {
            XCTAssertEqual(scalars(ScalarProperties.lowercased(text)), scalars(text.lowercased()), text)
            XCTAssertEqual(scalars(ScalarProperties.uppercased(text)), scalars(text.uppercased()), text)
            let inner = text.dropFirst()
            XCTAssertEqual(scalars(ScalarProperties.lowercased(inner)), scalars(inner.lowercased()), text)
            XCTAssertEqual(scalars(ScalarProperties.uppercased(inner)), scalars(inner.uppercased()), text)
        }
    }

    func testKnownAnswers() {
        // From UnicodeData.txt and SpecialCasing.txt (unconditional mappings only).
        XCTAssertEqual(scalars(ScalarProperties.uppercased("Straße")), [0x53, 0x54, 0x52, 0x41, 0x53, 0x53, 0x45])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{149}")), [0x2BC, 0x4E])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{FB01}")), [0x46, 0x49])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{390}")), [0x399, 0x308, 0x301])
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{130}")), [0x69, 0x307])
        // No Final_Sigma: the standard library lowercases Σ to σ wherever it stands.
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{39F}\u{394}\u{39F}\u{3A3}")), [0x3BF, 0x3B4, 0x3BF, 0x3C3])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{3C2}")), [0x3A3])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{1C6}")), [0x1C4])  // not the titlecase ǅ
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{1C5}")), [0x1C6])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{10DB}")), [0x1C9B])  // Georgian Mkhedruli → Mtavruli
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{13E3}")), [0xABB3])  // Cherokee: capitals lowercase to U+AB70…
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{ABB3}")), [0x13E3])
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{10414}")), [0x1043C])  // Deseret
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{1E9E}")), [0xDF])
        XCTAssertEqual(scalars(ScalarProperties.uppercased("\u{101} \u{103}")), [0x100, 0x20, 0x102])  // alternating capital/small runs
        XCTAssertEqual(scalars(ScalarProperties.lowercased("\u{100}\u{101}")), [0x101, 0x101])
    }
}
