import XCTest

@testable import effect_host

/// Options the command does not have, and the hint for what was meant:
/// an option one edit away (or one in four letters) for names of three
/// letters or more, else the alphabetically first option that the name is
/// a prefix of, or that is a prefix of the name; nothing else is close.
final class ArgumentsUnknownOptionTests: XCTestCase {
    private let valued: Set<String> = ["--duration", "--fps", "--format", "--font", "-o", "--output"]
    private let flags: Set<String> = ["--loop"]

    private func message(_ arguments: String...) -> String? {
        usageMessage(arguments, valued: valued, flags: flags)
    }

    func testUnknownOptionWithNothingCloseHasNoHint() {
        XCTAssertEqual(message("--x"), "unknown option --x")
        XCTAssertEqual(message("--zzz"), "unknown option --zzz")
    }

    func testAMisspellingHintsTheOptionItMisspells() {
        XCTAssertEqual(message("--lop"), "unknown option --lop (did you mean --loop?)")
        XCTAssertEqual(message("--fromat", "csv"), "unknown option --fromat (did you mean --format?)")
        // Two letters swapped are one edit.
        XCTAssertEqual(message("--fsp", "3"), "unknown option --fsp (did you mean --fps?)")
    }

    func testUnknownOptionNamesOnlyTheNameNotTheValue() {
        XCTAssertEqual(message("--x=secret"), "unknown option --x")
    }

    func testAbbreviationHintsTheOptionItStarts() {
        XCTAssertEqual(message("--dur", "1"), "unknown option --dur (did you mean --duration?)")
        XCTAssertEqual(message("--o"), "unknown option --o (did you mean --output?)")
    }

    /// "--f" starts --font, --format and --fps; "--fon" < "--for" < "--fp".
    func testAmbiguousAbbreviationHintsTheFirstAlphabetically() {
        XCTAssertEqual(message("--f"), "unknown option --f (did you mean --font?)")
    }

    func testNameThatRunsOnHintsTheOptionItStartsWith() {
        XCTAssertEqual(message("--loops"), "unknown option --loops (did you mean --loop?)")
        // getopt's glued `-ofile`, which this parser does not take.
        XCTAssertEqual(message("-ofile"), "unknown option -ofile (did you mean -o?)")
    }

    /// The name comes from the user and ends up on their terminal: escapes,
    /// newlines and bidi overrides are shown, not obeyed, and the message
    /// stays one line.
    func testControlCharactersInTheNameAreShownAsEscapes() {
        XCTAssertEqual(message("--x\u{1B}[31m"), "unknown option --x\\u{1b}[31m")
        XCTAssertEqual(message("--a\nb=1"), "unknown option --a\\u{a}b")
        XCTAssertEqual(message("--\u{9B}2J\u{202E}"), "unknown option --\\u{9b}2J\\u{202e}")
        // The hint is worked out from the name as typed.
        XCTAssertEqual(message("--loop\u{7}"), "unknown option --loop\\u{7} (did you mean --loop?)")
    }
}
