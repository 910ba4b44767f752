import BundledPlugins
import EffectHost
import EffectValidate
import Foundation
import XCTest

/// The validation library on its own: each check run in this process on a
/// bundled plugin, and the whole validator with its worker processes,
/// returning its report as data.
final class ValidatorTests: XCTestCase {
    private var buildDirectory: String { bundledPluginDirectory() }

    func testEveryCheckPassesTheStrikeInProcess() {
        for check in Check.allCases {
            let result = check.run(path: buildDirectory + "/libStrike.so", seed: 7)
            XCTAssertEqual(result.status, .pass, "\(check.rawValue): \(result.reason)")
        }
    }

    /// The sentences checks end with, counted in grammatical English, and a
    /// check with nothing to look at skipped with why.
    func testTheReasonsReadAsSentences() throws {
        let pulse = try pulsePlugin()
        // pulse has five params set at create and none live; its one effect loops.
        XCTAssertEqual(Check.events.run(path: pulse, seed: 1), CheckResult(status: .skip, reason: "no live params to set as events"))
        XCTAssertEqual(Check.loops.run(path: pulse, seed: 1), CheckResult(status: .pass, reason: "1 looping effect repeats every period"))
        XCTAssertEqual(Check.defaults.run(path: pulse, seed: 1), CheckResult(status: .pass, reason: "5 params report their declared defaults"))
        // The strike ends; Breathe's two effects loop.
        XCTAssertEqual(
            Check.loops.run(path: buildDirectory + "/libStrike.so", seed: 1).reason, "1 effect that ends holds still from its end")
        XCTAssertEqual(Check.loops.run(path: buildDirectory + "/libBreathe.so", seed: 1).reason, "2 looping effects repeat every period")
    }

    /// Every bundled plugin passes every check, each in a worker; a file
    /// that does not load fails load, and no other check runs on it.
    func testTheValidatorReportsEveryCheckOfEveryFile() throws {
        let garbage = NSTemporaryDirectory() + "not-a-plugin-\(UUID().uuidString).so"
        try Data("not an ELF file".utf8).write(to: URL(fileURLWithPath: garbage))
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        let bundled = ["libStrike.so", "libBreathe.so", "libReveal.so"].map { buildDirectory + "/" + $0 }
        let report = Validator(seed: 42, allowUnsafe: true).validate(bundled + [garbage])
        XCTAssertEqual(report.seed, 42)
        XCTAssertEqual(report.plugins.map(\.path), bundled + [garbage])
        for plugin in report.plugins.prefix(3) {
            XCTAssertEqual(plugin.checks.map(\.check), Check.allCases)
            XCTAssertEqual(plugin.checks.filter { $0.result.status != .pass }.map { "\($0.check.rawValue): \($0.result.reason)" }, [], plugin.path)
            XCTAssertNil(plugin.loadFailure)
        }
        let counted = CheckTesting.sanitizer == nil ? "no allocations while sampling" : "allocations not counted"
        let cost = report.plugins[1].checks.first { $0.check == .cost }?.result.reason ?? ""
        XCTAssertTrue(cost.contains(counted), cost)
        // A file that does not load: the load check fails, and no other runs.
        let broken = report.plugins[3]
        XCTAssertEqual(broken.loadFailure?.status, .fail)
        XCTAssertEqual(broken.checks.count, Check.allCases.count)
        XCTAssertTrue(broken.checks.dropFirst().allSatisfy { $0.result.reason == "not run: the plugin failed 'load'" })
        XCTAssertTrue(report.failed)
        let json = report.json.text()
        XCTAssertTrue(json.contains("\"seed\": 42") || json.contains("\"seed\":42"), json)
    }

    func testWithoutAWorkerEveryCheckSaysWhy() {
        let report = Validator(seed: 1, worker: nil).validate([buildDirectory + "/libStrike.so"])
        let load = report.plugins[0].checks[0]
        XCTAssertEqual(load.check, .load)
        XCTAssertEqual(load.result.status, .crash)
        XCTAssertTrue(load.result.reason.contains(Worker.environmentVariable), load.result.reason)
    }
}
