import EffectHost
import XCTest

/// The frames a run plays, for the Player, the command line and
/// effect_host.h alike: t = i / fps up to the strike's end (the seed's
/// 0.32 s easeInOut), a duration, or the last event, under one cap.
final class RunLengthTests: XCTestCase {
    /// 1e9 s at 1000 fps: 1e12 frames after t = 0, and that one.
    func testTheCapIsTheLongestDurationAtTheHighestRate() {
        XCTAssertEqual(RunLength.maxFrames, 1_000_000_000_001)
    }

    func testARunCoversTheSpanTheDurationOrTheLastEvent() throws {
        let strike = try Fixtures.strikeInstance()
        // 0.32 s at 30 fps: 9.6 frames, so frame 10 is the first at or after the end.
        XCTAssertEqual(try RunLength.lastFrame(of: strike, fps: 30, duration: nil, lastEvent: 0), 10)
        // 2 s at 30 fps: the last frame at or before it is frame 60, exactly at 2 s.
        XCTAssertEqual(try RunLength.lastFrame(of: strike, fps: 30, duration: 2, lastEvent: 0), 60)
        // 0.05 s at 30 fps: 1.5 frames, so frame 1.
        XCTAssertEqual(try RunLength.lastFrame(of: strike, fps: 30, duration: 0.05, lastEvent: 0), 1)
        // An event at 1 s keeps the run going to it: frame 30.
        XCTAssertEqual(try RunLength.lastFrame(of: strike, fps: 30, duration: nil, lastEvent: 1), 30)
    }

    func testARunPastItsCapIsRefusedWithItsFigures() throws {
        let strike = try Fixtures.strikeInstance()
        XCTAssertThrowsError(try RunLength.lastFrame(of: strike, fps: 30, duration: nil, lastEvent: 0, limit: 10)) {
            XCTAssertEqual($0 as? RunLengthError, .tooManyFrames(11, limit: 10, seconds: 0.32, fps: 30, asked: false))
            XCTAssertEqual(($0 as? RunLengthError)?.message, "0.32 s at 30 fps makes 11 frames, more than 10")
        }
        XCTAssertThrowsError(try RunLength.lastFrame(of: strike, fps: 1000, duration: 1e9 + 1, lastEvent: 0)) {
            XCTAssertEqual($0 as? RunLengthError, .tooManyFrames(1_000_000_001_001, limit: 1_000_000_000_001, seconds: 1e9 + 1, fps: 1000, asked: true))
        }
        XCTAssertEqual(try RunLength.lastFrame(of: strike, fps: 1000, duration: 1e9, lastEvent: 0), 1_000_000_000_000)
    }
}
