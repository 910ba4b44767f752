import BundledPlugins
import EffectValidate
import Foundation
import XCTest

/// The validator checks each file on its own: hostile ones fail load (or,
/// a table it can open but not trust, metadata) with the loader's reason,
/// and it carries on to the next.
final class HostileFileValidationTests: XCTestCase {
    func testEachHostileFileFailsWithItsReasonAndTheNextIsChecked() throws {
        let directory = NSTemporaryDirectory() + "hostile-validation-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        var aarch64 = try Data(contentsOf: URL(fileURLWithPath: bundledPluginDirectory() + "/libStrike.so"))
        aarch64.replaceSubrange(18..<20, with: [183, 0])  // e_machine: EM_AARCH64
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/aarch64.so", contents: aarch64))
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/empty.so", contents: Data()))
        let manyEffects = try testPlugin("BROKEN_EFFECT_COUNT=4000000000u")
        let expected = [
            directory + "/empty.so": "an empty file, not a shared library",
            directory + "/aarch64.so": "a library for another architecture (AArch64; this host is x86-64)",
            manyEffects: "describe reports 4,000,000,000 effects; a plugin has 1 to 1,024",
        ]
        let files = [directory + "/empty.so", directory + "/aarch64.so", manyEffects, try testPlugin()]
        // As validate runs by default: the trust rules apply, and these files pass them.
        let report = Validator(seed: 1).validate(files)
        XCTAssertTrue(report.failed, "the hostile files fail")
        XCTAssertEqual(report.plugins.map(\.path), files)
        for plugin in report.plugins {
            let failed = plugin.checks.first { $0.result.status == .fail }
            if let reason = expected[plugin.path] {
                XCTAssertTrue([Check.load, .metadata].contains(failed?.check), "\(plugin.path): \(plugin.checks)")
                XCTAssertTrue(failed?.result.reason.contains(reason) == true, "\(plugin.path): \(failed?.result.reason ?? "")")
            } else {
                XCTAssertNil(failed, "\(plugin.path): \(plugin.checks)")
            }
        }
    }
}
