@testable import EffectHost
import Foundation
import ReferenceMath
import XCTest

private final class RecordingSink: FrameSink {
    var frames: [(index: Int, t: Double, values: [Double])] = []
    var finished: Bool?

    func frame(_ frame: SampledFrame) throws {
        frames.append((frame.index, frame.t, Array(frame.values)))
    }

    func finish(interrupted: Bool) {
        finished = interrupted
    }
}

final class PlayerTests: XCTestCase {
    func testOfflineSamplesEveryFrameAtIOverFPS() throws {
        let instance = try Fixtures.strikeInstance()
        let sink = RecordingSink()
        let report = try Player(instance: instance, fps: 50, lastFrame: 16, sink: sink).runOffline()
        XCTAssertEqual(report.framesShown, 17)
        XCTAssertEqual(sink.frames.map(\.t), (0...16).map { Double($0) / 50 })
        XCTAssertEqual(sink.finished, false)
        for frame in sink.frames {
            XCTAssertEqual(frame.values[0], Reference.easeInOut(frame.t / 0.32), accuracy: 1e-12)
        }
    }

    /// Real time: every frame is either shown or counted as dropped, times
    /// only move forward, and the run ends with the frame at exactly the end.
    func testRealtimeEndsOnTheLastFrame() throws {
        let instance = try Fixtures.strikeInstance()
        let sink = RecordingSink()
        let player = Player(instance: instance, fps: 100, lastFrame: 20, sink: sink)
        let report = try player.runRealtime()
        XCTAssertEqual(report.framesShown + report.framesDropped, 21)
        XCTAssertEqual(sink.frames.count, report.framesShown)
        XCTAssertEqual(sink.frames.first?.t, 0)
        XCTAssertEqual(sink.frames.last?.t, 0.2)
        XCTAssertEqual(sink.frames.last?.index, 20)
        XCTAssertEqual(sink.finished, false)
        let times = sink.frames.map(\.t)
        XCTAssertEqual(times, times.sorted())
        for frame in sink.frames {
            XCTAssertEqual(frame.values[0], Reference.easeInOut(frame.t / 0.32), accuracy: 1e-12)
        }
    }

    /// The "not answering" hint belongs to the run that was stopped: a run
    /// stopped at once, as by a signal (not a real one: in a test process
    /// with threads of its own a signal may be given to any of them), then
    /// another run of the same player
    /// lasting over a second, gives no hint (before, the first stop's
    /// check fired during the second run).
    func testAStoppedRunsHintDoesNotFireInTheNextRun() throws {
        final class InterruptingSink: FrameSink {
            var interruptAt: Int?
            var finished: Bool?
            weak var player: Player?
            func frame(_ frame: SampledFrame) throws {
                guard let at = interruptAt, frame.index >= at else { return }
                interruptAt = nil
                player?.receiveStopSignal(SIGHUP)
            }
            func finish(interrupted: Bool) { finished = interrupted }
        }
        final class Hints: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            func add() { lock.withLock { count += 1 } }
        }
        let hints = Hints()
        let sink = InterruptingSink()
        sink.interruptAt = 2
        let player = Player(instance: try Fixtures.strikeInstance(), fps: 100, lastFrame: 150, sink: sink)
        player.stopIsSlow = { hints.add() }
        sink.player = player
        let first = try player.runRealtime()
        XCTAssertEqual(first.signal, SIGHUP, "\(first.framesShown) shown")
        XCTAssertEqual(sink.finished, true)
        sink.interruptAt = nil
        let second = try player.runRealtime()  // 1.5 s, past the first stop's 1 s check
        XCTAssertNil(second.signal)
        XCTAssertEqual(sink.finished, false)
        XCTAssertEqual(hints.lock.withLock { hints.count }, 0)
    }

    func testASinkErrorStopsTheRun() throws {
        final class FailingSink: FrameSink {
            struct Stop: Error {}
            var finished: Bool?
            func frame(_ frame: SampledFrame) throws { if frame.index == 3 { throw Stop() } }
            func finish(interrupted: Bool) { finished = interrupted }
        }
        let instance = try Fixtures.strikeInstance()
        let sink = FailingSink()
        XCTAssertThrowsError(try Player(instance: instance, fps: 100, lastFrame: 50, sink: sink).runOffline())
        XCTAssertEqual(sink.finished, true)
        XCTAssertThrowsError(try Player(instance: instance, fps: 100, lastFrame: 50, sink: sink).runRealtime())
    }
}
