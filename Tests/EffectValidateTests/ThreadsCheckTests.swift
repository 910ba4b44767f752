import BundledPlugins
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

    /// Each bundled plugin sampled from 8 threads in an effect-host worker:
    /// scripts/test-sanitizers runs this under ThreadSanitizer, where the
    /// worker and the plugins are instrumented.
    func testTheBundledPluginsPassInAWorker() {
        let validator = Validator(seed: 42, allowUnsafe: true)
        for plugin in ["libStrike.so", "libBreathe.so", "libReveal.so"] {
            XCTAssertEqual(
                validator.result(of: .threads, path: bundledPluginDirectory() + "/" + plugin),
                CheckResult(status: .pass, reason: "8 threads sampling one instance get the frames one thread gets"), plugin)
        }
    }
}
