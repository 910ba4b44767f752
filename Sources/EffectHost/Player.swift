import Dispatch
import Synchronization
import Glibc

/// One sampled frame, handed to a sink. `values` is only valid during the
/// call; copy what must outlive it.
public struct SampledFrame {
    public let index: Int
    public let t: Double
    public let values: UnsafeBufferPointer<Double>

    public init(index: Int, t: Double, values: UnsafeBufferPointer<Double>) {
        (self.index, self.t, self.values) = (index, t, values)
    }
}

/// Where a player's frames go: a terminal renderer, a JSON Lines writer, ...
public protocol FrameSink: AnyObject {
    func frame(_ frame: SampledFrame) throws
    /// Called once after the last frame, or after an interruption.
    func finish(interrupted: Bool)
    /// Signals the sink handles itself (a terminal's SIGWINCH, SIGTSTP,
    /// SIGCONT), delivered to `received(signal:)` between two frames, on
    /// the run's queue. Default: none.
    var signals: [Int32] { get }
    func received(signal: Int32) throws
}

extension FrameSink {
    public var signals: [Int32] { [] }
    public func received(signal: Int32) throws {}
}

/// Why a run could not start.
public enum PlayerError: Error, CustomStringConvertible {
    /// The player is running already (on another thread, or this call
    /// came from its own sink).
    case alreadyRunning

    public var description: String { "the player is running already; a player plays one run at a time" }
}

/// How a run went.
public struct PlaybackReport: Sendable {
    public let framesShown: Int
    public let framesDropped: Int
    /// The run stopped on a signal (Ctrl-C, SIGTERM, SIGHUP) before its last frame.
    public var interrupted: Bool { signal != nil }
    /// The signal that stopped it, if one did.
    public let signal: Int32?
    /// `requestStop()` ended it before its last frame.
    public var stoppedOnRequest = false
}

/// Drives an instance at a frame rate and hands each frame to a sink.
///
/// Real time: a DispatchSourceTimer fires every 1/fps s; each frame is
/// sampled at the monotonic clock's elapsed time since the first one, so
/// timer jitter never accumulates into drift. A frame whose turn has passed
/// by the time the sink is ready is dropped, never queued. The last frame
/// is sampled at exactly `endTime`.
///
/// Offline: frames are sampled at t = i/fps for i = 0 ... lastFrame as fast
/// as the sink takes them.
///
/// Either way the run happens on one serial queue, which also receives
/// the signals the sink asks for. The signals that stop a run (SIGINT,
/// SIGTERM, SIGHUP) arrive on a queue of their own, so they are heard even
/// while a plugin call never returns: the first ends the run between two
/// frames, the sink finishes (restoring the terminal) and the report names
/// the signal; a second before the run has stopped calls
/// `beforeForcedExit` and exits the process with 128 + the signal at once.
public final class Player: @unchecked Sendable {
    /// The rate a run plays at when none is asked for (effect-host run,
    /// effect_host_player_create): a display's refresh.
    public static let defaultFPS = 60.0

    public let instance: EffectInstance
    public let fps: Double
    /// The last frame's index; it is sampled at lastFrame / fps.
    public let lastFrame: Int
    /// When set, the effect's time starts again from 0 every `replay`
    /// seconds of the run (a finite effect played over and over).
    public let replay: Double?
    /// The effect's time at the first frame: frame i is at start + i / fps
    /// (one period of a loop, without its entrance, starts at its loop start).
    public let start: Double
    private let sink: FrameSink
    private var frame: [Double]
    private let queue = DispatchQueue(label: "effect-host.player", qos: .userInteractive)
    private let stopQueue = DispatchQueue(label: "effect-host.player.stop", qos: .userInteractive)
    /// A stop signal has come in this run; set and read on `stopQueue`.
    private var stopRequested = false
    /// Which run this is, counted on `stopQueue`: a "not answering" hint
    /// due from an earlier run's stop is not given during a later run.
    private var runNumber = 0
    /// The run is over; set on `queue`, read on `stopQueue`.
    private let ended = Atomic<Bool>(false)
    /// `requestStop()` was called; read before every frame.
    private let stopAsked = Atomic<Bool>(false)
    /// A run is under way: a second one, from another thread or from the
    /// sink itself, is refused instead of taking the first one's state.
    private let running = Atomic<Bool>(false)
    /// Whether a run listens for the stop signals (SIGINT, SIGTERM,
    /// SIGHUP). A program that embeds a player and handles them itself
    /// turns this off, and calls `requestStop()` instead.
    public var hearsStopSignals = true

