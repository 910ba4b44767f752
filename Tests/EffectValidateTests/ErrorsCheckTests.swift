import EffectValidate
import XCTest

/// The errors check: the error struct and out-structs are written as the
/// header says, and nowhere outside the bytes given.
final class ErrorsCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        // Per effect: sample, sample at NaN, get_param of an unknown and of a
        // known name, instance_info at the 1.0 and the full size, strings;
        // and describe.
        assertVerdict(
            try CheckTesting.run(.errors), .pass,
            "8 calls leave the error struct as the header says and write no byte outside the structs given")
    }

    func testSuccessLeavingTheErrorStructAsItWasFails() throws {
        assertVerdict(
            try CheckTesting.run(.errors, "BROKEN_ERROR_GARBAGE"), .fail,
            "test-ramp: sample at t = 0.5 returns OK but leaves status 12345 in the error struct")
    }

    func testWritingPastACallersStructFails() throws {
        assertVerdict(
            try CheckTesting.run(.errors, "BROKEN_OUT_STRUCT_OVERRUN"), .fail,
            "test-ramp: instance_info: 16 bytes written outside the 48 bytes the caller gave (0 before, 16 after)")
    }

    func testClaimingALargerStructSizeFails() throws {
        assertVerdict(
            try CheckTesting.run(.errors, "BROKEN_STRUCT_SIZE_CLAIM"), .fail,
            "test-ramp: instance_info: struct_size written back is 4096, more than the 48 bytes given")
    }
}
