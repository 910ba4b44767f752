import EffectHost
import Foundation
import XCTest

/// The isolated scan as library code, the way a Swift host other than the
/// CLI uses it: the worker found, each file loaded in it, the answers kept
/// in a cache that a later scan reads without a worker at all.
final class ScannerLibraryTests: XCTestCase {
    private var effectHost: String { TestEnvironment.buildDirectory + "/effect-host" }

    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "scanner-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testTheWorkerIsFoundBesideATestBundleOrWhereTheVariableSays() throws {
        // The test bundle sits in the build directory, beside effect-host.
        XCTAssertEqual(Worker.locate(environment: ["PATH": ""]), effectHost)
        XCTAssertEqual(Worker.locate(environment: [Worker.environmentVariable: effectHost]), effectHost)
        let notExecutable = try temporaryDirectory() + "/effect-host"
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: notExecutable))
        XCTAssertNil(Worker.locate(environment: [Worker.environmentVariable: notExecutable]), "a file that cannot run is no worker")
        // Named, it is the one place looked, and the reason given.
        XCTAssertEqual(
            Worker.missingReason(environment: [Worker.environmentVariable: notExecutable]),
            "EFFECT_HOST_WORKER is \(notExecutable), which is not an executable file; no other place is searched while it is set")
        XCTAssertEqual(Worker.missingReason(environment: [:]), Worker.missing)
    }

    func testAScanLoadsEachFileInTheWorkerAndKeepsItsAnswers() throws {
        let directory = try temporaryDirectory()
        let cache = directory + "/plugins.cache"
        let garbage = directory + "/garbage.so"
        try Data("not an ELF file".utf8).write(to: URL(fileURLWithPath: garbage))
        let strike = TestEnvironment.strikePlugin
        let results = PluginScanner(cacheFile: cache, worker: effectHost).read([strike, garbage])
        XCTAssertEqual(try results[0].get().effects.map(\.id), ["strikethrough-reveal"])
        guard case let .failure(failure) = results[1] else { return XCTFail("a file that is no plugin scanned as one") }
        XCTAssertTrue(failure.reason.contains("ELF"), failure.reason)
        let text = try String(contentsOfFile: cache, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("effect-host plugin cache\t"), text)
        XCTAssertTrue(text.contains(strike))
        // A second scan answers from the cache: without a worker it still knows the strike.
        let again = PluginScanner(cacheFile: cache, worker: nil).read([strike])
        XCTAssertEqual(try again[0].get().effects.map(\.id), ["strikethrough-reveal"])
    }

    func testWithoutAWorkerAFileTheCacheDoesNotKnowSaysWhy() {
        let results = PluginScanner(cacheFile: nil, worker: nil).read([TestEnvironment.strikePlugin])
        guard case let .failure(failure) = results[0] else { return XCTFail("scanned with no worker") }
        XCTAssertTrue(failure.reason.contains(Worker.environmentVariable), failure.reason)
    }

    /// A file that is not a shared library is refused in this process,
    /// before any worker is started (issue 34: 10,000 stray files cost a
    /// child process each), and the refusal is cached like an answer.
    func testFilesThatAreNotLibrariesAreRefusedWithoutAWorker() throws {
        let directory = try temporaryDirectory()
        let cache = directory + "/plugins.cache"
        let files = try (0..<50).map { index in
            let path = directory + "/lib\(index).so"
            try Data("not an ELF file \(index)".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        let empty = directory + "/libempty.so"
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        // Files changed in the last second are not cached (their contents may still change).
        for file in files + [empty] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file)
        }
        let results = PluginScanner(cacheFile: cache, worker: nil).read(files + [empty])
        let reasons = results.map { result -> String in
            if case let .failure(failure) = result { return failure.reason }
            return "scanned as a plugin"
        }
        XCTAssertEqual(reasons, Array(repeating: "not an ELF shared library", count: 50) + ["an empty file, not a shared library"])
        let text = try String(contentsOfFile: cache, encoding: .utf8)
        XCTAssertTrue(text.contains(files[49]), "kept, so the next scan does not look again")
    }
}
