import BundledPlugins
import EffectValidate
import XCTest

/// The whole validator, each check in a worker process, on broken fixture
/// plugins: each broken one is caught by the check meant to catch it, and
/// a crash or a hang is one finding (the bundled plugins pass:
/// ValidatorTests).
final class ValidatorVerdictTests: XCTestCase {
    /// Each check's verdict on each file, in the order given.
    private func validate(_ paths: [String], seed: UInt64, timeout: Double = Validator.defaultTimeout)
        -> (failed: Bool, verdicts: [[Check: CheckResult]])
    {
        let report = Validator(seed: seed, timeout: timeout, allowUnsafe: true).validate(paths)
        XCTAssertEqual(report.plugins.map(\.path), paths)
        return (report.failed, report.plugins.map { Dictionary(uniqueKeysWithValues: $0.checks.map { ($0.check, $0.result) }) })
    }

    func testBrokenPluginsAreCaughtByTheRightCheck() throws {
        let defines = ["", "BROKEN_CRASH", "BROKEN_HANG", "BROKEN_NONDETERMINISTIC", "BROKEN_LEAK", "BROKEN_ABI_MAJOR=2",
            "BROKEN_DEFAULT_RANGE", "BROKEN_PRINTS"]
        let paths = try defines.map { try testPlugin(defines: $0.isEmpty ? [] : [$0]) }
        let (failed, verdicts) = validate(paths, seed: 7, timeout: 3)
        XCTAssertTrue(failed)
        let (good, crash, hang, nondeterministic, leak, abi2, defaultRange, chatty) =
            (verdicts[0], verdicts[1], verdicts[2], verdicts[3], verdicts[4], verdicts[5], verdicts[6], verdicts[7])
        // The test plugin is built for ABI 1.0, which has no draw to check.
        for (check, result) in good {
            XCTAssertEqual(result.status, check == .draw ? .skip : .pass, "good \(check.rawValue): \(result.reason)")
        }
        XCTAssertEqual(good[.draw]?.reason, "built for ABI 1.0, which has no draw (since 1.2)")
        XCTAssertEqual(
            crash[.determinism], CheckResult(status: .crash, reason: "the plugin crashed: signal 11 (Segmentation fault) during sample"))
        XCTAssertEqual(crash[.load]?.status, .pass)
        XCTAssertEqual(
            hang[.determinism], CheckResult(status: .crash, reason: "the plugin hung: the check did not finish in 3 s and was killed"))
        // One fault, one finding (issue 34): after two hangs the later checks are not run, not each timed out.
        let hangReasons = hang.values.map(\.reason)
        XCTAssertEqual(hangReasons.filter { $0.hasPrefix("the plugin hung:") }.count, 2, "\(hangReasons)")
        XCTAssertGreaterThan(hangReasons.filter { $0.hasPrefix("not run: the plugin hung in 'determinism' and '") }.count, 5, "\(hangReasons)")
        XCTAssertEqual(nondeterministic[.determinism]?.status, .fail)
        XCTAssertEqual(nondeterministic[.defaults]?.status, .pass)
        if CheckTesting.sanitizer == nil {
            XCTAssertEqual(leak[.lifecycle]?.status, .fail)
            XCTAssertTrue(leak[.lifecycle]?.reason.contains("over 10000 create/sample/destroy cycles") == true)
        } else {
            // A sanitizer's quarantine hides leaks from resident size; validate says so.
            XCTAssertTrue(leak[.lifecycle]?.reason.contains("built with a sanitizer") == true)
        }
        XCTAssertEqual(leak[.determinism]?.status, .pass)
        XCTAssertEqual(abi2[.load], CheckResult(status: .fail, reason: "built for effect ABI 2.0; this host speaks 1.7"))
        XCTAssertEqual(defaultRange[.load]?.status, .pass)
        XCTAssertEqual(
            defaultRange[.metadata], CheckResult(status: .fail, reason: "effect 'test-ramp': param 'length' has a default outside its range"))
        // A plugin that prints on stdout cannot garble the verdicts, and
        // the stdout check names what it printed.
        for (check, result) in chatty where check != .stdout {
            XCTAssertEqual(result.status, check == .draw ? .skip : .pass, "chatty \(check.rawValue): \(result.reason)")
        }
        XCTAssertEqual(
            chatty[.stdout],
            CheckResult(
                status: .fail,
                reason: "printed to stdout while test-ramp samples (25 bytes: 'debugdebugdebugdebugdebug'); a plugin may not print"))
    }

