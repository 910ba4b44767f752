import EffectValidate
import XCTest

/// The events check: an event changes no frame before its time, and
/// events set in either order give the same frames.
final class EventsCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        assertVerdict(
            try CheckTesting.run(.events), .pass, "1 live param set as events: earlier frames untouched, order of setting irrelevant")
    }

    func testAnEventThatActsBeforeItsTimeFails() throws {
        // reduce_motion set at t = 1 settles the ramp from t = 0: 1 where it was 0.
        assertVerdict(
            try CheckTesting.run(.events, "BROKEN_EVENT_EARLY"), .fail,
            "test-ramp: setting 'reduce_motion' at t = 1 changed the frame at t = 0.0")
    }

    func testEventsWhoseOrderOfSettingMattersFail() throws {
        // Set at 0.5 then cleared at 1.5, the last one set wins: in one
        // order the ramp is settled from 0.5, in the other never.
        assertVerdict(
            try CheckTesting.run(.events, "BROKEN_EVENT_ORDER"), .fail,
            "test-ramp: events on 'reduce_motion' set out of order give a different frame at t = 0.5")
    }
}
