import Glibc

import EffectHost
import EffectRender

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
/// screen and cursor come back. A run that ends on its own leaves its last
/// frame behind, drawn small, on the normal screen, as ffmpeg leaves its
/// summary: a user who looked away sees that it ran and how it ended. One
/// stopped (Ctrl-C, a signal) leaves nothing, as `top` does.
final class TerminalSink: FrameSink {
    typealias ViewMaker = (_ columns: Int, _ rows: Int) throws -> TerminalView

    private let makeView: ViewMaker
    private var view: TerminalView
    private var size: (columns: Int, rows: Int)
    /// A view's line as a row shows it: cut to the width, from a column.
    private struct Placed: Equatable {
        let source: String
        let text: String
        let column: Int
    }

    /// What each screen row shows; nil for a row left blank.
    private var shown: [Placed?] = []
    /// A terminal that cannot move its cursor (TERM=dumb) is sent nothing
    /// while the run plays, then the last frame as plain lines.
    private let plain: Bool
    private var lastLines: [String] = []
    private var lastFrame: SampledFrame?
    /// How many rows the last frame is left in: a few.
    static let summaryRows = 8

    /// The view is made for the terminal's size (80 × 24 when stdout is not
    /// one), and made again on every resize.
    init(plain: Bool = false, makeView: @escaping ViewMaker) throws {
        self.makeView = makeView
        self.plain = plain
        size = TerminalScreen.size
        view = try makeView(size.columns, size.rows)
        guard !plain else { return }
        Output.standard.write(TerminalScreen.enter)
        TerminalRestore.armed = true
    }

    var signals: [Int32] { plain ? [] : [SIGWINCH, SIGTSTP, SIGCONT] }

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
        lastFrame = frame
        let (columns, rows) = size
        let lines = Array(try view.lines(for: frame).prefix(rows))
        if plain {
            lastLines = lines.map { TerminalScreen.plain(TerminalScreen.clip($0, to: columns)) }
            return
        }
        let top = (rows - lines.count) / 2
        var screen: [Placed?] = Array(repeating: nil, count: rows)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let row = top + index
            // A line the row showed last frame is placed as it was.
            if row < shown.count, let old = shown[row], old.source == line {
                screen[row] = old
                continue
            }
            // The last row is kept short of the last column: a character
            // there would make some terminals scroll.
            let room = max(0, row == rows - 1 ? columns - 1 : columns)
            var width = TerminalScreen.width(of: line)
            var fitted = line
            if width > room {
                fitted = TerminalScreen.clip(line, to: room)
                width = TerminalScreen.width(of: fitted)
            }
            screen[row] = Placed(source: line, text: fitted, column: (columns - width) / 2)
        }
        var text = TextBuffer(capacity: 4096)
        text.append(TerminalScreen.beginFrame)
        for row in 0..<rows {
            // A row the screen shows already is left alone: most of a frame
            // is what the last one drew, and a terminal's throughput, not
            // drawing, is what bounds the frame rate.
            if row < shown.count, shown[row] == screen[row] { continue }
            text.append(TerminalScreen.move(row: row + 1, column: 1))
            text.append(Terminal.clearLine)
            if let placed = screen[row] {
                text.append(TerminalScreen.move(row: row + 1, column: placed.column + 1))
                text.append(placed.text)
                text.append(Terminal.reset)
            }
        }
        text.append(TerminalScreen.endFrame)
        shown = screen
        try Output.standard.stream(text.bytes, flushNow: true)
    }

    func finish(interrupted: Bool) {
        if plain {
            for line in lastLines { Output.standard.line(line) }
            try? Output.standard.flush()
            return
        }
        Output.standard.write(TerminalScreen.leave)
        // Only for a person at a terminal: a tty stream written to a file
        // ends with the screen given back, as it began with it taken.
        if !interrupted, Output.standard.isTerminal, let lastFrame {
            for line in summary(of: lastFrame) { Output.standard.line(line + Terminal.reset) }
        }
        try? Output.standard.flush()
        TerminalRestore.armed = false
    }

    /// The frame drawn again for `summaryRows` rows of the terminal's width
    /// (short of its last column), without the blank rows around it.
    private func summary(of frame: SampledFrame) -> [String] {
        let (columns, rows) = size
        // Short of the last column, where a character would make some terminals wrap.
        let width = max(1, columns - 1)
        guard var small = try? makeView(width, min(rows, Self.summaryRows)), let drawn = try? small.lines(for: frame) else { return [] }
        var lines = drawn.map { TerminalScreen.clip($0, to: width) }
        func blank(_ line: String) -> Bool { TerminalScreen.plain(line).allSatisfy { $0 == " " } }
        while let first = lines.first, blank(first) { lines.removeFirst() }
        while let last = lines.last, blank(last) { lines.removeLast() }
        return lines
    }
}

/// Restores the cursor if the process exits while a rendering has it
/// hidden (an error path, say), so a terminal is never left without one.
enum TerminalRestore {
    nonisolated(unsafe) static var armed = false

    /// Gives the terminal back now, writing past Output's buffer: for a
    /// forced exit while another thread may be in the middle of a frame.
    static func restoreNow() {
        guard armed else { return }
        armed = false
        _ = TerminalScreen.leave.withCString { write(Output.standard.descriptor, $0, strlen($0)) }
    }

    static func install() {
        atexit {
            guard TerminalRestore.armed else { return }
            Output.standard.write(TerminalScreen.leave)
            try? Output.standard.flush()
        }
    }
}
