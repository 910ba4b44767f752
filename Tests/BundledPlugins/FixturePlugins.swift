import Foundation

/// The package's checkout: Tests/Fixtures, include/ and examples/ are read from it.
public let packageRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A C compiler's refusal, with what it said.
public struct FixtureCompileFailure: Error, CustomStringConvertible {
    public let description: String
}

/// The C compiler for fixture plugins: cc, or what EFFECT_TEST_CC names
/// (under a sanitizer, the toolchain's clang with ASan and UBSan, whose
/// libraries a sanitized test process can load).
private let cCompiler: [String] = {
    let words = ProcessInfo.processInfo.environment["EFFECT_TEST_CC"]?.split(separator: " ").map(String.init) ?? []
    return words.isEmpty ? ["cc"] : words
}()

/// One directory for every fixture this process compiles, removed as it exits.
private let fixtureDirectory: String = {
    let path = NSTemporaryDirectory() + "effect-fixtures-\(getpid())-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: fixtureDirectory) }
    return path
}()

private final class FixtureCache: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [String: String] = [:]

    func path(_ key: String, build: () throws -> String) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let path = built[key] { return path }
        let path = try build()
        built[key] = path
        return path
    }
}

private let cache = FixtureCache()

/// Compiles C sources into a shared library (or, `shared: false`, a
/// program) with the project's warning flags; throws with the compiler's
/// output when it does not compile cleanly.
public func compileFixture(_ sources: [String], output: String, shared: Bool = true, flags: [String] = []) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = cCompiler + ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", packageRoot + "/include"]
    if shared { arguments += ["-shared", "-fPIC"] }
    process.arguments = arguments + flags + sources + ["-o", output, "-lm"] + (shared ? [] : ["-ldl"])
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FixtureCompileFailure(description: "cc \(sources.joined(separator: " ")) failed:\n" + String(decoding: said, as: UTF8.self))
    }
}

/// Tests/Fixtures/plugins/test_plugin.c compiled with `defines` (each
/// "NAME" or "NAME=VALUE"; its comment lists them), once per process: the
/// path of the library, named after the defines.
public func testPlugin(_ defines: String...) throws -> String { try testPlugin(defines: defines) }

public func testPlugin(defines: [String]) throws -> String {
    let name = defines.isEmpty ? "good" : defines.map { $0.lowercased().replacingOccurrences(of: "=", with: "-") }.joined(separator: "+")
    return try cache.path(name) {
        let output = fixtureDirectory + "/" + name + ".so"
        try compileFixture(
            [packageRoot + "/Tests/Fixtures/plugins/test_plugin.c"], output: output, flags: defines.map { "-D" + $0 })
        return output
    }
}

/// examples/c-plugin/pulse.c, the plain C plugin the authoring guide
/// builds, compiled as its comment says, once per process.
public func pulsePlugin() throws -> String {
    try cache.path("pulse") {
        let output = fixtureDirectory + "/libPulse.so"
        try compileFixture([packageRoot + "/examples/c-plugin/pulse.c"], output: output, flags: ["-fvisibility=hidden"])
        return output
    }
}

/// Tests/Fixtures/plugins/swift/NAME.swift, a plugin written with the Swift
/// kit, compiled once per process against the kit this package built
/// (its module and object files, beside the test bundle), as a plugin
/// package would link it: the path of the library. Its objects are the
/// build's own, so under a sanitizer (EFFECT_TEST_SANITIZER) they need the
/// sanitizer's runtime, which a fixture library does not get: callers skip there.
public func swiftFixturePlugin(_ name: String) throws -> String {
    try cache.path("swift-" + name) {
        let bin = bundledPluginDirectory()
        let objects = try ["EffectABI", "MetadataRules"].flatMap { target in
            try FileManager.default.contentsOfDirectory(atPath: "\(bin)/\(target).build").filter { $0.hasSuffix(".o") }.sorted()
                .map { "\(bin)/\(target).build/\($0)" }
        }
        let output = fixtureDirectory + "/lib" + name + ".so"
        let swiftc =
            ProcessInfo.processInfo.environment["PATH"].flatMap { path in
                path.split(separator: ":").map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            } ?? "/opt/swift/usr/bin/swiftc"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments =
            [
                "-emit-library", "-parse-as-library", "-module-name", name, "-I", bin + "/Modules",
                // As Package.swift builds the kit: no concurrency or regex runtime.
                "-Xfrontend", "-disable-implicit-concurrency-module-import",
                "-Xfrontend", "-disable-implicit-string-processing-module-import",
                "-Xcc", "-fmodule-map-file=\(packageRoot)/include/module.modulemap",
                "\(packageRoot)/Tests/Fixtures/plugins/swift/\(name).swift",
            ] + objects + [
                "-Xlinker", "--version-script=\(packageRoot)/Plugins/exports.map", "-Xlinker", "-z", "-Xlinker", "nodelete",
                "-module-cache-path", fixtureDirectory + "/module-cache", "-o", output,
            ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureCompileFailure(description: "swiftc \(name).swift failed:\n" + String(decoding: said, as: UTF8.self))
        }
        return output
    }
}
