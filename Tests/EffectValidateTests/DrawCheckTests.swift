import EffectValidate
import XCTest

/// The draw check: display lists well formed, repeatable, with stable ids,
/// within their capacity, and text measured by the measurer given.
final class DrawCheckTests: XCTestCase {
    func testAPluginThatDrawsWellPasses() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "ABI_1_2"), .pass,
            " display lists of test-ramp: well formed, repeatable, stable ids, capacity kept, text measured as asked, both appearances, bad calls refused",
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
}
