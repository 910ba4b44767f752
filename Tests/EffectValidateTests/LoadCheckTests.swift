import BundledPlugins
import EffectValidate
import XCTest

/// The load check: the entry point hands out one table, describe is quick,
/// and nothing is exported besides the entry point.
final class LoadCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        let result = try CheckTesting.run(.load)
        assertVerdict(result, .pass, "ABI 1.0, describe ", prefix: true)
        assertVerdict(result, .pass, " ms, only effect_plugin_entry exported", suffix: true)
    }

    func testAnEntryPointReturningANewTableEachCallFails() throws {
        assertVerdict(
            try CheckTesting.run(.load, "BROKEN_NEW_TABLE"), .fail,
            "effect_plugin_entry returns a different table each call; it must return the same one")
    }

    func testExportsBesidesTheEntryPointAreAWarning() throws {
        assertVerdict(
            try CheckTesting.run(.load, "BROKEN_EXTRA_EXPORTS"), .warn,
            "exports 2 symbols besides effect_plugin_entry, which could clash with another plugin's (test_plugin_counter, test_plugin_scale)")
    }

    /// effect.h's Versioning: a plugin of the next minor that needs only
    /// this host's is read as this host's minor, and the reason says so.
    func testANewerPluginThatNeedsNoMoreThanThisHostPassesAndSaysHowItIsRead() throws {
        let result = try CheckTesting.run(.load, "BROKEN_ABI_MINOR=8", "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_4", "NEEDS_MINOR=7")
        assertVerdict(result, .pass, "ABI 1.8 (needing 1.7, so read as 1.7), describe ", prefix: true)
    }

    func testAPluginForAnotherMajorFails() throws {
        assertVerdict(try CheckTesting.run(.load, "BROKEN_ABI_MAJOR=2"), .fail, "built for effect ABI 2.0; this host speaks 1.7")
    }

    func testADescribeThatFailsIsNamedWithThePluginsMessage() throws {
        assertVerdict(
            try CheckTesting.run(.load, "BROKEN_DESCRIBE"), .fail, "describe fails with EFFECT_ERR_INTERNAL: this plugin is broken on purpose")
    }

    /// A Swift kit plugin whose param's default (5) lies outside its range
    /// (0 ... 1): the kit's describe says why, and validate passes it on,
    /// as `effect-host list` does.
    func testASwiftDefaultOutsideItsRangeIsNamed() throws {
        try XCTSkipIf(CheckTesting.sanitizer != nil, "a Swift fixture plugin links the build's objects, which need the sanitizer's runtime")
        assertVerdict(
            Check.load.run(path: try swiftFixturePlugin("BadDefault"), seed: 7), .fail,
            "describe fails with EFFECT_ERR_INTERNAL: plugin declarations are invalid: effect 'bad-default': param 'level' has a default outside its range")
    }
}
