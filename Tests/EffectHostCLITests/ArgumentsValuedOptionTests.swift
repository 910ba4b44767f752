import XCTest

@testable import effect_host

/// Options that take a value: `--fps 30`, `--fps=30`, repeated `--param`s.
final class ArgumentsValuedOptionTests: XCTestCase {
    func testSeparateValue() throws {
        let parsed = try Arguments(["--fps", "30", "e"], valued: ["--fps"], flags: [])
        XCTAssertEqual(parsed.all("--fps"), ["30"])
        XCTAssertEqual(try parsed.single("--fps"), "30")
        XCTAssertEqual(parsed.positionals, ["e"])
    }

    /// `--at -1` and `-o -` must reach the option, not the option parser.
    func testSeparateValueIsTakenEvenWhenItStartsWithADash() throws {
        let parsed = try Arguments(["--at", "-1", "-o", "-"], valued: ["--at", "-o"], flags: [])
        XCTAssertEqual(parsed.all("--at"), ["-1"])
        XCTAssertEqual(parsed.all("-o"), ["-"])
        XCTAssertEqual(parsed.positionals, [])
    }

    func testInlineValue() throws {
        let parsed = try Arguments(["--fps=30"], valued: ["--fps"], flags: [])
        XCTAssertEqual(parsed.all("--fps"), ["30"])
        XCTAssertEqual(parsed.positionals, [])
    }

    /// `--name=` gives an empty value, which is not the same as no value.
    func testEmptyInlineValueIsGiven() throws {
        let parsed = try Arguments(["--name="], valued: ["--name"], flags: [])
        XCTAssertEqual(parsed.all("--name"), [""])
        XCTAssertEqual(try parsed.single("--name"), "")
    }

    /// Only the first "=" ends the name, so `--param=text=a=b` sets text to "a=b".
    func testInlineValueKeepsLaterEquals() throws {
        let parsed = try Arguments(["--param=text=a=b"], valued: ["--param"], flags: [])
        XCTAssertEqual(parsed.all("--param"), ["text=a=b"])
    }

    /// `=value` belongs to long options only; `-o=x` is a mistake, not `-o x`.
    func testShortOptionTakesNoInlineValue() {
        XCTAssertEqual(usageMessage(["-o=x"], valued: ["-o"]), "unknown option -o=x (did you mean -o?)")
    }

    func testValuedOptionAtTheEndNeedsAValue() {
        XCTAssertEqual(usageMessage(["e", "--fps"], valued: ["--fps"]), "--fps needs a value")
        XCTAssertEqual(usageMessage(["--fps", "30", "--fps"], valued: ["--fps"]), "--fps needs a value")
    }

    func testRepeatedValuesCollectInOrder() throws {
        let parsed = try Arguments(
            ["--param", "a=1", "--param=b=2", "e", "--param", "c=3", "--fps", "5"], valued: ["--param", "--fps"], flags: [])
        XCTAssertEqual(parsed.all("--param"), ["a=1", "b=2", "c=3"])
        XCTAssertEqual(parsed.all("--fps"), ["5"])
        XCTAssertEqual(parsed.positionals, ["e"])
    }

    func testSingleRefusesASecondValue() throws {
        let parsed = try Arguments(["--fps", "30", "--fps=30"], valued: ["--fps"], flags: [])
        XCTAssertEqual(parsed.all("--fps"), ["30", "30"])
        XCTAssertEqual(singleMessage(parsed, "--fps"), "--fps is given more than once")
    }

    func testAbsentOptionHasNoValues() throws {
        let parsed = try Arguments(["e"], valued: ["--fps"], flags: [])
        XCTAssertEqual(parsed.all("--fps"), [])
        XCTAssertNil(try parsed.single("--fps"))
    }
}
