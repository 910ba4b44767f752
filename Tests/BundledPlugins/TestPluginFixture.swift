import Foundation

/// Tests/Fixtures/plugins/test_plugin.c built as a plugin into `directory`
/// with `defines` (ABI_1_1, ABI_1_2: a plugin of that minor); its path.
public func compiledTestPlugin(_ name: String, in directory: String, defines: [String]) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let output = directory + "/" + name
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compiler.arguments =
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I", root + "/include"] + defines.map { "-D" + $0 }
        + [root + "/Tests/Fixtures/plugins/test_plugin.c", "-lm", "-o", output]
    try compiler.run()
    compiler.waitUntilExit()
    guard compiler.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return output
}

/// A new directory of its own under the temporary directory.
public func temporaryTestDirectory(_ prefix: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
}
