import BundledPlugins
import CEffect
import EffectHost
import EffectRender
import Foundation
import XCTest

/// A Swift kit effect that draws but leaves `static var draws` false: a
/// render says so and stops, rather than drawing channel bars in its place.
final class DrawMismatchPictureTests: XCTestCase {
    func testARenderOfAnEffectThatDrawsButSaysItDoesNotFailsNamingTheFix() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment["EFFECT_TEST_SANITIZER"] != nil,
            "a Swift fixture plugin links the build's objects, which need the sanitizer's runtime")
        let plugin = try Plugin.load(path: try swiftFixturePlugin("QuietDraw"))
        let instance = try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "quiet-draw")))
        XCTAssertThrowsError(try makePicture(for: instance, proposedWidth: nil, style: PictureStyle())) { error in
            XCTAssertEqual((error as? EffectError)?.status, EFFECT_ERR_INTERNAL)
            XCTAssertEqual(
                (error as? EffectError)?.message,
                "effect 'quiet-draw' implements draw(at:on:) but `static var draws` is false, so hosts would not draw it; add `static var draws: Bool { true }`")
        }
    }
}
