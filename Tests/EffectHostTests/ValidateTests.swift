import Foundation
import XCTest

/// `effect-host validate`: the bundled plugins pass, and each deliberately
/// broken plugin is caught by the check meant to catch it.
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

    func testBundledPluginsPass() throws {
        let plugins = TestEnvironment.bundledPlugins.map { TestEnvironment.buildDirectory + "/" + $0 }
        let (status, report) = try validate(["--seed", "42"] + plugins)
        XCTAssertEqual(status, 0)
        for name in TestEnvironment.bundledPlugins {
            let results = try XCTUnwrap(report[name])
            XCTAssertEqual(Set(results.keys), Set(checks))
            for (check, (verdict, reason)) in results {
                XCTAssertEqual(verdict, "pass", "\(name) \(check): \(reason)")
            }
        }
        let counted = TestEnvironment.sanitizer == nil ? "no allocations while sampling" : "allocations not counted"
        XCTAssertTrue(report["libBreathe.so"]?["cost"]?.1.contains(counted) == true)
    }

    func testBrokenPluginsAreCaughtByTheRightCheck() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let variants: [(String, String)] = [
            ("good.so", ""), ("crash.so", "BROKEN_CRASH"), ("hang.so", "BROKEN_HANG"),
            ("nondeterministic.so", "BROKEN_NONDETERMINISTIC"), ("leak.so", "BROKEN_LEAK"), ("abi2.so", "BROKEN_ABI_MAJOR=2"),
            ("default.so", "BROKEN_DEFAULT_RANGE"), ("chatty.so", "BROKEN_PRINTS"),
        ]
        var paths: [String] = []
        for (name, define) in variants {
            paths.append(try Fixtures.testPlugin(name, in: directory, defines: define.isEmpty ? [] : [define]))
        }
        let (status, report) = try validate(["--timeout", "3", "--seed", "7"] + paths)
        XCTAssertEqual(status, 1)
        // The test plugin is built for ABI 1.0, which has no draw to check.
        for (check, (verdict, reason)) in try XCTUnwrap(report["good.so"]) {
            XCTAssertEqual(verdict, check == "draw" ? "skip" : "pass", "good.so \(check): \(reason)")
        }
        XCTAssertEqual(report["good.so"]?["draw"]?.1, "built for ABI 1.0, which has no draw (since 1.2)")
        XCTAssertEqual(report["crash.so"]?["determinism"]?.0, "crash")
        XCTAssertEqual(report["crash.so"]?["determinism"]?.1, "the plugin crashed: signal 11 (Segmentation fault) during sample")
        XCTAssertEqual(report["crash.so"]?["load"]?.0, "pass")
        XCTAssertEqual(report["hang.so"]?["determinism"]?.0, "crash")
        XCTAssertEqual(report["hang.so"]?["determinism"]?.1, "the plugin hung: the check did not finish in 3 s and was killed")
        // One fault, one finding (issue 34): after two hangs the later checks are not run, not each timed out.
        let hangReasons = try XCTUnwrap(report["hang.so"]).values.map(\.1)
        XCTAssertEqual(hangReasons.filter { $0.hasPrefix("the plugin hung:") }.count, 2, "\(hangReasons)")
        XCTAssertGreaterThan(hangReasons.filter { $0.hasPrefix("not run: the plugin hung in 'determinism' and '") }.count, 5, "\(hangReasons)")
        XCTAssertEqual(report["nondeterministic.so"]?["determinism"]?.0, "fail")
        XCTAssertEqual(report["nondeterministic.so"]?["defaults"]?.0, "pass")
        if TestEnvironment.sanitizer == nil {
            XCTAssertEqual(report["leak.so"]?["lifecycle"]?.0, "fail")
            XCTAssertTrue(report["leak.so"]?["lifecycle"]?.1.contains("over 10000 create/sample/destroy cycles") == true)
        } else {
            // A sanitizer's quarantine hides leaks from resident size; validate says so.
            XCTAssertTrue(report["leak.so"]?["lifecycle"]?.1.contains("built with a sanitizer") == true)
        }
        XCTAssertEqual(report["leak.so"]?["determinism"]?.0, "pass")
        XCTAssertEqual(report["abi2.so"]?["load"]?.0, "fail")
        XCTAssertEqual(report["abi2.so"]?["load"]?.1, "built for effect ABI 2.0; this host speaks 1.5")
        XCTAssertEqual(report["default.so"]?["load"]?.0, "pass")
        XCTAssertEqual(report["default.so"]?["metadata"]?.0, "fail")
        XCTAssertEqual(report["default.so"]?["metadata"]?.1, "effect 'test-ramp': param 'length' has a default outside its range")
        // A plugin that prints on stdout cannot garble the verdicts, and
        // the stdout check names what it printed.
        for (check, (verdict, reason)) in try XCTUnwrap(report["chatty.so"]) where check != "stdout" {
            XCTAssertEqual(verdict, check == "draw" ? "skip" : "pass", "chatty.so \(check): \(reason)")
        }
        XCTAssertEqual(report["chatty.so"]?["stdout"]?.0, "fail")
        XCTAssertEqual(
            report["chatty.so"]?["stdout"]?.1,
            "printed to stdout while test-ramp samples (25 bytes: 'debugdebugdebugdebugdebug'); a plugin may not print")
    }

    /// Each way of breaking the contract that an earlier validate missed is
    /// caught by the check made for it (a frame overrun by every check that
    /// samples, as the fence after each frame sees it).
    func testEachContractBreakIsCaughtByItsOwnCheck() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let cases: [(define: String, check: String, status: String, reason: String)] = [
            ("BROKEN_ERROR_GARBAGE", "errors", "fail", "test-ramp: sample at t = 0.5 returns OK but leaves status 12345 in the error struct"),
            ("BROKEN_OUT_STRUCT_OVERRUN", "errors", "fail",
             "test-ramp: instance_info: 16 bytes written outside the 48 bytes the caller gave (0 before, 16 after)"),
            ("BROKEN_STRUCT_SIZE_CLAIM", "errors", "fail",
             "test-ramp: instance_info: struct_size written back is 4096, more than the 48 bytes given"),
            ("BROKEN_SHARED_STATE", "isolation", "fail", "test-ramp: with a second instance (length=5.05 reduce_motion=true) sampled in turn"),
            ("BROKEN_NEW_TABLE", "load", "fail", "effect_plugin_entry returns a different table each call; it must return the same one"),
            // Named in every check that samples, by the value effect-host
            // fences after each frame, not only by the overrun check's guard page.
            ("BROKEN_FRAME_OVERRUN", "determinism", "fail",
             "test-ramp: the plugin wrote past the end of the buffer it was given: sample at t = 0.1 had room for 1 value"),
            ("BROKEN_CREATE_EXIT", "metadata", "crash", "the plugin exited with status 0 during create, in the metadata check"),
            ("BROKEN_SLOW", "determinism", "fail", "slow: test-ramp takes "),
            ("BROKEN_EXTRA_EXPORTS", "load", "warn", "exports 2 symbols besides effect_plugin_entry"),
            // effect.h promises every value within its channel's range: a failure, not a warning (issue 48).
            ("BROKEN_OUT_OF_RANGE", "sweep", "fail", "values outside their declared ranges: test-ramp.value = 1.5 at t = "),
            ("BROKEN_NULL_STRINGS", "strings", "fail",
             "test-ramp with defaults: strings at t = 1.0: accessibility_value is NULL; a string is never NULL"),
            ("BROKEN_ELEMENT_UTF8", "strings", "fail", "test-ramp with defaults: element 0's text is not UTF-8"),
            // A note is a line a host prints as it is (issue 48, ABI 1.5).
            ("BROKEN_NOTES", "strings", "fail",
             "test-ramp with defaults: a note holds the control character U+001B; notes are lines of text"),
            // ...and only there: the stdout check looks for printing alone (issue 34).
            ("BROKEN_ELEMENT_UTF8", "stdout", "pass", "nothing printed to stdout"),
            // Named for what they do, in the first check that meets them (issue 34).
            ("BROKEN_ERROR_OVERRUN", "metadata", "fail", "the plugin wrote past the 520-byte effect_error it was given, in describe"),
            ("BROKEN_HOG", "metadata", "fail", "effect 'test-ramp': one instance with default params takes 1."),
            ("BROKEN_INFINITE_END", "metadata", "fail",
             "effect 'test-ramp': the plugin reports an invalid timing: end inf (an end is finite and at least 0)"),
            // The scan's limit, in the scan's words (issue 34).
            ("BROKEN_HUGE_DEFAULT", "metadata", "fail", "its metadata is more than 16 MB as text; a host scans at most that"),
            // +inf for 0.1 ms, between the probe times: found by the dense sweep (issue 34).
            ("BROKEN_INF_WINDOW", "sweep", "fail", "test-ramp with defaults: the plugin wrote inf into channel 'value' of a frame near t = 0.4321"),
        ]
        var paths: [String] = []
        for item in cases where !paths.contains(where: { $0.hasSuffix("/" + item.define.lowercased() + ".so") }) {
            paths.append(try Fixtures.testPlugin(item.define.lowercased() + ".so", in: directory, defines: [item.define]))
        }
        let (status, report) = try validate(["--timeout", "20", "--seed", "7"] + paths)
        XCTAssertEqual(status, 1)
        for item in cases {
            let verdicts = try XCTUnwrap(report[item.define.lowercased() + ".so"], item.define)
            let (verdict, reason) = try XCTUnwrap(verdicts[item.check], item.define)
            XCTAssertEqual(verdict, item.status, "\(item.define): \(reason)")
            XCTAssertTrue(reason.hasPrefix(item.reason), "\(item.define): '\(reason)'")
        }
        let slow = try XCTUnwrap(report["broken_slow.so"]?["cost"]?.1)
        XCTAssertTrue(slow.hasSuffix(" ms per sample (budget \(TestEnvironment.sanitizer == nil ? 1 : 20) ms)"), slow)
        XCTAssertEqual(report["broken_frame_overrun.so"]?["load"]?.0, "pass", "the overrun is named by its check, not as a load failure")
        // The overrun check's own buffers end at a guard page (which
        // AddressSanitizer's SIGSEGV handler reports itself).
        if TestEnvironment.sanitizer == nil {
            XCTAssertEqual(report["broken_frame_overrun.so"]?["overrun"]?.0, "fail")
            XCTAssertEqual(
                report["broken_frame_overrun.so"]?["overrun"]?.1,
                "test-ramp: sample at t = 0.0 writes past the end of its 1 value frame")
        }

        // --strict: the warning becomes a failure; the range failure is one already.
        let strict = try validate(["--strict", "--timeout", "20", "--seed", "7", paths[8], paths[9]])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.report["broken_extra_exports.so"]?["load"]?.0, "fail")
        XCTAssertTrue(strict.report["broken_extra_exports.so"]?["load"]?.1.hasSuffix("(a failure in strict mode)") == true)
        XCTAssertEqual(strict.report["broken_out_of_range.so"]?["sweep"]?.0, "fail")
        XCTAssertFalse(strict.report["broken_out_of_range.so"]?["sweep"]?.1.hasSuffix("(a failure in strict mode)") ?? true)
    }

    /// The draw check passes a plugin that draws well and names what each
    /// broken one does: a group left open, a write past a short buffer, an
    /// id that changes meaning, a measurer ignored.
    func testTheDrawCheckCatchesBrokenDisplayLists() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let variants: [(String, [String], String?)] = [
            ("draws.so", ["ABI_1_2"], nil),
            ("open.so", ["ABI_1_2", "BROKEN_DRAW_UNBALANCED"], "leaves 1 group(s) open"),
            ("overrun.so", ["ABI_1_2", "BROKEN_DRAW_OVERRUN"], "draw wrote past the capacity it was given (3 items)"),
            ("ids.so", ["ABI_1_2", "BROKEN_DRAW_IDS"], "ids must name one thing"),
            ("measure.so", ["ABI_1_2", "BROKEN_DRAW_MEASURE"], "text 'ramp' measures"),
            ("old.so", ["ABI_1_1"], nil),
            ("nulldraw.so", ["ABI_1_2", "BROKEN_NULL_DRAW"], nil),
        ]
        var paths: [String] = []
        for (name, defines, _) in variants { paths.append(try Fixtures.testPlugin(name, in: directory, defines: defines)) }
        let (status, report) = try validate(["--seed", "3"] + paths)
        XCTAssertEqual(status, 1)
        for (name, _, problem) in variants {
            let (verdict, reason) = try XCTUnwrap(report[name]?["draw"], name)
            if let problem {
                XCTAssertEqual(verdict, "fail", "\(name): \(reason)")
                XCTAssertTrue(reason.contains(problem), "\(name): '\(reason)' lacks '\(problem)'")
            } else {
                XCTAssertEqual(verdict, ["old.so": "skip", "nulldraw.so": "warn"][name] ?? "pass", "\(name): \(reason)")
            }
        }
        XCTAssertEqual(report["old.so"]?["draw"]?.1, "built for ABI 1.1, which has no draw (since 1.2)")
        // A 1.2 table whose draw is NULL is reported, not skipped as "no draw to check" (issue 34).
        XCTAssertEqual(
            report["nulldraw.so"]?["draw"]?.1,
            "its table is ABI 1.2's but draw is NULL, so hosts take it for a plugin that does not draw; "
                + "a draw that returns EFFECT_ERR_UNSUPPORTED says so on purpose")
        XCTAssertTrue(report["draws.so"]?["draw"]?.1.contains("display lists of test-ramp") == true)
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
