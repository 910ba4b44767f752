import Glibc

import EffectHost

/// What a live terminal rendering draws for one frame: whole lines, which
/// the sink centres and fits to the screen.
protocol TerminalView {
    mutating func lines(for frame: SampledFrame) throws -> [String]
}

/// Plays frames full screen: each frame's lines centred in the terminal,
/// cut to its width and height, only the rows that changed rewritten. It
/// follows the terminal through the run: a resize (SIGWINCH) redraws at
/// the new size, Ctrl-Z (SIGTSTP) gives the screen back before the process
/// stops and takes it again on `fg`, and however the run ends the user's
/// screen and cursor come back.
final class TerminalSink: FrameSink {
    typealias ViewMaker = (_ columns: Int, _ rows: Int) throws -> TerminalView

    private let makeView: ViewMaker
    private var view: TerminalView
    private var size: (columns: Int, rows: Int)
    /// What each screen row shows, as written; nil for a row left blank.
    private var shown: [String?] = []

    /// The view is made for the terminal's size (80 × 24 when stdout is not
    /// one), and made again on every resize.
    init(makeView: @escaping ViewMaker) throws {
        self.makeView = makeView
        size = TerminalScreen.size
        view = try makeView(size.columns, size.rows)
        Output.standard.write(TerminalScreen.enter)
        TerminalRestore.armed = true
    }

    var signals: [Int32] { [SIGWINCH, SIGTSTP, SIGCONT] }

    func received(signal: Int32) throws {
        switch signal {
        case SIGWINCH:
            let now = TerminalScreen.size
            guard now != size else { return }
            size = now
            view = try makeView(size.columns, size.rows)
            redrawAll(TerminalScreen.clear)
        case SIGTSTP:
            // Give the terminal back, stop (SIGSTOP cannot be caught, so
            // this is where `fg` resumes), then take it again.
            Output.standard.write(TerminalScreen.leave)
            try? Output.standard.flush()
            kill(getpid(), SIGSTOP)
            redrawAll(TerminalScreen.enter)
        case SIGCONT:
            // Continued after a stop this process did not ask for: the
            // shell may have drawn over the screen.
            redrawAll(TerminalScreen.enter)
        default: break
        }
    }

    private func redrawAll(_ sequence: String) {
        Output.standard.write(sequence)
        shown = []
    }

    func frame(_ frame: SampledFrame) throws {
        let (columns, rows) = size
        var lines = Array(try view.lines(for: frame).prefix(rows))
        // The last row is kept short of the last column: a character there
        // would make some terminals scroll.
        for index in lines.indices {
            let room = index == rows - 1 ? columns - 1 : columns
            lines[index] = TerminalScreen.clip(lines[index], to: max(0, room))
        }
        let top = (rows - lines.count) / 2
        var screen: [String?] = Array(repeating: nil, count: rows)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let left = max(0, (columns - TerminalScreen.width(of: line)) / 2)
            screen[top + index] = String(repeating: " ", count: left) + line
        }
        var text = TextBuffer(capacity: 4096)
        text.append(TerminalScreen.beginFrame)
        for row in 0..<rows {
            let old = row < shown.count ? shown[row] : nil
            // A row the screen shows already is left alone: most of a frame
            // is what the last one drew, and a terminal's throughput, not
            // drawing, is what bounds the frame rate.
            guard screen[row] != old || row >= shown.count else { continue }
            text.append(TerminalScreen.move(row: row + 1, column: 1))
            text.append(Terminal.clearLine)
            if let line = screen[row] {
                text.append(line)
                text.append(Terminal.reset)
            }
        }
        text.append(TerminalScreen.endFrame)
        shown = screen
        try Output.standard.stream(text.bytes, flushNow: true)
    }

    func finish(interrupted: Bool) {
        Output.standard.write(TerminalScreen.leave)
        try? Output.standard.flush()
        TerminalRestore.armed = false
    }
}

/// Restores the cursor if the process exits while a rendering has it
/// hidden (an error path, say), so a terminal is never left without one.
enum TerminalRestore {
    nonisolated(unsafe) static var armed = false

    static func install() {
        atexit {
            guard TerminalRestore.armed else { return }
            Output.standard.write(TerminalScreen.leave)
            try? Output.standard.flush()
        }
    }
}