    /// Runs on its own queue when a second stop signal comes before the
    /// run has stopped (a plugin call that never returns, say), just
    /// before the process exits: the place to give the terminal back.
    /// It must not wait for the player's queue, which may never be free.
    public var beforeForcedExit: @Sendable (Int32) -> Void = { _ in }
    /// Runs on that queue when the run has not stopped a second after the
    /// first stop signal: the place to say a second one quits at once.
    public var stopIsSlow: @Sendable () -> Void = {}

    // Run state, touched only on `queue`.
    private var shown = 0
    private var dropped = 0
    private var failure: Error?
    private var stoppedBy: Int32?
    private var stoppedOnRequest = false
    private var finished = false

    /// The signals that end a run early.
    public static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Offline frames sampled between two looks at the signal source, at
    /// most: a batch also ends after `batchSeconds`, so a sink that takes
    /// long per frame (rasterising, encoding) still stops within a frame
    /// or two of Ctrl-C.
    private static let batch = 256
    private static let batchSeconds = 0.02

    public init(
        instance: EffectInstance, fps: Double, lastFrame: Int, replay: Double? = nil, start: Double = 0, sink: FrameSink
    ) {
        self.instance = instance
        self.start = start.isFinite && start > 0 ? start : 0
        self.fps = fps
        self.lastFrame = max(0, lastFrame)
        self.replay = replay.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.sink = sink
        // One value more than a frame: sample fences it (EffectInstance).
        frame = Array(repeating: 0, count: instance.frameSize + 1)
    }

    public var endTime: Double { Double(lastFrame) / fps }

    /// Samples every frame as fast as possible and blocks until the last,
    /// an error or a stop signal. Throws the first error a frame raised.
    public func runOffline() throws -> PlaybackReport {
        try run { $0.offlineBatch(from: 0) }
    }

    /// Plays in real time on a Dispatch timer and blocks until the last
    /// frame, an error or a stop signal. Throws the first error a frame raised.
    public func runRealtime() throws -> PlaybackReport {
        try run { $0.startTimer() }
    }

    private func offlineBatch(from index: Int) {
        guard !finished else { return }
        let end = min(lastFrame, index + Self.batch - 1)
        let deadline = MonotonicClock.now() + Self.batchSeconds
        var current = index
        while current <= end {
            if step(index: current, t: Double(current) / fps) {
                finish()
                return
            }
            current += 1
            if MonotonicClock.now() > deadline { break }
        }
        if current > lastFrame { finish() } else { queue.async { [next = current] in self.offlineBatch(from: next) } }
    }

    private func startTimer() {
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        var start: Double?
        var lastShown = -1
        timer.setEventHandler { [self] in
            guard !finished else { return }
            let now = MonotonicClock.now()
            let origin = start ?? now
            start = origin
            let elapsed = now - origin
            let due = Int(min(elapsed * fps, Double(lastFrame)).rounded())
            guard due > lastShown else { return }
            dropped += max(0, due - lastShown - 1)
            lastShown = due
            if step(index: due, t: due == lastFrame ? endTime : elapsed) || due == lastFrame { finish() }
        }
        let interval = DispatchTimeInterval.nanoseconds(max(1, Int((1e9 / fps).rounded())))
        timer.schedule(deadline: .now(), repeating: interval, leeway: .microseconds(200))
        timer.resume()
        stopSources = { timer.cancel() }
    }

    /// Ends the current run before its next frame, or the next run before
    /// its first if none is running (a stop that comes while a run is
    /// finishing is spent with that run). Async-signal-safe: one atomic store,
    /// so a signal handler of the caller's own may call it.
    public func requestStop() {
        stopAsked.store(true, ordering: .releasing)
    }

