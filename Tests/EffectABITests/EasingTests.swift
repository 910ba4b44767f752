import EffectABI
import XCTest

final class EasingTests: XCTestCase {
    func testEaseOutQuint() {
        XCTAssertEqual(easeOutQuint(0), 0)
        XCTAssertEqual(easeOutQuint(1), 1)
        XCTAssertEqual(easeOutQuint(0.5), 1 - 1.0 / 32, accuracy: 1e-15)
        XCTAssertEqual(easeOutQuint(0.2), 1 - 0.32768, accuracy: 1e-15)
        XCTAssertEqual(easeOutQuint(-1), 0)
        XCTAssertEqual(easeOutQuint(2), 1)
    }

    func testClamps() {
        XCTAssertEqual(clamp01(-0.5), 0)
        XCTAssertEqual(clamp01(0.25), 0.25)
        XCTAssertEqual(clamp01(1.5), 1)
        XCTAssertEqual(clamp01(.nan), 0)
        XCTAssertEqual(clamp(5, to: 1...3), 3)
        XCTAssertEqual(clamp(.nan, to: 1...3), 1)
        XCTAssertEqual(lerp(2, 6, 0.25), 3)
    }

    func testAnimationProgress() throws {
        XCTAssertEqual(Animation.easeInOut(duration: 2).progress(after: 1), 0.5, accuracy: 1e-15)
        XCTAssertEqual(Animation.easeInOut(duration: 2).progress(after: -1), 0)
        XCTAssertEqual(Animation.linear(duration: 0).progress(after: 0), 1)
        XCTAssertEqual(Animation.easeOut(duration: 0.55).settleTime, 0.55)
        let spring = try XCTUnwrap(Spring(duration: 0.5, bounce: 0))
        XCTAssertEqual(Animation.spring(spring).settleTime, spring.settleTime())
    }
}
