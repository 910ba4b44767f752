import XCTest

@testable import effect_host

/// Which arguments end up as operands (an effect's id, plugin files, a shell).
final class ArgumentsPositionalTests: XCTestCase {
    func testPositionalsKeepTheirOrderAroundOptions() throws {
        let parsed = try Arguments(["one", "--fps", "30", "two", "--loop", "three"], valued: ["--fps"], flags: ["--loop"])
        XCTAssertEqual(parsed.positionals, ["one", "two", "three"])
        XCTAssertEqual(parsed.all("--fps"), ["30"])
        XCTAssertEqual(parsed.flags, ["--loop"])
    }

    func testDoubleDashMakesEverythingAfterItPositional() throws {
        let parsed = try Arguments(
            ["--json", "a", "--", "--fps", "-x", "--loop", "--", "-", "--fps=1"], valued: ["--fps"], flags: ["--json", "--loop"])
        // The second "--" is an operand too: only the first one is the separator.
        XCTAssertEqual(parsed.positionals, ["a", "--fps", "-x", "--loop", "--", "-", "--fps=1"])
        XCTAssertEqual(parsed.flags, ["--json"])
        XCTAssertEqual(parsed.values, [:])
    }

    func testDoubleDashAtTheEndLeavesNothing() throws {
        let parsed = try Arguments(["a", "--"], valued: [], flags: [])
        XCTAssertEqual(parsed.positionals, ["a"])
    }

    /// "-" conventionally names standard input or output, as in `-o -`.
    func testLoneDashIsPositional() throws {
        let parsed = try Arguments(["a", "-", "b"], valued: ["-o"], flags: [])
        XCTAssertEqual(parsed.positionals, ["a", "-", "b"])
        XCTAssertEqual(parsed.values, [:])
    }
}
