import EffectHost
import Foundation
import XCTest

final class PluginLoadingTests: XCTestCase {
    /// A directory of broken plugin files beside a good one: each broken file
    /// is reported with its path and reason, and the good one still loads.
    func testBrokenPluginsAreReportedAndTheRestLoad() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try Fixtures.testPlugin("good.so", in: directory)
        try Fixtures.testPlugin("no-entry.so", in: directory, defines: ["BROKEN_NO_ENTRY"])
        try Fixtures.testPlugin("entry-null.so", in: directory, defines: ["BROKEN_ENTRY_NULL"])
        try Fixtures.testPlugin("abi-2.so", in: directory, defines: ["BROKEN_ABI_MAJOR=2", "PLUGIN_ID=\"abi2\""])
        try Fixtures.testPlugin("abi-1-9.so", in: directory, defines: ["BROKEN_ABI_MINOR=9"])
        try Fixtures.testPlugin("describe.so", in: directory, defines: ["BROKEN_DESCRIBE"])
        try Fixtures.testPlugin("null-sample.so", in: directory, defines: ["BROKEN_NULL_SAMPLE"])
        XCTAssertEqual(mkfifo(directory + "/fifo.so", 0o600), 0, "a FIFO must not hang the host")
        var corrupt = try Data(contentsOf: URL(fileURLWithPath: TestEnvironment.strikePlugin))
        corrupt.replaceSubrange(40..<48, with: [UInt8](repeating: 0xFF, count: 8))
        _ = FileManager.default.createFile(atPath: directory + "/section-offset.so", contents: corrupt)
        _ = FileManager.default.createFile(atPath: directory + "/empty.so", contents: Data())
        _ = FileManager.default.createFile(atPath: directory + "/notes.so", contents: Data("not a library\n".utf8))
        let strike = try Data(contentsOf: URL(fileURLWithPath: TestEnvironment.strikePlugin))
        _ = FileManager.default.createFile(atPath: directory + "/truncated.so", contents: strike.prefix(4096))
        _ = FileManager.default.createFile(atPath: directory + "/ignored.txt", contents: Data("not a .so".utf8))

