import EffectValidate
import XCTest

/// The stdout check: plugin code prints nothing on stdout, loading or in
/// any call.
final class OutputCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        assertVerdict(try CheckTesting.run(.stdout), .pass, "nothing printed to stdout while loading or in 9 calls")
    }

    func testPrintingWhileSamplingFails() throws {
        // One sample and a batch of four: five times "debug".
        assertVerdict(
            try CheckTesting.run(.stdout, "BROKEN_PRINTS"), .fail,
            "printed to stdout while test-ramp samples (25 bytes: 'debugdebugdebugdebugdebug'); a plugin may not print")
    }

    func testPrintingWhileLoadingFails() throws {
        assertVerdict(
            try CheckTesting.run(.stdout, "BROKEN_LOAD_PRINTS"), .fail,
            "printed to stdout while loading (25 bytes: 'hello from a constructor'); a plugin may not print")
    }
}
