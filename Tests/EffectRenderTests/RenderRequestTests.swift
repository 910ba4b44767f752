import BundledPlugins
import EffectHost
import EffectRender
import XCTest

/// The options a render refuses, and the frames it writes, as every front
/// end gets them: the strike's 0.32 s easeInOut and tracking-breathe's
/// 0.9 s entrance and 3.6 s breath (the seeds' timings).
final class RenderRequestTests: XCTestCase {
    private func conflict(_ request: RenderRequest) -> RenderConflict? {
        do {
            try request.check()
            return nil
        } catch {
            return error
        }
    }

    func testEachCombinationARenderCannotHonourIsNamed() {
        let gif = RenderTarget.movie("a.gif", .gif)
        let still = RenderTarget.pngStill("a.png")
        XCTAssertNil(conflict(RenderRequest(target: still, fps: 30, time: 1, sizedInPixels: true)))
        XCTAssertNil(conflict(RenderRequest(target: gif, fps: 50, loops: true, transparent: true)))
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 30, time: 1)), .momentNeedsStill)
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, duration: 2)), .stillTakesNoDuration)
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, loops: true)), .loopNeedsAnimation)
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 30, duration: 2, loops: true)), .loopTakesNoDuration)
        XCTAssertEqual(conflict(RenderRequest(target: .svgStill("a.svg"), fps: 30, sizedInPixels: true)), .pixelsNeedRaster)
        XCTAssertEqual(conflict(RenderRequest(target: .page("a.html"), fps: 30, sizedInPixels: true)), .pixelsNeedRaster)
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, keepsText: true)), .textNeedsSVG)
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 60)), .gifFrameRate(maximum: 50))
        XCTAssertEqual(conflict(RenderRequest(target: .movie("a.mp4", .mp4), fps: 30, transparent: true)), .mp4HasNoAlpha)
        XCTAssertNil(conflict(RenderRequest(target: .movie("a.webm", .webm), fps: 30, transparent: true)))
    }

    func testAStillIsItsMomentOrTheMomentTheEffectSettles() throws {
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let at = try RenderRequest(target: .svgStill("a.svg"), fps: 30, time: 0.16).frames(of: strike, lastEvent: 0)
        XCTAssertEqual(at.start, 0.16)
        XCTAssertEqual(at.last, 0)
        let settled = try RenderRequest(target: .svgStill("a.svg"), fps: 30).frames(of: strike, lastEvent: 0)
        XCTAssertEqual(settled.start, 0.32, accuracy: 1e-12)
    }

    /// At 30 fps the strike's 0.32 s needs frames 0 to 10 (10/30 s is the
    /// first at or after its end); 2 s of it, frames 0 to 60.
    func testAnAnimationCoversTheSpanOrTheDuration() throws {
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let span = try RenderRequest(target: .movie("a.gif", .gif), fps: 30).frames(of: strike, lastEvent: 0)
        XCTAssertEqual(span.start, 0)
        XCTAssertEqual(span.last, 10)
        XCTAssertEqual(try RenderRequest(target: .movie("a.gif", .gif), fps: 30, duration: 2).frames(of: strike, lastEvent: 0).last, 60)
        // An event at 1 s keeps the run going to it: frames 0 to 30.
        XCTAssertEqual(try RenderRequest(target: .movie("a.gif", .gif), fps: 30).frames(of: strike, lastEvent: 1).last, 30)
    }

    /// One breath after the entrance: from 0.9 s, 3.6 s at 20 fps is 72 frames.
    func testALoopIsOnePeriodAfterTheEntrance() throws {
        let breathe = try bundledInstance("libBreathe.so", "tracking-breathe")
        let period = try RenderRequest(target: .movie("a.gif", .gif), fps: 20, loops: true).frames(of: breathe, lastEvent: 0)
        XCTAssertEqual(period.start, 0.9, accuracy: 1e-12)
        XCTAssertEqual(period.last, 71)
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        XCTAssertThrowsError(try RenderRequest(target: .movie("a.gif", .gif), fps: 20, loops: true).frames(of: strike, lastEvent: 0)) {
            XCTAssertEqual($0 as? RenderConflict, .effectEnds("strikethrough-reveal"))
        }
    }

    /// A page keeps every frame in memory: 20,000 at most. 1,000 s at
    /// 30 fps is 30,001 frames.
    func testTooManyFramesForTheTargetAreRefusedWithTheirCount() throws {
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        XCTAssertThrowsError(try RenderRequest(target: .page("a.html"), fps: 30, duration: 1000).frames(of: strike, lastEvent: 0)) {
            XCTAssertEqual($0 as? RenderConflict, .tooManyFrames(30_001, limit: 20_000, seconds: 1000))
            XCTAssertEqual(($0 as? RenderConflict)?.message, "1000 s makes 30001 frames; this target takes at most 20000")
        }
        XCTAssertEqual(try RenderRequest(target: .svgFrames("frames/"), fps: 30, duration: 1000).frames(of: strike, lastEvent: 0).last, 30_000)
    }
}
