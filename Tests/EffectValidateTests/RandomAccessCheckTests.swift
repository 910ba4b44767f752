import EffectValidate
import XCTest

/// The random-access check: frames do not depend on the order they are
/// asked for, one at a time or in a batch.
final class RandomAccessCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        assertVerdict(try CheckTesting.run(.randomAccess), .pass, "forward, backward, shuffled and batch sampling agree bit for bit")
    }

    /// A cache that only steps forward answers an earlier t with the last
    /// frame. The forward pass ends at t = 1e6, where the ramp is 1; going
    /// back, every t from 1 up gives 1 either way, and 19 × 0.05, the
    /// first below 1, gives 1 where its own frame is 0.95.
    func testSamplingThatOnlyStepsForwardFails() throws {
        assertVerdict(
            try CheckTesting.run(.randomAccess, "BROKEN_FORWARD_ONLY"), .fail,
            "test-ramp: sampling backwards changes the frame at t = \(19 * 0.05)")
    }

    func testABatchOffByOneFrameFails() throws {
        assertVerdict(
            try CheckTesting.run(.randomAccess, "BROKEN_BATCH_OFFSET"), .fail,
            "test-ramp: sample_many's frame 0 differs from sample at the same t")
    }
}
