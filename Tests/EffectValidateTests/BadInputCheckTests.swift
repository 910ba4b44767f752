import EffectValidate
import XCTest

/// The bad-input check: bad calls through the raw table are refused with
/// a status and a message.
final class BadInputCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        // Six on the table (a NULL and a non-UTF-8 effect id, three short
        // structs, an effect past the last); an unknown param; length given
        // 5 bad values at create, reduce_motion 3 at create and 3 live;
        // sample and sample_many at 4 bad times; 12 bad instance calls.
        assertVerdict(try CheckTesting.run(.badInput), .pass, "38 bad calls refused, each with a status and a message")
    }

    func testALengthAboveItsMaximumAcceptedFails() throws {
        assertVerdict(
            try CheckTesting.run(.badInput, "BROKEN_UNCHECKED_RANGE"), .fail,
            "test-ramp: create with param 'length' given a value above its maximum was accepted")
    }

    func testACrashInCreateIsNamedWithTheCall() throws {
        // AddressSanitizer's own SIGSEGV handler reports the crash itself.
        try XCTSkipIf(CheckTesting.sanitizer != nil, "the sanitizer's handler reports the crash")
        // The first bad call is create with a NULL effect id, which this plugin writes through NULL on.
        assertVerdict(
            try CheckTesting.runInWorker(.badInput, "BROKEN_CREATE_NULL_ID"), .crash,
            "the plugin crashed: signal 11 (Segmentation fault) during create")
    }
}
