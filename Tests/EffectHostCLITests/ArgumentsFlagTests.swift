import XCTest

@testable import effect_host

/// Options that take no value: `--loop`, `--offline`, `--json`.
final class ArgumentsFlagTests: XCTestCase {
    func testFlagsGivenAreSetAndOthersAreNot() throws {
        let parsed = try Arguments(["--loop", "e", "--json", "--loop"], valued: [], flags: ["--loop", "--json", "--strict"])
        XCTAssertTrue(parsed.has("--loop"))
        XCTAssertTrue(parsed.has("--json"))
        XCTAssertFalse(parsed.has("--strict"))
        XCTAssertEqual(parsed.positionals, ["e"])
    }

    /// A flag takes nothing from the next argument, even one that looks
    /// like a value.
    func testFlagLeavesTheNextArgumentPositional() throws {
        let parsed = try Arguments(["--loop", "1"], valued: [], flags: ["--loop"])
        XCTAssertTrue(parsed.has("--loop"))
        XCTAssertEqual(parsed.positionals, ["1"])
    }

    func testFlagGivenAValueIsRefused() {
        XCTAssertEqual(usageMessage(["--offline=1"], flags: ["--offline"]), "--offline takes no value")
        XCTAssertEqual(usageMessage(["--offline="], flags: ["--offline"]), "--offline takes no value")
    }

    /// The same through run's spec, the way `effect-host run e --offline=1` parses.
    func testRunRefusesOfflineWithAValue() {
        do throws(UsageError) {
            _ = try Arguments(["strikethrough-reveal", "--offline=1"], spec: .run)
            XCTFail("--offline=1 parsed")
        } catch {
            XCTAssertEqual(error.message, "--offline takes no value")
        }
    }
}
