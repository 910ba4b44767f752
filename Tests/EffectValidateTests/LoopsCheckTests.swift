import EffectValidate
import XCTest

/// The loops check: a looping instance repeats every period; one that
/// ends holds its frame from its end.
final class LoopsCheckTests: XCTestCase {
    func testARampThatEndsAndOneThatLoopsPass() throws {
        assertVerdict(try CheckTesting.run(.loops), .pass, "1 effect that ends holds still from its end")
        assertVerdict(try CheckTesting.run(.loops, "LOOPS"), .pass, "1 looping effect repeats every period")
    }

    func testAValueThatDropsAfterItsEndFails() throws {
        assertVerdict(
            try CheckTesting.run(.loops, "BROKEN_NO_HOLD"), .fail,
            "test-ramp: it ends at 1.0 s but the frame at t = 1.000001 differs (0.0 against 1.0)")
    }

    func testALoopLongerThanItsPeriodFails() throws {
        // It repeats every 1.25 s and says 1 s: at t = 1 it is 1 / 1.25 = 0.8 where t = 0 is 0.
        assertVerdict(
            try CheckTesting.run(.loops, "LOOPS", "BROKEN_PERIOD"), .fail,
            "test-ramp: the frames at t = 0.0 and t + period differ (0.0 against 0.8)")
    }
}
