import EffectHost
import XCTest

@testable import effect_host

/// The frame cap is what the longest --duration (1e9 s) at the highest
/// --fps (1000) takes: 1e12 frames after t = 0, and that one (issue 34:
/// they disagreed by one).
final class FrameCapTests: XCTestCase {
    func testTheCapFitsTheLongestDurationAtTheHighestRate() {
        XCTAssertEqual(RunLength.maxFrames, 1_000_000_000_001)
    }
}
