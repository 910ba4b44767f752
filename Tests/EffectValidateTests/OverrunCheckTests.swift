import EffectValidate
import XCTest

/// The overrun check: frames are written within the capacity given, and a
/// capacity too small gets EFFECT_ERR_BUFFER with nothing written.
final class OverrunCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        // Four samples, one batch, one sample into room for none.
        assertVerdict(
            try CheckTesting.run(.overrun), .pass, "6 calls write within the buffers they are given, and none into one too small")
    }

    /// The write lands on a guard page, whose handler ends the process with
    /// the verdict: run in a worker. AddressSanitizer's SIGSEGV handler
    /// reports the write itself instead.
    func testAWriteOnePastTheFrameFails() throws {
        try XCTSkipIf(CheckTesting.sanitizer != nil, "a sanitizer reports the overrun itself")
        assertVerdict(
            try CheckTesting.runInWorker(.overrun, "BROKEN_FRAME_OVERRUN"), .fail,
            "test-ramp: sample at t = 0.0 writes past the end of its 1 value frame")
    }
}