    /// Samples and hands over one frame; true when the run must stop.
    private func step(index: Int, t: Double) -> Bool {
        if stopAsked.load(ordering: .acquiring) {
            stoppedOnRequest = true
            return true
        }
        do {
            try emit(index: index, t: t)
            shown += 1
            return false
        } catch {
            failure = error
            return true
        }
    }

    // Set up for each run, touched only on `queue`.
    private var stopSources: () -> Void = {}
    private var finishedRun: DispatchSemaphore?

    private func finish() {
        guard !finished else { return }
        finished = true
        ended.store(true, ordering: .releasing)
        stopSources()
        sink.finish(interrupted: stoppedBy != nil || stoppedOnRequest || failure != nil)
        finishedRun?.signal()
    }

    /// Starts a run on the queue with its signals watched, waits for it to
    /// finish, and reports.
    private func run(_ begin: @escaping @Sendable (Player) -> Void) throws -> PlaybackReport {
        guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw PlayerError.alreadyRunning
        }
        defer { running.store(false, ordering: .releasing) }
        let finishedRun = DispatchSemaphore(value: 0)
        queue.sync {
            shown = 0
            dropped = 0
            failure = nil
            stoppedBy = nil
            stoppedOnRequest = false
            finished = false
            ended.store(false, ordering: .releasing)
            stopSources = {}
            self.finishedRun = finishedRun
        }
        stopQueue.sync {
            stopRequested = false
            runNumber += 1
        }
        // Heard until the run has returned, so a Ctrl-C while the sink
        // finishes (giving the terminal back) is not the default action's.
        let stops = try SignalRelay.shared.listen(to: hearsStopSignals ? Self.stopSignals : [], on: stopQueue) { [self] number in
            stop(by: number)
        }
        defer { SignalRelay.shared.stop(listening: stops) }
        let sinkSignals = sink.signals.filter { !Self.stopSignals.contains($0) }
        let forSink = try SignalRelay.shared.listen(to: sinkSignals, on: queue) { [self] number in
            guard !finished else { return }
            do {
                try sink.received(signal: number)
            } catch {
                failure = error
                finish()
            }
        }
        defer { SignalRelay.shared.stop(listening: forSink) }
        queue.async { begin(self) }
        finishedRun.wait()
        return try queue.sync {
            // A stop asked for during a run is spent with it, even when the
            // run reached its last frame first.
            stopAsked.store(false, ordering: .releasing)
            if let failure { throw failure }
            var report = PlaybackReport(framesShown: shown, framesDropped: dropped, signal: stoppedBy)
            report.stoppedOnRequest = stoppedOnRequest
            return report
        }
    }

    /// Does what stop signal `number` does, as if it had come in: for
    /// tests, which cannot rely on a process's signals.
    func receiveStopSignal(_ number: Int32) {
        stopQueue.async { [self] in stop(by: number) }
    }

    /// A stop signal, heard on `stopQueue`.
    private func stop(by number: Int32) {
        guard !ended.load(ordering: .acquiring) else { return }
        if stopRequested {
            beforeForcedExit(number)
            _exit(128 + number)
        }
        stopRequested = true
        queue.async { [self] in
            guard !finished else { return }
            stoppedBy = number
            finish()
        }
        let stoppedRun = runNumber
        // Weakly held: a run that has stopped must not keep the player, its
        // sink and what the sink holds (a render's canvas) for another second.
        stopQueue.asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            if runNumber == stoppedRun, !ended.load(ordering: .acquiring) { stopIsSlow() }
        }
    }

    private func emit(index: Int, t runTime: Double) throws {
        let t = start + (replay.map { runTime.truncatingRemainder(dividingBy: $0) } ?? runTime)
        try frame.withUnsafeMutableBufferPointer { buffer in
            try instance.sample(at: t, into: buffer)
            let values = UnsafeBufferPointer(rebasing: buffer[0..<instance.frameSize])
            try sink.frame(SampledFrame(index: index, t: t, values: values))
        }
    }
}