        let catalog = PluginCatalog(
            searchPath: SearchPath(entries: [SearchPath.Entry(path: directory, origin: .explicit)]))
        XCTAssertEqual(catalog.plugins.map(\.path), [directory + "/good.so"])
        XCTAssertEqual(catalog.plugins.first?.effects.map(\.id), ["test-ramp"])
        XCTAssertEqual(catalog.plugins.first?.info.abiMinor, 0, "an ABI 1.0 plugin still loads")
        let reasons = Dictionary(uniqueKeysWithValues: catalog.failures.map { ($0.path.split(separator: "/").last.map(String.init) ?? "", $0.reason) })
        XCTAssertEqual(
            reasons.keys.sorted(),
            [
                "abi-1-9.so", "abi-2.so", "describe.so", "empty.so", "entry-null.so", "fifo.so", "no-entry.so", "notes.so",
                "null-sample.so", "section-offset.so", "truncated.so",
            ])
        XCTAssertEqual(reasons["abi-2.so"], "built for effect ABI 2.0; this host speaks 1.7")
        XCTAssertEqual(reasons["abi-1-9.so"], "built for effect ABI 1.9; this host speaks 1.7 and cannot use a newer minor version")
        XCTAssertEqual(reasons["no-entry.so"], "not an effect plugin: it has no effect_plugin_entry symbol")
        XCTAssertEqual(reasons["entry-null.so"], "effect_plugin_entry returned NULL")
        XCTAssertEqual(reasons["describe.so"], "describe failed: this plugin is broken on purpose")
        XCTAssertEqual(reasons["empty.so"], "an empty file, not a shared library")
        XCTAssertEqual(reasons["notes.so"], "not an ELF shared library")
        XCTAssertTrue(reasons["truncated.so"]?.hasPrefix("truncated") == true, reasons["truncated.so"] ?? "")
        XCTAssertEqual(reasons["null-sample.so"], "its function table has no sample (the pointer is NULL)")
        XCTAssertEqual(reasons["fifo.so"], "not a regular file")
        XCTAssertEqual(
            reasons["section-offset.so"], "truncated or corrupt: the file is \(corrupt.count) bytes but its section headers lie beyond that")
    }

    /// Every bundled plugin, two copies of Strike and a C plugin share this
    /// process with the host, which is Swift too: each copy keeps its own kit.
    func testPluginsShareOneProcess() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: TestEnvironment.strikePlugin, toPath: directory + "/libStrikeCopy.so")
        try Fixtures.testPlugin("c-plugin.so", in: directory)
        var plugins: [Plugin] = []
        for name in TestEnvironment.bundledPlugins {
            plugins.append(try Plugin.load(path: TestEnvironment.buildDirectory + "/" + name))
        }
        plugins.append(try Plugin.load(path: directory + "/libStrikeCopy.so"))
        plugins.append(try Plugin.load(path: directory + "/c-plugin.so"))
        for plugin in plugins {
            for effect in plugin.effects {
                let instance = try plugin.instantiate(effect)
                let frame = try instance.sample(at: 0.16)
                XCTAssertEqual(frame.count, instance.frameSize)
            }
        }
        // The two Strike copies are separate images that answer identically.
        let first = try plugins[0].instantiate(plugins[0].effects[0])
        let copy = try plugins[plugins.count - 2].instantiate(plugins[plugins.count - 2].effects[0])
        XCTAssertEqual(try first.sample(at: 0.1), try copy.sample(at: 0.1))
        XCTAssertNotEqual(plugins[0].resolvedPath, plugins[plugins.count - 2].resolvedPath)
    }

    /// Only the entry point is exported from a plugin, so copies of the kit
    /// in different plugins can never bind to each other; and a plugin is
    /// never unmapped, since the Swift runtime keeps pointers into it.
    func testPluginsExportOnlyTheEntrySymbolAndStayMapped() throws {
        for name in TestEnvironment.bundledPlugins {
            let dynamic = try TestEnvironment.run("/usr/bin/env", ["readelf", "-d", TestEnvironment.buildDirectory + "/" + name])
            XCTAssertTrue(dynamic.stdout.contains("Flags: NODELETE"), "\(name): \(dynamic.stdout)")
            let result = try TestEnvironment.run(
                "/usr/bin/env", ["nm", "-D", "--defined-only", "--extern-only", TestEnvironment.buildDirectory + "/" + name])
            XCTAssertEqual(result.status, 0, result.stderr)
            let symbols = result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            XCTAssertEqual(symbols, ["effect_plugin_entry"], name)
        }
    }

    func testLoadingTheSameFileTwiceGivesTheSameTable() throws {
        let a = try Fixtures.strike()
        let b = try Fixtures.strike()
        XCTAssertEqual(a.info.id, b.info.id)
        XCTAssertEqual(a.effects.map(\.id), b.effects.map(\.id))
    }

    /// The host library's frames carry a fence: sampling into a buffer
    /// with room past the frame tells the plugin it has exactly the frame,
    /// and a write past that is an error naming the call, with the memory
    /// after the fence untouched.
    func testAWritePastTheFrameIsSeenAtTheFence() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let broken = try Plugin.load(
            path: try Fixtures.testPlugin("overrun.so", in: directory, defines: ["BROKEN_FRAME_OVERRUN"]))
        let instance = try broken.instantiate(try XCTUnwrap(broken.effects.first))
        XCTAssertThrowsError(try instance.sample(at: 0.25)) { error in
            XCTAssertEqual(
                (error as? EffectError)?.message,
                "the plugin wrote past the end of the buffer it was given: sample at t = 0.25 had room for 1 value")
        }
        var frames = [Double](repeating: -1, count: 3)
        XCTAssertThrowsError(
            try frames.withUnsafeMutableBufferPointer { try instance.sample(at: 0.25, into: $0) })
        // length 1, so t = 0.25 is 0.25 of the ramp; the fixture then writes 0 at frames[capacity].
        XCTAssertEqual(frames, [0.25, 0, -1])

        let good = try Plugin.load(path: try Fixtures.testPlugin("good.so", in: directory))
        let ramp = try good.instantiate(try XCTUnwrap(good.effects.first))
        XCTAssertEqual(try ramp.sample(at: 0.25), [0.25])
        var batch = [Double](repeating: -1, count: 4)
        try batch.withUnsafeMutableBufferPointer { try ramp.sampleMany(t0: 0, dt: 0.5, count: 3, into: $0) }
        XCTAssertEqual(batch.prefix(3), [0, 0.5, 1])
    }

    func testMissingFileIsReported() {
        XCTAssertThrowsError(try Plugin.load(path: "/nonexistent/libNothing.so")) { error in
            let failure = error as? PluginLoadFailure
            XCTAssertEqual(failure?.path, "/nonexistent/libNothing.so")
            XCTAssertEqual(failure?.reason, "No such file or directory")
        }
    }
}
