import Glibc

import EffectHost

/// What a live terminal rendering draws for one frame: whole lines, redrawn
/// in place every frame.
protocol TerminalView {
    mutating func lines(for frame: SampledFrame) throws -> [String]
}

/// Draws each frame over the last one, with the cursor hidden for the
/// run and restored when it ends, however it ends.
final class TerminalSink: FrameSink {
    private var view: TerminalView
    /// The lines on screen, top to bottom, as the last frame drew them.
    private var shown: [String] = []

    init(view: TerminalView) {
        self.view = view
        Output.standard.write(Terminal.hideCursor)
        TerminalRestore.armed = true
    }

    func frame(_ frame: SampledFrame) throws {
        let lines = try view.lines(for: frame)
        var text = TextBuffer(capacity: 4096)
        text.append(Terminal.cursorUp(shown.count))
        for (index, line) in lines.enumerated() {
            // A line the screen shows already is stepped over, not redrawn:
            // most of a frame is what the last one drew, and a terminal's
            // throughput, not drawing, is what bounds the frame rate.
            if index < shown.count, shown[index] == line {
                text.append("\n")
                continue
            }
            text.append("\r")
            text.append(Terminal.clearLine)
            text.append(line)
            text.append(Terminal.reset)
            text.append("\n")
        }
        shown = lines
        try Output.standard.stream(text.bytes, flushNow: true)
    }

    func finish(interrupted: Bool) {
        Output.standard.write(Terminal.reset + Terminal.showCursor)
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
            Output.standard.write(Terminal.reset + Terminal.showCursor)
            try? Output.standard.flush()
        }
    }
}
