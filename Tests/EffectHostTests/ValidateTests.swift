import Foundation
import XCTest

/// `effect-host validate`'s own output: its flags, its JSON and text
/// reports and its exit status. The verdicts are the library's, tested
/// in Tests/EffectValidateTests.
final class ValidateTests: XCTestCase {
    private func validate(_ arguments: [String]) throws -> (status: Int32, report: [String: [String: (String, String)]]) {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, ["validate", "--json"] + arguments)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        var report: [String: [String: (String, String)]] = [:]
        for plugin in try XCTUnwrap(json["plugins"] as? [[String: Any]]) {
            let path = try XCTUnwrap(plugin["path"] as? String)
            var checks: [String: (String, String)] = [:]
            for check in try XCTUnwrap(plugin["checks"] as? [[String: String]]) {
                checks[check["name"] ?? ""] = (check["status"] ?? "", check["reason"] ?? "")
            }
            report[(path as NSString).lastPathComponent] = checks
        }
        return (result.status, report)
    }

    private let checks = [
        "load", "metadata", "defaults", "determinism", "random-access", "sweep", "bad-input", "events", "loops", "threads",
        "isolation", "strings", "errors", "overrun", "stdout", "draw", "lifecycle", "cost",
    ]

    /// The report as --json writes it, and the exit status: what each
    /// check concluded is EffectValidate's (Tests/EffectValidateTests);
    /// here, that the flags reach it and the report is written whole.
    func testTheJSONReportAndStrictMode() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let good = try Fixtures.testPlugin("good.so", in: directory)
        let exports = try Fixtures.testPlugin("exports.so", in: directory, defines: ["BROKEN_EXTRA_EXPORTS"])
        let plain = try validate(["--timeout", "20", "--seed", "7", good, exports])
        XCTAssertEqual(plain.status, 0, "a warning alone is no failure")
        XCTAssertEqual(Set(plain.report.keys), ["good.so", "exports.so"])
        for (name, results) in plain.report {
            XCTAssertEqual(Set(results.keys), Set(checks), name)
        }
        for (check, (verdict, reason)) in try XCTUnwrap(plain.report["good.so"]) {
            XCTAssertEqual(verdict, check == "draw" ? "skip" : "pass", "good.so \(check): \(reason)")
        }
        XCTAssertEqual(plain.report["exports.so"]?["load"]?.0, "warn")
        let strict = try validate(["--strict", "--timeout", "20", "--seed", "7", exports])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.report["exports.so"]?["load"]?.0, "fail")
        XCTAssertTrue(strict.report["exports.so"]?["load"]?.1.hasSuffix("(a failure in strict mode)") == true)
    }

    func testUsageAndText() throws {
        let none = try TestEnvironment.run(TestEnvironment.effectHost, ["validate"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(none.stderr, "effect-host: validate needs one or more plugin files\n")
        let seed = try TestEnvironment.run(
            TestEnvironment.effectHost, ["validate", "--seed", "9223372036854775808", TestEnvironment.strikePlugin])
        XCTAssertEqual(seed.status, 2)
        XCTAssertTrue(seed.stderr.hasPrefix("effect-host: --seed needs a whole number from 0 to 9223372036854775807"), seed.stderr)
        let text = try TestEnvironment.run(
            TestEnvironment.effectHost, ["validate", "--seed", "5", TestEnvironment.strikePlugin])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.hasSuffix("18 pass, 0 skip, 0 warn, 0 fail, 0 crash (seed 5)\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  pass   bad-input      "), text.stdout)
    }
}
