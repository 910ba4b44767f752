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
        XCTAssertNil(conflict(RenderRequest(target: still, fps: 30, time: 1, scale: 2)))
        XCTAssertNil(conflict(RenderRequest(target: gif, fps: 50, loops: true, ground: .transparent)))
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 30, time: 1)), .momentNeedsStill)
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, duration: 2)), .stillTakesNoDuration)
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, loops: true)), .loopNeedsAnimation)
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 30, duration: 2, loops: true)), .loopTakesNoDuration)
        XCTAssertEqual(conflict(RenderRequest(target: .svgStill("a.svg"), fps: 30, scale: 2)), .pixelsNeedRaster)
        XCTAssertEqual(conflict(RenderRequest(target: .page("a.html"), fps: 30, scale: 2)), .pixelsNeedRaster)
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, text: .text)), .textNeedsSVG)
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 60)), .gifFrameRate(maximum: 50))
        XCTAssertEqual(conflict(RenderRequest(target: .movie("a.mp4", .mp4), fps: 30, ground: .transparent)), .mp4HasNoAlpha)
        XCTAssertNil(conflict(RenderRequest(target: .movie("a.webm", .webm), fps: 30, ground: .transparent)))
        // A ground sees through unless its alpha is 1.
        XCTAssertEqual(
            [nil, "#ff000080", "#ff0000fe", "#ff0000ff", "#ff0000"].map(RenderRequest.seesThrough), [true, true, true, false, false])
    }

    /// H.264's 4:2:0 halves the chroma both ways: MP4 takes even sides only,
    /// and a size asked for is refused rather than changed; VP9 (WebM) codes
    /// odd sides.
    func testAnOddSizeForVideoIsRefusedWithTheEvenSizesNearIt() {
        let mp4 = RenderTarget.movie("a.mp4", .mp4)
        XCTAssertEqual(conflict(RenderRequest(target: mp4, fps: 30, size: (301, 151))), .oddSize(width: 301, height: 151, format: .mp4))
        XCTAssertEqual(
            conflict(RenderRequest(target: mp4, fps: 30, size: (301, 151)))?.message,
            "MP4 is 4:2:0 video (yuv420p), which needs even sides: 301 × 151 pixels cannot be kept; the nearest even sizes are 300 × 150 and 302 × 152")
        XCTAssertNil(conflict(RenderRequest(target: .movie("a.webm", .webm), fps: 30, size: (1, 151))))
        XCTAssertNil(conflict(RenderRequest(target: mp4, fps: 30, size: (1920, 1080))))
        XCTAssertNil(conflict(RenderRequest(target: .movie("a.gif", .gif), fps: 30, size: (301, 151))))
        XCTAssertNil(conflict(RenderRequest(target: .pngStill("a.png"), fps: 30, size: (301, 151))))
        // Each odd side one less and one more; 1 has no smaller even neighbour.
        XCTAssertEqual(RenderConflict.evenSizes(301, 150).map { [$0.width, $0.height] }, [[300, 150], [302, 150]])
        XCTAssertEqual(RenderConflict.evenSizes(1, 7).map { [$0.width, $0.height] }, [[2, 8]])
    }

    /// A size is 1 to 8192 pixels a side, as every canvas is.
    func testASizeOutsideACanvassSidesIsRefused() {
        let still = RenderTarget.pngStill("a.png")
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, size: (100, 0))), .sizeOutOfRange(width: 100, height: 0, maximum: 8192))
        XCTAssertEqual(conflict(RenderRequest(target: still, fps: 30, size: (9000, 10))), .sizeOutOfRange(width: 9000, height: 10, maximum: 8192))
        XCTAssertNil(conflict(RenderRequest(target: still, fps: 30, size: (8192, 1))))
        XCTAssertEqual(conflict(RenderRequest(target: .svgStill("a.svg"), fps: 30, size: (100, 100))), .pixelsNeedRaster)
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
