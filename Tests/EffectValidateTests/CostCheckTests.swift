import EffectValidate
import XCTest

/// The cost check: what a frame costs, and that sampling allocates
/// nothing.
final class CostCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        let counted = CheckTesting.sanitizer == nil ? "no allocations while sampling" : "allocations not counted: this effect-host is built with a sanitizer, which owns malloc"
        let result = try CheckTesting.run(.cost)
        assertVerdict(result, .pass, "test-ramp ", prefix: true)
        assertVerdict(result, .pass, " ns/frame; " + counted, suffix: true)
    }

    func testAllocatingInEverySampleIsAWarning() throws {
        try XCTSkipIf(CheckTesting.sanitizer != nil, "a sanitizer owns malloc: allocations go uncounted")
        assertVerdict(
            try CheckTesting.run(.cost, "BROKEN_ALLOCATES"), .warn,
            "test-ramp allocates 10000 times in 10000 samples; test-ramp allocates 10000 times in 10 batches of 1000 frames; test-ramp ",
            prefix: true)
    }
}
