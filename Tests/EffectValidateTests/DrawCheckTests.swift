import BundledPlugins
import EffectValidate
import XCTest

/// The draw check: display lists well formed, repeatable, with stable ids,
/// within their capacity, and text measured by the measurer given.
final class DrawCheckTests: XCTestCase {
    func testAPluginThatDrawsWellPasses() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2"), .pass,
            " display lists of test-ramp: well formed, repeatable, ink within bounds, stable ids, capacity kept, text measured as asked, both appearances, bad calls refused",
            suffix: true)
    }

    func testAPluginBeforeDrawingIsSkipped() throws {
        assertVerdict(try CheckTesting.run(.draw), .skip, "built for ABI 1.0, which has no draw (since 1.2)")
        assertVerdict(try CheckTesting.run(.draw, "ABI_1_1"), .skip, "built for ABI 1.1, which has no draw (since 1.2)")
    }

    func testADrawingTableWithNoDrawIsAWarning() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_NULL_DRAW"), .warn,
            "its table is ABI 1.2's but draw is NULL, so hosts take it for a plugin that does not draw; "
                + "a draw that returns EFFECT_ERR_UNSUPPORTED says so on purpose")
    }

    func testAGroupLeftOpenFails() throws {
        assertVerdict(try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_DRAW_UNBALANCED"), .fail, "test-ramp: the plugin's display list leaves 1 group(s) open")
    }

    func testAWritePastAShortCapacityFails() throws {
        // The check offers one item fewer than the 4 the list needs.
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_DRAW_OVERRUN"), .fail,
            "test-ramp: draw wrote past the capacity it was given (3 items) at t = 0.0")
    }

    func testAnIdThatChangesMeaningFails() throws {
        // The bar's id is 2 + 10 t: at t = 0.1 it is 3, the label's id.
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_DRAW_IDS"), .fail,
            "test-ramp: id 3 is a text in one frame and a shape at t = 0.1; ids must name one thing")
    }

    func testTextNotMeasuredByTheHostsMeasurerFails() throws {
        let result = try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_DRAW_MEASURE")
        assertVerdict(result, .fail, "test-ramp: text 'ramp' measures ", prefix: true)
        XCTAssertTrue(result.reason.contains("; the measurer said "), result.reason)
    }

    func testInkOutsideTheDeclaredBoundsFailsNamingTheWiderBounds() throws {
        // The label "ramp" at 12 pt on the baseline y = 16, by the reference
        // metrics: r 333 + a 556 + m 833 + p 556 = 2278/1000 em = 27.336 wide,
        // 0.952 em = 11.424 above the baseline and 0.241 em = 2.892 below;
        // the bounds say 20 x 20.
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_DRAW_BOUNDS"), .fail,
            "test-ramp: at t = 0.0 text 3 'ramp' inks {x 0, y 4.576, width 27.336, height 14.316}, outside the declared bounds "
                + "{x 0, y 0, width 20, height 20}; widen bounds to contain it (to {x 0, y 0, width 27.336, height 20} at least): "
                + "they hold every frame's ink, and hosts cut off what lies outside")
    }

    func testItemsNumberedAfreshEachFrameFail() throws {
        // Ids shift by 10 every 1/60 s: group 1 at t = 0 is group 11 a frame later.
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2", "BROKEN_DRAW_RENUMBER"), .fail,
            "test-ramp: the display lists at t = 0.0 and 1/60 s later are alike, but group 1 becomes group 11: its items are numbered afresh; "
                + "give each item the same id at every t (exports and transitions follow items by id)")
    }

    /// A Swift kit effect that implements draw(at:on:) but leaves `static
    /// var draws` false: its draw fails, naming the line to add, rather than
    /// passing for an effect that does not draw.
    func testASwiftEffectThatDrawsButSaysItDoesNotFails() throws {
        try XCTSkipIf(CheckTesting.sanitizer != nil, "a Swift fixture plugin links the build's objects, which need the sanitizer's runtime")
        assertVerdict(
            Check.draw.run(path: try swiftFixturePlugin("QuietDraw"), seed: 7), .fail,
            "quiet-draw: effect 'quiet-draw' implements draw(at:on:) but `static var draws` is false, so hosts would not draw it; "
                + "add `static var draws: Bool { true }`")
    }

    /// The other way round: `static var draws` true and no draw of its
    /// own fails the draw call (found as it draws: no probe at create).
    func testASwiftEffectThatSaysItDrawsButHasNoDrawFails() throws {
        try XCTSkipIf(CheckTesting.sanitizer != nil, "a Swift fixture plugin links the build's objects, which need the sanitizer's runtime")
        assertVerdict(
            Check.draw.run(path: try swiftFixturePlugin("ClaimsDraw"), seed: 7), .fail,
            "claims-draw: effect 'claims-draw' says `static var draws` is true but has no draw(at:on:) of its own; "
                + "implement it, or drop `draws`")
    }
}
