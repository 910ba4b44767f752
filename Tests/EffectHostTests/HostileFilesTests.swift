import EffectHost
import Foundation
import XCTest

/// The CLI beside every kind of hostile plugin file: each is reported with
/// its path and reason, and list, info, run and render carry on with the
/// good plugin.
final class HostileFilesTests: XCTestCase {
    private func hostileDirectory() throws -> (directory: String, expected: [String: String]) {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try Fixtures.testPlugin("good.so", in: directory)
        try Fixtures.testPlugin("no-entry.so", in: directory, defines: ["BROKEN_NO_ENTRY"])
        try Fixtures.testPlugin("entry-null.so", in: directory, defines: ["BROKEN_ENTRY_NULL"])
        try Fixtures.testPlugin("abi-2.so", in: directory, defines: ["BROKEN_ABI_MAJOR=2"])
        try Fixtures.testPlugin("tiny-table.so", in: directory, defines: ["BROKEN_TABLE_SIZE=8"])
        try Fixtures.testPlugin("many-effects.so", in: directory, defines: ["BROKEN_EFFECT_COUNT=4000000000u"])
        try Fixtures.testPlugin("huge-name.so", in: directory, defines: ["BROKEN_HUGE_NAME"])
        try Fixtures.testPlugin("bad-utf8.so", in: directory, defines: ["BROKEN_UTF8"])
        let library = try Data(contentsOf: URL(fileURLWithPath: TestEnvironment.strikePlugin))
        var aarch64 = library
        aarch64.replaceSubrange(18..<20, with: [183, 0])  // e_machine: EM_AARCH64
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/aarch64.so", contents: aarch64))
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/empty.so", contents: Data()))
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/text.so", contents: Data("#!/bin/sh\necho hi\n".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/truncated.so", contents: library.prefix(4096)))
        let expected = [
            "no-entry.so": "not an effect plugin: it has no effect_plugin_entry symbol",
            "entry-null.so": "effect_plugin_entry returned NULL",
            "abi-2.so": "built for effect ABI 2.0; this host speaks 1.7",
            "tiny-table.so": "its function table is 8 bytes; ABI 1.0 needs 120",
            "many-effects.so": "describe reports 4,000,000,000 effects; a plugin has 1 to 1,024",
            "huge-name.so": "plugin name is longer than 65536 bytes (or not NUL-terminated)",
            "bad-utf8.so": "plugin name is not valid UTF-8",
            "aarch64.so": "a library for another architecture (AArch64; this host is x86-64)",
            "empty.so": "an empty file, not a shared library",
            "text.so": "not an ELF shared library",
            "truncated.so": "truncated",
        ]
        // A table larger than this host knows is a newer minor's: it loads.
        try Fixtures.testPlugin("big-table.so", in: directory, defines: ["BROKEN_TABLE_SIZE=1000000000", "PLUGIN_ID=\"big\""])
        return (directory, expected)
    }

    func testListInfoRunAndRenderCarryOnBesideHostileFiles() throws {
        let (directory, expected) = try hostileDirectory()
        let list = try TestEnvironment.run(TestEnvironment.effectHost, ["list", "--json", "--plugin-path", directory])
        XCTAssertEqual(list.status, 0, list.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let failures = try XCTUnwrap(object["failures"] as? [[String: String]])
        var reasons: [String: String] = [:]
        for failure in failures {
            let path = try XCTUnwrap(failure["path"])
            reasons[(path as NSString).lastPathComponent] = failure["reason"]
            XCTAssertTrue(path.hasPrefix(directory + "/"), "reported with its path: \(path)")
        }
        for (name, reason) in expected {
            XCTAssertTrue(reasons[name]?.hasPrefix(reason) == true, "\(name): \(reasons[name] ?? "not reported")")
        }
        let plugins = try XCTUnwrap(object["plugins"] as? [[String: Any]])
        XCTAssertTrue(plugins.contains { ($0["path"] as? String) == directory + "/good.so" })

        let text = try TestEnvironment.run(TestEnvironment.effectHost, ["list", "--plugin-path", directory])
        XCTAssertEqual(text.status, 0, text.stderr)
        for name in expected.keys { XCTAssertTrue(text.stdout.contains(directory + "/" + name + ": "), name) }

        for arguments in [
            ["info", "test-ramp"], ["run", "test-ramp", "--offline", "--format", "csv"],
            ["render", "test-ramp", "-o", directory + "/frames"], ["plot", "test-ramp", "-o", directory + "/plot.svg"],
        ] {
            let result = try TestEnvironment.run(TestEnvironment.effectHost, arguments + ["--plugin-path", directory])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            // So many are counted in one line; list names each (above).
            XCTAssertTrue(
                result.stderr.contains(
                    "warning: skipped \(expected.count) files on the plugin search path that do not load (effect-host list names each, and why)"),
                "\(arguments): \(result.stderr)")
        }
    }

    /// Two plugins declaring one effect id: the first on the search path
    /// wins, and every command says which one it shadowed.
    func testTheFirstOfTwoPluginsWithOneEffectIdWins() throws {
        let first = try TestEnvironment.temporaryDirectory(self)
        let second = try TestEnvironment.temporaryDirectory(self)
        let winner = try Fixtures.testPlugin("ramp.so", in: first, defines: ["PLUGIN_ID=\"first\""])
        let loser = try Fixtures.testPlugin("ramp.so", in: second, defines: ["PLUGIN_ID=\"second\""])
        let list = try TestEnvironment.run(
            TestEnvironment.effectHost, ["list", "--json", "--plugin-path", first, "--plugin-path", second])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let shadowed = try XCTUnwrap(object["shadowed"] as? [[String: String]])
        XCTAssertEqual(shadowed.first?["effect"], "test-ramp")
        XCTAssertEqual(shadowed.first?["path"], loser)
        XCTAssertEqual(shadowed.first?["winner"], winner)
        let info = try TestEnvironment.run(
            TestEnvironment.effectHost, ["info", "test-ramp", "--plugin-path", first, "--plugin-path", second])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains("plugin: first 0.1.0 (\(winner))"), info.stdout)
        XCTAssertTrue(
            info.stderr.contains("warning: effect 'test-ramp' in \(loser) is shadowed by \(winner)"), info.stderr)
    }
}
