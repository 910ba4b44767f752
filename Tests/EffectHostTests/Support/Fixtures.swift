import EffectHost
import XCTest

/// Loads what the tests drive: the built Strike plugin, and variants of the
/// C test plugin compiled on demand.
enum Fixtures {
    static func strike(file: StaticString = #filePath, line: UInt = #line) throws -> Plugin {
        do {
            return try Plugin.load(path: TestEnvironment.strikePlugin)
        } catch {
            XCTFail("libStrike.so did not load: \(error)", file: file, line: line)
            throw error
        }
    }

    static func strikeInstance(_ params: [(String, Value)] = []) throws -> EffectInstance {
        let plugin = try strike()
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "strikethrough-reveal")), params: params)
    }

    /// Compiles Tests/Fixtures/plugins/test_plugin.c with `defines` into
    /// `directory/name`.
    @discardableResult
    static func testPlugin(_ name: String, in directory: String, defines: [String] = []) throws -> String {
        let output = directory + "/" + name
        try TestEnvironment.compileC(
            [TestEnvironment.fixtures + "/plugins/test_plugin.c"], output: output, shared: true,
            extraFlags: defines.map { "-D" + $0 } + ["-lm"])
        return output
    }
}
