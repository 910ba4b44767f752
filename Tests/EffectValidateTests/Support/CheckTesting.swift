import BundledPlugins
import EffectValidate
import Foundation
import XCTest

/// What the tests of each check share: the check run on a variant of
/// Tests/Fixtures/plugins/test_plugin.c (the plain build keeps every rule;
/// each BROKEN_* define breaks one).
enum CheckTesting {
    /// The check's verdict on test_plugin.c built with `defines`, run in
    /// this process.
    static func run(_ check: Check, _ defines: String..., seed: UInt64 = 7) throws -> CheckResult {
        check.run(path: try testPlugin(defines: defines), seed: seed)
    }

    /// The verdict as validate gives it, from a worker process: for a
    /// variant that ends the process it runs in (a write onto a guard
    /// page) or leaves it holding what it leaks.
    static func runInWorker(_ check: Check, _ defines: String..., seed: UInt64 = 7) throws -> CheckResult {
        Validator(seed: seed, timeout: 60, allowUnsafe: true).result(of: check, path: try testPlugin(defines: defines))
    }

    /// Set by scripts/test-sanitizers to the sanitizer the suite is built
    /// with: its runtime owns malloc, so allocations go uncounted and
    /// resident memory says nothing of leaks.
    static let sanitizer = ProcessInfo.processInfo.environment["EFFECT_TEST_SANITIZER"]
}

/// Asserts a verdict: its status, and its reason exactly, or (`prefix`)
/// its beginning, or (`suffix`) its end.
func assertVerdict(
    _ result: CheckResult, _ status: CheckResult.Status, _ reason: String, prefix: Bool = false, suffix: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(result.status, status, result.reason, file: file, line: line)
    if prefix {
        XCTAssertTrue(result.reason.hasPrefix(reason), "'\(result.reason)' does not begin '\(reason)'", file: file, line: line)
    } else if suffix {
        XCTAssertTrue(result.reason.hasSuffix(reason), "'\(result.reason)' does not end '\(reason)'", file: file, line: line)
    } else {
        XCTAssertEqual(result.reason, reason, file: file, line: line)
    }
}
