import EffectValidate
import XCTest

/// The metadata check: every rule of MetadataRules, and each instance's
/// timing against the kinds its effect declares.
final class MetadataCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        assertVerdict(try CheckTesting.run(.metadata), .pass, "1 effect, 2 params: ids, names, ranges and defaults well-formed")
    }

    func testAParamWithNoDocFails() throws {
        assertVerdict(try CheckTesting.run(.metadata, "BROKEN_PARAM_DOC"), .fail, "effect 'test-ramp': param 'reduce_motion' has no doc")
    }

    func testAChannelWithNoDocIsAWarning() throws {
        assertVerdict(try CheckTesting.run(.metadata, "BROKEN_CHANNEL_DOC"), .warn, "effect 'test-ramp': channel 'value' has no doc")
    }

    func testADefaultOutsideItsRangeFails() throws {
        assertVerdict(
            try CheckTesting.run(.metadata, "BROKEN_DEFAULT_RANGE"), .fail, "effect 'test-ramp': param 'length' has a default outside its range")
    }

    func testAnInstanceLoopingWhereItsEffectSaysItEndsFails() throws {
        // Looping as declared passes: the kinds agree.
        assertVerdict(try CheckTesting.run(.metadata, "LOOPS"), .pass, "1 effect, 2 params: ids, names, ranges and defaults well-formed")
        assertVerdict(
            try CheckTesting.run(.metadata, "LOOPS", "BROKEN_TIMING_KIND"), .fail,
            "effect 'test-ramp': its instance reports a timing kind the effect does not declare")
    }
}
