import Foundation
import XCTest

/// Where the built products and the fixture sources are, and helpers to
/// run programs and compile C fixtures.
enum TestEnvironment {
    /// The directory of the test bundle: SwiftPM puts the plugins and the
    /// effect-host executable beside it.
    static let buildDirectory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var directory = (executable as NSString).deletingLastPathComponent
        if directory.hasSuffix(".xctest") { directory = (directory as NSString).deletingLastPathComponent }
        return directory
    }()

    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
    }()

    static var strikePlugin: String { buildDirectory + "/libStrike.so" }
    static var effectHost: String { buildDirectory + "/effect-host" }
    static var header: String { packageRoot + "/include" }
    static var fixtures: String { packageRoot + "/Tests/Fixtures" }

    /// Every plugin this package builds.
    static let bundledPlugins = ["libStrike.so", "libBreathe.so", "libReveal.so"]

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a program to completion with a clean environment (PATH only,
    /// plus `environment`), so nothing like LD_LIBRARY_PATH leaks in.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], directory: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var env = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        // A sanitizer run's settings reach every program the tests start.
        for key in ["ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "SWIFT_BACKTRACE"] {
            if let value = ProcessInfo.processInfo.environment[key] { env[key] = value }
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting so a full pipe can never stall the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory, removed when the test ends.
    static func temporaryDirectory(_ test: XCTestCase) throws -> String {
        let path = NSTemporaryDirectory() + "effect-host-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// Set by scripts/test-sanitizers to the sanitizer the suite is built
    /// with; nil in an ordinary run.
    static let sanitizer = ProcessInfo.processInfo.environment["EFFECT_TEST_SANITIZER"]

    /// The C and C++ compilers for test programs and fixture plugins: cc
    /// and c++, or what EFFECT_TEST_CC and EFFECT_TEST_CXX name (under a
    /// sanitizer, the toolchain's clang with ASan and UBSan, whose programs
    /// can load the sanitized plugins).
    static let cCompiler = compiler("EFFECT_TEST_CC", default: "cc")
    static let cxxCompiler = compiler("EFFECT_TEST_CXX", default: "c++")

    private static func compiler(_ variable: String, default name: String) -> [String] {
        let words = ProcessInfo.processInfo.environment[variable]?.split(separator: " ").map(String.init) ?? []
        return words.isEmpty ? [name] : words
    }

    /// Compiles C sources with the project's warning flags; fails the test
    /// with the compiler's output if it does not compile cleanly.
    static func compileC(
        _ sources: [String], output: String, shared: Bool = false, extraFlags: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var arguments = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", header]
        if shared { arguments += ["-shared", "-fPIC"] }
        arguments += extraFlags + sources + ["-o", output]
        if !shared { arguments.append("-ldl") }
        let result = try run("/usr/bin/env", cCompiler + arguments)
        XCTAssertEqual(result.status, 0, "cc failed:\n\(result.stderr)", file: file, line: line)
        if result.status != 0 { throw CompileFailure() }
    }

    struct CompileFailure: Error {}
}
