import EffectValidate
import XCTest

/// The lifecycle check: loading, creating and destroying again and again
/// does not make memory grow.
final class LifecycleCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        let result = try CheckTesting.run(.lifecycle)
        if CheckTesting.sanitizer != nil {
            assertVerdict(
                result, .pass, "memory growth not measured: this effect-host is built with a sanitizer, whose allocator holds freed memory")
        } else {
            assertVerdict(result, .pass, "100 load/unload: ", prefix: true)
            assertVerdict(result, .pass, " KB resident growth", suffix: true)
            XCTAssertTrue(result.reason.contains(" KB; 10000 create/sample/destroy: "), result.reason)
        }
    }

    /// 16 KB a create, 10,000 times: 160 MB, in a worker that then exits.
    func testLeakingOnEveryCreateFails() throws {
        let result = try CheckTesting.runInWorker(.lifecycle, "BROKEN_LEAK")
        if CheckTesting.sanitizer != nil {
            assertVerdict(
                result, .pass, "memory growth not measured: this effect-host is built with a sanitizer, whose allocator holds freed memory")
        } else {
            assertVerdict(result, .fail, "memory grew by ", prefix: true)
            XCTAssertTrue(result.reason.contains(" MB over 10000 create/sample/destroy cycles (about 16"), result.reason)
        }
    }
}
