import EffectValidate
import XCTest

/// The determinism check: the same t gives the same frame, twice and on
/// two instances.
final class DeterminismCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        // 27 probe times: 9 fixed, the end and half a second past it, 16 random.
        assertVerdict(try CheckTesting.run(.determinism), .pass, "27 frames bit-identical twice and across two instances")
    }

    func testFramesThatDriftFail() throws {
        assertVerdict(
            try CheckTesting.run(.determinism, "BROKEN_NONDETERMINISTIC"), .fail,
            "test-ramp: sampling t = 0.0 twice, or on two instances, gives different frames")
    }
}
