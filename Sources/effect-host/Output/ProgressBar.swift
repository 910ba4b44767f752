import EffectHost
import Glibc

/// A progress bar on stderr for work that takes a while: shown only when
/// stderr is a terminal and only once the work has run for a second, so
/// quick renders and redirected output stay clean.
final class ProgressBar {
    private let label: String
    private let total: Int
    private let start = MonotonicClock.now()
    private let enabled = Output.error.isTerminal
    private var shown = false
    private var lastDrawn = -1.0

    init(label: String, total: Int) {
        self.label = label
        self.total = max(1, total)
    }

    func update(done: Int) {
        guard enabled else { return }
        let now = MonotonicClock.now()
        guard now - start >= 1, now - lastDrawn >= 0.1 || done == total else { return }
        lastDrawn = now
        shown = true
        let fraction = min(1, Double(done) / Double(total))
        let filled = Int((fraction * 20).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        let elapsed = now - start
        let rate = Double(done) / max(elapsed, 1e-9)
        Output.error.write(
            "\r\(label) \(bar) \(Int((fraction * 100).rounded(.down)))% \(done)/\(total) frames  \(fixed(elapsed, 1)) s  \(fixed(rate, 1)) frames/s")
        try? Output.error.flush()
    }

    /// Clears the bar, if it was ever drawn.
    func finish() {
        guard shown else { return }
        Output.error.write("\r\u{1B}[2K")
        try? Output.error.flush()
    }
}
