import Glibc

import EffectHost

/// What a live terminal rendering draws for one frame: whole lines, redrawn
/// in place every frame.
protocol TerminalView {
    func lines(for frame: SampledFrame) throws -> [String]
}

/// Draws each frame over the last one, with the cursor hidden for the
/// run and restored when it ends, however it ends.
final class TerminalSink: FrameSink {
    private let view: TerminalView
    private var linesDrawn = 0

    init(view: TerminalView) {
        self.view = view
        Output.standard.write(Terminal.hideCursor)
        TerminalRestore.armed = true
    }

    func frame(_ frame: SampledFrame) throws {
        let lines = try view.lines(for: frame)
        var text = Terminal.cursorUp(linesDrawn)
        for line in lines { text += "\r" + Terminal.clearLine + line + Terminal.reset + "\n" }
        linesDrawn = lines.count
        try Output.standard.stream(text, flushNow: true)
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
