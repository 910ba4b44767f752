import CEffect
import EffectHost
import XCTest

/// effect.h's Versioning: a plugin of a newer minor than this host's loads
/// when its needs_minor (the table's fourth word) is at most the host's,
/// and is used as a plugin of the host's minor; otherwise it is refused,
/// naming both versions.
final class NeedsMinorTests: XCTestCase {
    private let hostMinor = Int(EFFECT_ABI_MINOR)

    private func plugin(minor: Int, needs: Int?) throws -> String {
        let directory = try TestEnvironment.temporaryDirectory(self)
        // A table as long as the last minor with a new function (1.4) has:
        // what a plugin of a later minor that adds none would have.
        var defines = ["BROKEN_ABI_MINOR=\(minor)", "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_4"]
        if let needs { defines.append("NEEDS_MINOR=\(needs)") }
        return try Fixtures.testPlugin("libNewer.so", in: directory, defines: defines)
    }

    func testANewerPluginThatNeedsNoMoreThanThisHostLoadsAndPlays() throws {
        let loaded = try Plugin.load(path: try plugin(minor: hostMinor + 1, needs: hostMinor))
        XCTAssertEqual(loaded.info.abiMinor, UInt32(hostMinor + 1), "it is listed with the minor it was built for")
        let instance = try loaded.instantiate(try XCTUnwrap(loaded.effect(id: "test-ramp")), params: [("length", .number(4))])
        XCTAssertEqual(try instance.sample(at: 1), [0.25])
    }

    func testANewerPluginThatNeedsAnOlderMinorStillLoads() throws {
        XCTAssertNoThrow(try Plugin.load(path: try plugin(minor: hostMinor + 3, needs: 2)))
    }

    func testANewerPluginThatNeedsANewerMinorIsRefusedNamingWhatItNeeds() throws {
        XCTAssertThrowsError(try Plugin.load(path: try plugin(minor: hostMinor + 2, needs: hostMinor + 1))) { error in
            XCTAssertEqual(
                (error as? PluginLoadFailure)?.reason,
                "built for effect ABI 1.\(hostMinor + 2) (needing 1.\(hostMinor + 1)); this host speaks 1.\(hostMinor) "
                    + "and cannot use a newer minor version")
        }
    }

    func testANewerPluginThatSaysNothingIsRefusedAsBefore() throws {
        XCTAssertThrowsError(try Plugin.load(path: try plugin(minor: hostMinor + 1, needs: nil))) { error in
            XCTAssertEqual(
                (error as? PluginLoadFailure)?.reason,
                "built for effect ABI 1.\(hostMinor + 1); this host speaks 1.\(hostMinor) and cannot use a newer minor version")
        }
    }

    func testAPluginOfThisMinorIgnoresTheWord() throws {
        XCTAssertNoThrow(try Plugin.load(path: try plugin(minor: hostMinor, needs: hostMinor + 4)))
    }
}

/// include/effect.hpp's Library keeps the same rule.
final class NeedsMinorCxxTests: XCTestCase {
    func testTheCxxWrapperLoadsWhatTheHostLoadsAndRefusesWhatItRefuses() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let minor = Int(EFFECT_ABI_MINOR)
        let size = "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_4"
        let fits = try Fixtures.testPlugin("fits.so", in: directory, defines: ["BROKEN_ABI_MINOR=\(minor + 1)", size, "NEEDS_MINOR=\(minor)"])
        let needsMore = try Fixtures.testPlugin(
            "more.so", in: directory, defines: ["BROKEN_ABI_MINOR=\(minor + 2)", size, "NEEDS_MINOR=\(minor + 1)"])
        let silent = try Fixtures.testPlugin("silent.so", in: directory, defines: ["BROKEN_ABI_MINOR=\(minor + 1)", size])
        let source = directory + "/load.cpp"
        try """
            #include "effect.hpp"
            #include <cstdio>
            int main(int argc, char **argv) {
                for (int i = 1; i < argc; i++) {
                    try {
                        effect::Library library(argv[i]);
                        std::printf("loaded %zu\\n", library.effects().size());
                    } catch (const effect::Error &error) {
                        std::printf("%s\\n", error.what());
                    }
                }
                return 0;
            }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let program = directory + "/load"
        let build = try TestEnvironment.run(
            "/usr/bin/env",
            TestEnvironment.cxxCompiler + [
                "-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", TestEnvironment.header, source, "-ldl", "-o", program,
            ])
        XCTAssertEqual(build.status, 0, build.stderr)
        let result = try TestEnvironment.run(program, [fits, needsMore, silent])
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                "loaded 1",
                "\(needsMore): built for effect ABI 1.\(minor + 2) (needing 1.\(minor + 1)); this program speaks 1.\(minor)",
                "\(silent): built for effect ABI 1.\(minor + 1); this program speaks 1.\(minor)",
            ])
    }
}
