import EffectHost
import Glibc

/// Progress on stderr for work that takes a while. On a terminal, a bar,
/// drawn once the work has run for a second, so quick renders stay clean;
/// elsewhere (a log file, a CI job, a pipe) a line every ten seconds, so a
/// render that takes hours is never silent for them.
final class ProgressBar {
    private let label: String
    private let total: Int
    private let clock: () -> Double
    private let start: Double
    private let onTerminal: Bool
    private let output: Output
    private var shown = false
    private var lastDrawn = -1.0
    /// Seconds between two lines when stderr is not a terminal.
    static let lineInterval = 10.0

    /// `clock`, `onTerminal` and `output` are for tests.
    init(
        label: String, total: Int, clock: @escaping () -> Double = MonotonicClock.now, onTerminal: Bool = Output.error.isTerminal,
        output: Output = Output.error
    ) {
        self.label = label
        self.total = max(1, total)
        self.clock = clock
        start = clock()
        self.onTerminal = onTerminal
        self.output = output
    }

    func update(done: Int) {
        let now = clock()
        let elapsed = now - start
        let fraction = min(1, Double(done) / Double(total))
        let percent = Int((fraction * 100).rounded(.down))
        let rate = Double(done) / max(elapsed, 1e-9)
        guard onTerminal else {
            guard done < total, now - max(lastDrawn, start) >= Self.lineInterval else { return }
            lastDrawn = now
            output.line(
                "effect-host: \(label): \(done)/\(total) frames (\(percent)%) in \(fixed(elapsed, 0)) s, \(fixed(rate, 1)) frames/s")
            try? output.flush()
            return
        }
        guard elapsed >= 1, now - lastDrawn >= 0.1 || done == total else { return }
        lastDrawn = now
        shown = true
        let filled = Int((fraction * 20).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        output.write(
            "\r\(label) \(bar) \(percent)% \(done)/\(total) frames  \(fixed(elapsed, 1)) s  \(fixed(rate, 1)) frames/s")
        try? output.flush()
    }

    /// Clears the bar, if it was ever drawn.
    func finish() {
        guard shown else { return }
        output.write("\r\u{1B}[2K")
        try? output.flush()
    }
}
