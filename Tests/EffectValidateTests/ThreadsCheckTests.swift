import EffectValidate
import XCTest

/// The threads check: eight threads sampling one instance get the frames
/// one thread gets.
final class ThreadsCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        assertVerdict(try CheckTesting.run(.threads), .pass, "8 threads sampling one instance get the frames one thread gets")
    }

    func testFramesComputedInOneSharedVariableFail() throws {
        assertVerdict(
            try CheckTesting.run(.threads, "BROKEN_SHARED_SCRATCH"), .fail, "test-ramp: 8 threads sampling one instance got different frames")
    }
}
