import Foundation
import XCTest

/// Plugins are scanned in a child process: one that crashes, exits, hangs
/// or prints while loading is skipped with its reason, and `list` and
/// `run` keep working. The scan's answers are cached by file identity.
final class ScanTests: XCTestCase {
    private var cacheHome = ""

    override func setUpWithError() throws {
        cacheHome = try TestEnvironment.temporaryDirectory(self)
    }

    private var cacheFile: String { cacheHome + "/effect-host/plugins.cache" }

    /// Moves a file's modification time `seconds` into the past: a file
    /// changed within the last second is not cached yet.
    @discardableResult
    private func backdate(_ path: String, by seconds: Double = 60) throws -> String {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: path)
        return path
    }

    private func host(_ arguments: [String], timeout: String = TestEnvironment.sanitizer == nil ? "5" : "30") throws
        -> TestEnvironment.Result
    {
        try TestEnvironment.run(
            TestEnvironment.effectHost, arguments,
            environment: ["XDG_CACHE_HOME": cacheHome, "EFFECT_SCAN_TIMEOUT": timeout])
    }

    private func failures(_ result: TestEnvironment.Result) throws -> [String: String] {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let failures = try XCTUnwrap(report["failures"] as? [[String: String]])
        return Dictionary(uniqueKeysWithValues: failures.map { (($0["path"]! as NSString).lastPathComponent, $0["reason"]!) })
    }

    /// Metadata too large for the scan's capture is named as that, not as
    /// an answer that does not read.
    func testMetadataPastTheCaptureLimitIsNamed() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try backdate(Fixtures.testPlugin("huge.so", in: directory, defines: ["BROKEN_HUGE_DEFAULT"]))
        let result = try host(["list", "--json", "--plugin-path", directory], timeout: "60")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try failures(result)["huge.so"], "its metadata is more than 16 MB as text; a host scans at most that")
    }

    func testPluginsThatMisbehaveWhileLoadingAreSkippedWithTheirReason() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let broken = [
            ("exits.so", "BROKEN_LOAD_EXIT"), ("crashes.so", "BROKEN_LOAD_CRASH"), ("hangs.so", "BROKEN_LOAD_HANG"),
            ("prints.so", "BROKEN_LOAD_PRINTS"), ("mutters.so", "BROKEN_LOAD_STDERR"),
        ]
        for (name, define) in broken { try backdate(Fixtures.testPlugin(name, in: directory, defines: [define])) }
        // Long enough for the bundled plugins to load on a busy machine, or in a sanitized build.
        let limit = TestEnvironment.sanitizer == nil ? "3" : "10"
        let result = try host(["list", "--json", "--plugin-path", directory], timeout: limit)
        XCTAssertEqual(result.status, 0, result.stderr)
        let reasons = try failures(result)
        XCTAssertEqual(reasons["exits.so"], "exited with status 0 while loading")
        if TestEnvironment.sanitizer == nil {
            XCTAssertEqual(reasons["crashes.so"], "crashed while loading: signal 11 (Segmentation fault)")
        } else {
            XCTAssertNotNil(reasons["crashes.so"], "AddressSanitizer reports the crash and exits instead")
        }
        XCTAssertEqual(reasons["hangs.so"], "hung while loading: no answer in \(limit) s (EFFECT_SCAN_TIMEOUT sets the limit)")
        XCTAssertEqual(
            reasons["prints.so"],
            "printed to stdout while loading (25 bytes: 'hello from a constructor'); a plugin may not print")
        XCTAssertEqual(reasons["mutters.so"], "printed to stderr while loading ('warning: loaded'); a plugin may not print")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let ids = (report["plugins"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ["breathe", "reveal", "strike"], "the bundled plugins still list")
        let cache = try String(contentsOfFile: cacheFile, encoding: .utf8)
        XCTAssertTrue(cache.contains("\nfailure\texited with status 0 while loading\n"), "an exit is what the file does again: cached")
        XCTAssertFalse(cache.contains("/hangs.so\t"), "a hang may be a busy machine: it is not cached")
        // The text listing and an unrelated effect work beside them too.
        let text = try host(["list", "--plugin-path", directory], timeout: limit)
        XCTAssertTrue(text.stdout.contains("  \(directory)/exits.so: exited with status 0 while loading"), text.stdout)
        let run = try host(
            ["run", "strikethrough-reveal", "--plugin-path", directory, "--offline", "--format", "csv", "--fps", "10",
             "--duration", "0.1"], timeout: limit)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 3, "a header and two frames: \(run.stdout)")
        XCTAssertTrue(
            run.stderr.contains("warning: skipped 5 files on the plugin search path that do not load (effect-host list names each, and why)"),
            run.stderr)
    }

    func testAPluginThatExitsInCreateIsNamedAndTheStatusIsNotZero() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("exits.so", in: directory, defines: ["BROKEN_CREATE_EXIT"])
        for command in ["run", "info"] {
            let arguments = command == "run" ? ["run", "test-ramp", "--offline", "--plugin-path", plugin] : ["info", "test-ramp", "--plugin-path", plugin]
            let result = try host(arguments)
            XCTAssertEqual(result.status, 1, command)
            XCTAssertEqual(result.stdout, "", command)
            XCTAssertTrue(
                result.stderr.contains("effect-host: \(plugin) called exit(0) during create; effect-host stops with status 1"),
                "\(command): \(result.stderr)")
        }
    }

    func testWhatPluginCodePrintsNeverReachesTheFrames() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("chatty.so", in: directory, defines: ["BROKEN_PRINTS"])
        let result = try host(
            ["run", "test-ramp", "--plugin-path", plugin, "--offline", "--format", "jsonl", "--fps", "4", "--duration", "0.5",
             "--param", "length=1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        for (index, line) in lines.enumerated() {
            let frame = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
            XCTAssertEqual(frame["t"] as? Double, Double(index) * 0.25)
        }
        XCTAssertTrue(result.stderr.contains("debugdebugdebug"), "the plugin's prints go to stderr: \(result.stderr)")
    }

    /// Edits the cached summary of `plugin` so a listing shows whether the
    /// cache was read.
    private func markCache(_ plugin: String) throws {
        var text = try String(contentsOfFile: cacheFile, encoding: .utf8)
        let summary = "A value rising linearly from 0 to 1."
        XCTAssertTrue(text.contains("\t\(summary)\t"), "the cache holds the effect's summary")
        text = text.replacingOccurrences(of: "\t\(summary)\t", with: "\tFROM THE CACHE\t")
        try text.write(toFile: cacheFile, atomically: true, encoding: .utf8)
    }

    private func summary(_ plugin: String, _ extra: [String] = []) throws -> String? {
        let result = try host(["list", "--json", "--plugin-path", plugin] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let plugins = try XCTUnwrap(report["plugins"] as? [[String: Any]])
        let test = plugins.first { $0["id"] as? String == "test" }
        return (test?["effects"] as? [[String: Any]])?.first?["summary"] as? String
    }

    func testTheCacheIsUsedWhileTheFileIsUnchangedAndRebuiltWhenItChanges() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try backdate(Fixtures.testPlugin("ramp.so", in: directory))
        let real = "A value rising linearly from 0 to 1."
        XCTAssertEqual(try summary(plugin), real)
        let firstLine = try String(contentsOfFile: cacheFile, encoding: .utf8).split(separator: "\n").first
        XCTAssertEqual(firstLine.map { $0.split(separator: "\t").prefix(2).joined(separator: "|") }, "effect-host plugin cache|2")
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: cacheFile)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o022, 0o022 & ~Int(umaskNow()), "written with the mode a new file gets: others cannot write it")

        try markCache(plugin)
        XCTAssertEqual(try summary(plugin), "FROM THE CACHE", "an unchanged file is not scanned again")
        XCTAssertEqual(try summary(plugin, ["--no-cache"]), real, "--no-cache scans again")
        XCTAssertEqual(try summary(plugin), "FROM THE CACHE", "--no-cache leaves the cache as it was")

        // Touched: a new modification time.
        try backdate(plugin, by: 30)
        XCTAssertEqual(try summary(plugin), real)

        // Replaced: a new inode with the same name.
        try markCache(plugin)
        try backdate(Fixtures.testPlugin("ramp2.so", in: directory), by: 30)
        XCTAssertEqual(rename(directory + "/ramp2.so", plugin), 0)
        XCTAssertEqual(try summary(plugin), real)

        // Just written: not cached until it has kept still for a second.
        try markCache(plugin)
        try backdate(plugin, by: 0)
        XCTAssertEqual(try summary(plugin), real)
        XCTAssertFalse(try String(contentsOfFile: cacheFile, encoding: .utf8).contains("/ramp.so\t"))
        try backdate(plugin, by: 45)
        XCTAssertEqual(try summary(plugin), real)

        // Truncated: the file no longer loads, and the cache says so.
        try markCache(plugin)
        XCTAssertEqual(truncate(plugin, 100), 0)
        let truncated = try host(["list", "--json", "--plugin-path", plugin])
        XCTAssertEqual(try failures(truncated)["ramp.so"]?.hasPrefix("truncated or corrupt: ") ?? false, true, truncated.stdout)
    }

    func testACorruptOrForeignCacheIsRebuiltNotTrusted() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try backdate(Fixtures.testPlugin("ramp.so", in: directory))
        let real = "A value rising linearly from 0 to 1."
        XCTAssertEqual(try summary(plugin), real)
        let good = try String(contentsOfFile: cacheFile, encoding: .utf8)
        try markCache(plugin)
        let marked = try String(contentsOfFile: cacheFile, encoding: .utf8)
        let variants = [
            "garbage\n",
            // Another version's cache.
            marked.replacingOccurrences(of: "effect-host plugin cache\t2\t", with: "effect-host plugin cache\t3\t"),
            // Cut short in the middle of an entry.
            String(marked[..<marked.range(of: "FROM THE CACHE")!.upperBound]),
            // An entry whose record does not read.
            marked.replacingOccurrences(of: "\tnumber\t", with: "\tnumbr\t"),
            // A line count that would overflow.
            marked.split(separator: "\n").enumerated().map { index, line in
                index == 1 ? line.split(separator: "\t").dropLast().joined(separator: "\t") + "\t9223372036854775807" : String(line)
            }.joined(separator: "\n"),
        ]
        for variant in variants {
            try variant.write(toFile: cacheFile, atomically: true, encoding: .utf8)
            XCTAssertEqual(try summary(plugin), real, "read from: \(variant.prefix(60))")
            let rebuilt = try String(contentsOfFile: cacheFile, encoding: .utf8)
            XCTAssertTrue(rebuilt.hasPrefix(good.split(separator: "\n")[0] + "\n"), "the cache is written again")
            XCTAssertFalse(rebuilt.contains("FROM THE CACHE"))
        }
    }
}

private func umaskNow() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
}
