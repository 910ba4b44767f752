import EffectValidate
import XCTest

/// The sweep check: frames are finite and within their channels' declared
/// ranges, for every kind of params and at every kind of t.
final class SweepCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        let result = try CheckTesting.run(.sweep)
        assertVerdict(result, .pass, " frames finite and within declared ranges (0 param combinations refused by the effect)", suffix: true)
        // The default, minimum and maximum params are each swept every 90 µs over 10 s.
        let frames = try XCTUnwrap(Int(result.reason.prefix { $0 != " " }))
        XCTAssertGreaterThan(frames, 3 * 111_112)
    }

    func testAValueAboveItsChannelsRangeFails() throws {
        assertVerdict(
            try CheckTesting.run(.sweep, "BROKEN_OUT_OF_RANGE"), .fail, "values outside their declared ranges: test-ramp.value = 1.5 at t = ",
            prefix: true)
    }

    func testInfinityForATenthOfAMillisecondFails() throws {
        assertVerdict(
            try CheckTesting.run(.sweep, "BROKEN_INF_WINDOW"), .fail,
            "test-ramp with defaults: the plugin wrote inf into channel 'value' of a frame near t = 0.4321", prefix: true)
    }
}