    /// Each way of breaking the contract that an earlier validate missed is
    /// caught by the check made for it (a frame overrun by every check that
    /// samples, as the fence after each frame sees it).
    func testEachContractBreakIsCaughtByItsOwnCheck() throws {
        let cases: [(define: String, check: Check, status: CheckResult.Status, reason: String)] = [
            ("BROKEN_ERROR_GARBAGE", .errors, .fail, "test-ramp: sample at t = 0.5 returns OK but leaves status 12345 in the error struct"),
            ("BROKEN_OUT_STRUCT_OVERRUN", .errors, .fail,
             "test-ramp: instance_info: 16 bytes written outside the 48 bytes the caller gave (0 before, 16 after)"),
            ("BROKEN_STRUCT_SIZE_CLAIM", .errors, .fail,
             "test-ramp: instance_info: struct_size written back is 4096, more than the 48 bytes given"),
            ("BROKEN_SHARED_STATE", .isolation, .fail, "test-ramp: with a second instance (length=5.05 reduce_motion=true) sampled in turn"),
            ("BROKEN_NEW_TABLE", .load, .fail, "effect_plugin_entry returns a different table each call; it must return the same one"),
            // Named in every check that samples, by the value effect-host
            // fences after each frame, not only by the overrun check's guard page.
            ("BROKEN_FRAME_OVERRUN", .determinism, .fail,
             "test-ramp: the plugin wrote past the end of the buffer it was given: sample at t = 0.1 had room for 1 value"),
            ("BROKEN_CREATE_EXIT", .metadata, .crash, "the plugin exited with status 0 during create, in the metadata check"),
            ("BROKEN_SLOW", .determinism, .fail, "slow: test-ramp takes "),
            ("BROKEN_EXTRA_EXPORTS", .load, .warn, "exports 2 symbols besides effect_plugin_entry"),
            // effect.h promises every value within its channel's range: a failure, not a warning (issue 48).
            ("BROKEN_OUT_OF_RANGE", .sweep, .fail, "values outside their declared ranges: test-ramp.value = 1.5 at t = "),
            ("BROKEN_NULL_STRINGS", .strings, .fail,
             "test-ramp with defaults: strings at t = 1.0: accessibility_value is NULL; a string is never NULL"),
            ("BROKEN_ELEMENT_UTF8", .strings, .fail, "test-ramp with defaults: element 0's text is not UTF-8"),
            // A note is a line a host prints as it is (issue 48, ABI 1.5).
            ("BROKEN_NOTES", .strings, .fail,
             "test-ramp with defaults: a note holds the control character U+001B; notes are lines of text"),
            // ...and only there: the stdout check looks for printing alone (issue 34).
            ("BROKEN_ELEMENT_UTF8", .stdout, .pass, "nothing printed to stdout"),
            // Named for what they do, in the first check that meets them (issue 34).
            ("BROKEN_ERROR_OVERRUN", .metadata, .fail, "the plugin wrote past the 520-byte effect_error it was given, in describe"),
            ("BROKEN_HOG", .metadata, .fail, "effect 'test-ramp': one instance with default params takes 1."),
            ("BROKEN_INFINITE_END", .metadata, .fail,
             "effect 'test-ramp': the plugin reports an invalid timing: end inf (an end is finite and at least 0)"),
            // The scan's limit, in the scan's words (issue 34).
            ("BROKEN_HUGE_DEFAULT", .metadata, .fail, "its metadata is more than 16 MB as text; a host scans at most that"),
            // +inf for 0.1 ms, between the probe times: found by the dense sweep (issue 34).
            ("BROKEN_INF_WINDOW", .sweep, .fail, "test-ramp with defaults: the plugin wrote inf into channel 'value' of a frame near t = 0.4321"),
        ]
        // Each case's check alone, in a worker as validate runs it: the
        // whole validator's order and its "not run" are the test above's.
        let validator = Validator(seed: 7, timeout: 20, allowUnsafe: true)
        func verdict(_ define: String, _ check: Check) throws -> CheckResult {
            validator.result(of: check, path: try testPlugin(define))
        }
        for item in cases {
            let result = try verdict(item.define, item.check)
            XCTAssertEqual(result.status, item.status, "\(item.define): \(result.reason)")
            XCTAssertTrue(result.reason.hasPrefix(item.reason), "\(item.define): '\(result.reason)'")
        }
        let slow = try verdict("BROKEN_SLOW", .cost).reason
        XCTAssertTrue(slow.hasSuffix(" ms per sample (budget \(CheckTesting.sanitizer == nil ? 1 : 20) ms)"), slow)
        XCTAssertEqual(try verdict("BROKEN_FRAME_OVERRUN", .load).status, .pass, "the overrun is named by its check, not as a load failure")
        // The overrun check's own buffers end at a guard page (which
        // AddressSanitizer's SIGSEGV handler reports itself).
        if CheckTesting.sanitizer == nil {
            XCTAssertEqual(
                try verdict("BROKEN_FRAME_OVERRUN", .overrun),
                CheckResult(status: .fail, reason: "test-ramp: sample at t = 0.0 writes past the end of its 1 value frame"))
        }

        // Strict: the warning becomes a failure; the range failure is one already.
        let strict = Validator(seed: 7, timeout: 20, strict: true, allowUnsafe: true)
        let exports = strict.result(of: .load, path: try testPlugin("BROKEN_EXTRA_EXPORTS"))
        XCTAssertEqual(exports.status, .fail)
        XCTAssertTrue(exports.reason.hasSuffix("(a failure in strict mode)"), exports.reason)
        let range = strict.result(of: .sweep, path: try testPlugin("BROKEN_OUT_OF_RANGE"))
        XCTAssertEqual(range.status, .fail)
        XCTAssertFalse(range.reason.hasSuffix("(a failure in strict mode)"), range.reason)
    }

