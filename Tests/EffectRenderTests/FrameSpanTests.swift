import BundledPlugins
import EffectHost
import XCTest

/// The frames a run covers when no length is given, from the seeds'
/// timings: the strike's 0.32 s easeInOut, tracking-breathe's 0.9 s
/// entrance and 3.6 s breath.
final class FrameSpanTests: XCTestCase {
    func testAnEffectThatEndsPlaysToItsEndOrItsLastEvent() throws {
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        XCTAssertEqual(try FrameSpan.seconds(of: strike, lastEvent: 0), 0.32, accuracy: 1e-12)
        XCTAssertEqual(try FrameSpan.seconds(of: strike, lastEvent: 2), 2)
        XCTAssertEqual(try FrameSpan.settledMoment(of: strike, lastEvent: 0), 0.32, accuracy: 1e-12)
        XCTAssertNil(try FrameSpan.period(of: strike, fps: 30))
    }

    func testALoopPlaysItsEntranceAndOnePeriod() throws {
        let breathe = try bundledInstance("libBreathe.so", "tracking-breathe")
        XCTAssertEqual(try FrameSpan.seconds(of: breathe, lastEvent: 0), 4.5, accuracy: 1e-12)
        XCTAssertEqual(try FrameSpan.settledMoment(of: breathe, lastEvent: 0), 0.9, accuracy: 1e-12)
        let period = try XCTUnwrap(try FrameSpan.period(of: breathe, fps: 20))
        XCTAssertEqual(period.start, 0.9, accuracy: 1e-12)
        XCTAssertEqual(period.seconds, 3.6, accuracy: 1e-12)
        XCTAssertEqual(period.frames, 72)
    }

    /// The first frame at or after the end covers it; a duration keeps the
    /// last frame at or before it, with no frame lost to rounding.
    func testFrameIndicesCoverTheSpanAndKeepWithinADuration() {
        XCTAssertEqual(FrameSpan.lastFrame(covering: 0.32, fps: 30), 10)
        XCTAssertEqual(FrameSpan.lastFrame(covering: 4.5, fps: 20), 90)
        XCTAssertEqual(FrameSpan.lastFrame(duration: 1, fps: 10), 10)
        XCTAssertEqual(FrameSpan.lastFrame(duration: 0.3, fps: 10), 3)
        XCTAssertEqual(FrameSpan.lastFrame(duration: 0.35, fps: 10), 3)
    }
}
