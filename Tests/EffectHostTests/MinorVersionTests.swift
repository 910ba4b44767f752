import CEffect
import EffectHost
import XCTest

/// Plugins of every earlier minor load and play under this 1.2 host, which
/// uses only the functions their minor has.
final class MinorVersionTests: XCTestCase {
    private func load(_ defines: [String]) throws -> (Plugin, EffectInstance) {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let path = try Fixtures.testPlugin("libMinor.so", in: directory, defines: defines)
        let plugin = try Plugin.load(path: path)
        return (plugin, try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "test-ramp")), params: [("length", .number(4))]))
    }

    func testA10PluginSamplesAndDoesNeitherLayoutNorDraw() throws {
        let (plugin, instance) = try load([])
        XCTAssertEqual(plugin.info.abiMinor, 0)
        XCTAssertFalse(plugin.canDraw)
        XCTAssertEqual(try instance.sample(at: 1), [0.25])
        XCTAssertThrowsError(try instance.layout(sizes: [], containerWidth: 100)) { error in
            XCTAssertEqual((error as? EffectError)?.status, EFFECT_ERR_UNSUPPORTED)
        }
        XCTAssertThrowsError(try instance.draw(at: 0)) { error in
            XCTAssertEqual((error as? EffectError)?.status, EFFECT_ERR_UNSUPPORTED)
            XCTAssertTrue((error as? EffectError)?.message.contains("ABI 1.0") ?? false)
        }
    }

    func testA11PluginLaysOutButDoesNotDraw() throws {
        let (plugin, instance) = try load(["ABI_1_1"])
        XCTAssertEqual(plugin.info.abiMinor, 1)
        XCTAssertFalse(plugin.canDraw)
        XCTAssertEqual(try instance.sample(at: 2), [0.5])
        XCTAssertEqual(try instance.layout(sizes: [], containerWidth: 100).items, [])
        XCTAssertThrowsError(try instance.draw(at: 0)) { error in
            XCTAssertEqual((error as? EffectError)?.status, EFFECT_ERR_UNSUPPORTED)
        }
    }

    /// A table smaller than its minor's size is refused with both sizes.
    func testATableSmallerThanItsMinorIsRefused() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let path = try Fixtures.testPlugin(
            "libShort.so", in: directory, defines: ["BROKEN_ABI_MINOR=2", "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_1"])
        XCTAssertThrowsError(try Plugin.load(path: path)) { error in
            let reason = (error as? PluginLoadFailure)?.reason ?? ""
            XCTAssertTrue(reason.contains("ABI 1.2 needs \(16 + 15 * 8)"), reason)
        }
    }
}
