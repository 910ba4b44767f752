import Dispatch
import Glibc

/// One sampled frame, handed to a sink. `values` is only valid during the
/// call; copy what must outlive it.
public struct SampledFrame {
    public let index: Int
    public let t: Double
    public let values: UnsafeBufferPointer<Double>
}

/// Where a player's frames go: a terminal renderer, a JSON Lines writer, ...
public protocol FrameSink: AnyObject {
    func frame(_ frame: SampledFrame) throws
    /// Called once after the last frame, or after an interruption.
    func finish(interrupted: Bool)
}

/// How a run went.
public struct PlaybackReport: Sendable {
    public let framesShown: Int
    public let framesDropped: Int
    public let interrupted: Bool
}

/// Drives an instance at a frame rate and hands each frame to a sink.
///
/// Real time: a DispatchSourceTimer fires every 1/fps s; each frame is
/// sampled at the monotonic clock's elapsed time since the first one, so
/// timer jitter never accumulates into drift. A frame whose turn has passed
/// by the time the sink is ready is dropped, never queued. The last frame
/// is sampled at exactly `endTime`. SIGINT stops the run cleanly.
///
/// Offline: frames are sampled at t = i/fps for i = 0 ... lastFrame as fast
/// as the sink takes them.
public final class Player: @unchecked Sendable {
    public let instance: EffectInstance
    public let fps: Double
    /// The last frame's index; it is sampled at lastFrame / fps.
    public let lastFrame: Int
    private let sink: FrameSink
    private var frame: [Double]

    public init(instance: EffectInstance, fps: Double, lastFrame: Int, sink: FrameSink) {
        self.instance = instance
        self.fps = fps
        self.lastFrame = max(0, lastFrame)
        self.sink = sink
        frame = Array(repeating: 0, count: instance.frameSize)
    }

    public var endTime: Double { Double(lastFrame) / fps }

    /// Samples every frame as fast as possible. Stops at the first error.
    public func runOffline() throws -> PlaybackReport {
        var shown = 0
        do {
            for index in 0...lastFrame {
                try emit(index: index, t: Double(index) / fps)
                shown += 1
            }
        } catch {
            sink.finish(interrupted: true)
            throw error
        }
        sink.finish(interrupted: false)
        return PlaybackReport(framesShown: shown, framesDropped: 0, interrupted: false)
    }

    /// Plays in real time on a Dispatch timer and blocks until the last
    /// frame or SIGINT. Returns the first error a frame raised, if any.
    public func runRealtime() throws -> PlaybackReport {
        let queue = DispatchQueue(label: "effect-host.player", qos: .userInteractive)
        let done = DispatchSemaphore(value: 0)
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: queue)
        defer { signal(SIGINT, SIG_DFL) }

        var start: Double?
        var lastShown = -1
        var shown = 0
        var dropped = 0
        var failure: Error?
        var interrupted = false
        var finished = false

        func finish() {
            guard !finished else { return }
            finished = true
            timer.cancel()
            interrupt.cancel()
            sink.finish(interrupted: interrupted || failure != nil)
            done.signal()
        }

        timer.setEventHandler { [self] in
            guard !finished else { return }
            let now = MonotonicClock.now()
            let origin = start ?? now
            start = origin
            let elapsed = now - origin
            let due = min(lastFrame, Int((elapsed * fps).rounded()))
            guard due > lastShown else { return }
            dropped += max(0, due - lastShown - 1)
            let t = due == lastFrame ? endTime : elapsed
            do {
                try emit(index: due, t: t)
                shown += 1
                lastShown = due
            } catch {
                failure = error
                finish()
                return
            }
            if due == lastFrame { finish() }
        }
        interrupt.setEventHandler {
            interrupted = true
            finish()
        }
        let interval = DispatchTimeInterval.nanoseconds(max(1, Int((1e9 / fps).rounded())))
        timer.schedule(deadline: .now(), repeating: interval, leeway: .microseconds(200))
        interrupt.resume()
        timer.resume()
        done.wait()
        return try queue.sync {
            if let failure { throw failure }
            return PlaybackReport(framesShown: shown, framesDropped: dropped, interrupted: interrupted)
        }
    }

    private func emit(index: Int, t: Double) throws {
        try frame.withUnsafeMutableBufferPointer { buffer in
            try instance.sample(at: t, into: buffer)
            try sink.frame(SampledFrame(index: index, t: t, values: UnsafeBufferPointer(buffer)))
        }
    }
}
