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
            "test-ramp: the frames at t = 0.0 and t + period differ in channel 'value' (0.0 against 0.8); "
                + "a loop repeats every period it reports, so report the period it repeats with, and count a stepped value "
                + "(a blink) with Periodic.step or effect_kit_step_in_period, which t and t + period agree on")
    }

    func testASquareWaveWhoseEdgeRoundingMovesPasses() throws {
        // A caret's blink every 0.3 s, on for the first half: at the 10th of
        // the 20 probes, t = 0.3 · 10 / 20 = 0.15 is on the edge (off), while
        // 0.15 + 0.3 rounds to 0.44999999999999996, whose remainder
        // 0.14999999999999997 is still on (the issue's "frames at t = 1.0833
        // and t + period differ").
        XCTAssertEqual(0.15 + 0.3, 0.44999999999999996)
        XCTAssertLessThan((0.15 + 0.3).truncatingRemainder(dividingBy: 0.3), 0.15)
        assertVerdict(
            try CheckTesting.run(.loops, "LOOPS", "SQUARE_WAVE", "DEFAULT_LENGTH=0.3"), .pass, "1 looping effect repeats every period")
    }

    func testASquareWaveThatDoesNotRepeatStillFails() throws {
        // On for 0.1875 s of every 1.25 · 0.3 = 0.375 s, said to repeat every
        // 0.3 s: at t = 0 it is on, at t = 0.3 off, and no time a few ulps
        // from 0 is off.
        assertVerdict(
            try CheckTesting.run(.loops, "LOOPS", "SQUARE_WAVE", "DEFAULT_LENGTH=0.3", "BROKEN_PERIOD"), .fail,
            "test-ramp: the frames at t = 0.0 and t + period differ in channel 'value' (1.0 against 0.0); "
                + "a loop repeats every period it reports, so report the period it repeats with, and count a stepped value "
                + "(a blink) with Periodic.step or effect_kit_step_in_period, which t and t + period agree on")
    }
}
