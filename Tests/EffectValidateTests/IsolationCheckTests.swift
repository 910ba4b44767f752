import EffectValidate
import XCTest

/// The isolation check: two instances with different params, sampled in
/// turn, give the frames each gives alone.
final class IsolationCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        // 36 times (32 random and 0, 0.5, 1, 5), two instances each.
        assertVerdict(
            try CheckTesting.run(.isolation), .pass, "72 frames of two instances with different params, sampled in turn, match each alone")
    }

    func testInstancesSharingTheirLengthFail() throws {
        // The other params: length in the middle of 0.1...10, reduce_motion not its default.
        assertVerdict(
            try CheckTesting.run(.isolation, "BROKEN_SHARED_STATE"), .fail,
            "test-ramp: with a second instance (length=5.05 reduce_motion=true) sampled in turn, the first's frame at t = ", prefix: true)
    }
}
