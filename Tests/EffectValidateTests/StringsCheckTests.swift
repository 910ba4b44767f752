import EffectValidate
import XCTest

/// The strings check: every string an instance hands out is there and is
/// UTF-8, and its notes are lines of text.
final class StringsCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        // 11 param sets × 27 probe times × 3 display strings; no elements, and a 1.0 plugin has no notes.
        assertVerdict(try CheckTesting.run(.strings), .pass, "891 display strings, element texts and notes, each non-NULL UTF-8")
    }

    func testANullAccessibilityValueFails() throws {
        assertVerdict(
            try CheckTesting.run(.strings, "BROKEN_NULL_STRINGS"), .fail,
            "test-ramp with defaults: strings at t = 1.0: accessibility_value is NULL; a string is never NULL (\"\" where there is none)")
    }

    func testAnElementTextCutShortFails() throws {
        assertVerdict(try CheckTesting.run(.strings, "BROKEN_ELEMENT_UTF8"), .fail, "test-ramp with defaults: element 0's text is not UTF-8")
    }

    func testANoteWithAnEscapeSequenceFails() throws {
        assertVerdict(
            try CheckTesting.run(.strings, "BROKEN_NOTES"), .fail,
            "test-ramp with defaults: a note holds the control character U+001B; notes are lines of text")
    }

    func testAStringParamCopiedAtCreateAndLivePasses() throws {
        // LABEL adds a live string param, which gives no random param sets:
        // the same 891 strings, and "ramp" given once to create and once to set_param.
        assertVerdict(
            try CheckTesting.run(.strings, "LABEL"), .pass,
            "891 display strings, element texts and notes, each non-NULL UTF-8; 1 string given to create and 1 to set_param copied, not kept")
    }

    func testAPluginThatKeepsTheCallersStringFails() throws {
        // Its default, "ramp", is given in the validator's buffer, which is
        // then overwritten with x's.
        assertVerdict(
            try CheckTesting.run(.strings, "LABEL", "BROKEN_KEEPS_STRING"), .fail,
            "test-ramp: given 'label' at create, then its buffer overwritten by the caller: get_param 'label' reads 'xxxx', not 'ramp'; "
                + "the plugin kept the caller's pointer: copy the string in create (it is the caller's only during the call)")
        assertVerdict(
            try CheckTesting.run(.strings, "LABEL", "BROKEN_KEEPS_LIVE_STRING"), .fail,
            "test-ramp: set_param of 'label', then its buffer overwritten by the caller: get_param 'label' reads 'xxxx', not 'ramp'; "
                + "the plugin kept the caller's pointer: copy the string in set_param (it is the caller's only during the call)")
    }
}