    /// The draw check passes a plugin that draws well and names what each
    /// broken one does: a group left open, a write past a short buffer, an
    /// id that changes meaning, a measurer ignored.
    func testTheDrawCheckCatchesBrokenDisplayLists() throws {
        let variants: [([String], CheckResult.Status, String)] = [
            (["ABI_1_2"], .pass, "display lists of test-ramp"),
            (["ABI_1_2", "BROKEN_DRAW_UNBALANCED"], .fail, "leaves 1 group(s) open"),
            (["ABI_1_2", "BROKEN_DRAW_OVERRUN"], .fail, "draw wrote past the capacity it was given (3 items)"),
            (["ABI_1_2", "BROKEN_DRAW_IDS"], .fail, "ids must name one thing"),
            (["ABI_1_2", "BROKEN_DRAW_MEASURE"], .fail, "text 'ramp' measures"),
            // A 1.2 table whose draw is NULL is reported, not skipped as "no draw to check" (issue 34).
            (["ABI_1_1"], .skip, "built for ABI 1.1, which has no draw (since 1.2)"),
            (["ABI_1_2", "BROKEN_NULL_DRAW"], .warn,
             "its table is ABI 1.2's but draw is NULL, so hosts take it for a plugin that does not draw; "
                + "a draw that returns EFFECT_ERR_UNSUPPORTED says so on purpose"),
        ]
        let paths = try variants.map { try testPlugin(defines: $0.0) }
        let (failed, verdicts) = validate(paths, seed: 3)
        XCTAssertTrue(failed)
        for ((defines, status, reason), results) in zip(variants, verdicts) {
            let result = try XCTUnwrap(results[.draw], "\(defines)")
            XCTAssertEqual(result.status, status, "\(defines): \(result.reason)")
            XCTAssertTrue(result.reason.contains(reason), "\(defines): '\(result.reason)' lacks '\(reason)'")
        }
    }
}
