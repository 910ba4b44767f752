import EffectHost
import XCTest

private final class CountingSink: FrameSink {
    var times: [Double] = []
    var onFrame: (Int) -> Void = { _ in }
    var finished: Bool?

    func frame(_ frame: SampledFrame) throws {
        times.append(frame.t)
        onFrame(frame.index)
    }

    func finish(interrupted: Bool) { finished = interrupted }
}

/// `Player.requestStop()`: what a program that embeds a player (and keeps
/// the stop signals for itself) ends a run with.
final class PlayerStopTests: XCTestCase {
    func testAStopAskedForDuringARunEndsItBeforeTheNextFrame() throws {
        let sink = CountingSink()
        let player = Player(instance: try Fixtures.strikeInstance(), fps: 100, lastFrame: 50, sink: sink)
        player.hearsStopSignals = false
        sink.onFrame = { index in if index == 3 { player.requestStop() } }
        let report = try player.runOffline()
        XCTAssertEqual(sink.times, [0, 0.01, 0.02, 0.03])
        XCTAssertTrue(report.stoppedOnRequest)
        XCTAssertNil(report.signal)
        XCTAssertEqual(sink.finished, true)
    }

    /// A stop asked for before a run ends that run at once, and is spent:
    /// the run after it plays every frame.
    func testAStopBeforeARunEndsThatRunAndNoLaterOne() throws {
        let sink = CountingSink()
        let player = Player(instance: try Fixtures.strikeInstance(), fps: 100, lastFrame: 9, sink: sink)
        player.hearsStopSignals = false
        player.requestStop()
        let stopped = try player.runOffline()
        XCTAssertTrue(stopped.stoppedOnRequest)
        XCTAssertEqual(stopped.framesShown, 0)
        let whole = try player.runRealtime()
        XCTAssertFalse(whole.stoppedOnRequest)
        XCTAssertEqual(whole.framesShown + whole.framesDropped, 10)
        XCTAssertEqual(sink.times.last, 0.09)
    }

    /// A stop that comes on the last frame ends nothing more: the next run plays whole.
    func testAStopOnTheLastFrameIsSpentWithItsRun() throws {
        let sink = CountingSink()
        let player = Player(instance: try Fixtures.strikeInstance(), fps: 100, lastFrame: 4, sink: sink)
        player.hearsStopSignals = false
        sink.onFrame = { index in if index == 4 { player.requestStop() } }
        XCTAssertEqual(try player.runOffline().framesShown, 5)
        sink.onFrame = { _ in }
        let next = try player.runOffline()
        XCTAssertEqual(next.framesShown, 5)
        XCTAssertFalse(next.stoppedOnRequest)
    }

    /// A run asked for while one is under way (here from the sink itself)
    /// is refused at once, instead of waiting on the queue it runs on.
    func testASecondRunAtOnceIsRefused() throws {
        let sink = CountingSink()
        let player = Player(instance: try Fixtures.strikeInstance(), fps: 100, lastFrame: 2, sink: sink)
        player.hearsStopSignals = false
        var refusal: Error?
        sink.onFrame = { index in
            guard index == 0 else { return }
            do { _ = try player.runOffline() } catch { refusal = error }
        }
        XCTAssertEqual(try player.runOffline().framesShown, 3)
        XCTAssertTrue(refusal is PlayerError, "\(String(describing: refusal))")
    }
}
