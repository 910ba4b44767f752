import EffectHost
import EffectRender
import Glibc

/// `effect-host run EFFECT`: create an instance, apply events, and play it
/// to the terminal or print its frames.
struct RunCommand {
    enum Format: String {
        case tty, jsonl, csv
    }

    let setup: EffectSetup
    let offline: Bool
    let format: Format
    let loops: Bool
    let theme: Appearance?

    /// How long a replayed effect holds its last frame before it starts again.
    static let replayHold = 1.0

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .run)
        setup = try EffectSetup(parsed, spec: .run)
        offline = parsed.has("--offline")
        loops = parsed.has("--loop")
        theme = try ThemeOption.parse(parsed)
        if loops, offline, setup.duration == nil {
            throw UsageError("--loop with --offline needs a --duration: offline frames come as fast as they can, for ever")
        }
        if let format = try parsed.single("--format") {
            guard let known = Format(rawValue: format) else {
                throw UsageError("--format must be tty, jsonl or csv, not '\(Terminal.sanitize(format))'")
            }
            self.format = known
        } else {
            self.format = Output.standard.isTerminal ? .tty : .jsonl
        }
    }

    /// Plays the effect; returns the exit status (128 + the signal that
    /// stopped it: 130 after Ctrl-C, 143 after SIGTERM, 129 after SIGHUP).
    func run() throws -> Int32 {
        let instance = try setup.makeInstance()
        let effect = instance.effect
        var lastFrame = try setup.lastFrameIndex(instance)
        var replay: Double?
        if loops {
            // A looping effect just goes on; one that ends starts again
            // after holding its last frame a moment. Without --duration,
            // until it is stopped.
            if case .ends = try instance.info().timing { replay = try setup.span(of: instance) + Self.replayHold }
            if setup.duration == nil { lastFrame = Int(RunLength.maxFrames) }
        }
        let sink: FrameSink
        switch format {
        case .jsonl: sink = JSONLinesSink(effect: effect, elementCount: instance.elementCount, flushEachFrame: !offline)
        case .csv: sink = CSVSink(effect: effect, elementCount: instance.elementCount, flushEachFrame: !offline)
        case .tty:
            let depth = ColorDepth.current
            let theme = terminalTheme(depth: depth)
            sink = try TerminalSink(plain: Terminal.isDumb) { columns, rows in
                try terminalView(for: instance, columns: columns, rows: rows, depth: depth, theme: theme)
            }
        }
        let player = Player(instance: instance, fps: setup.fps, lastFrame: lastFrame, replay: replay, sink: sink)
        player.beforeForcedExit = { _ in TerminalRestore.restoreNow() }
        player.stopIsSlow = {
            let hint = "effect-host: \(effect.id) is not answering; press Ctrl-C again to quit at once\n"
            _ = hint.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        do {
            let report = try offline ? player.runOffline() : player.runRealtime()
            return report.signal.map { 128 + $0 } ?? 0
        } catch is Output.Closed {
            return 0
        } catch let error as EffectError {
            throw RuntimeError("\(effect.id): \(error.message)")
        }
    }

    /// The effect's own drawing on `columns` × `rows` cells, or channel
    /// meters for an effect that does not draw itself.
    private func terminalView(
        for instance: EffectInstance, columns: Int, rows: Int, depth: ColorDepth, theme: TerminalTheme
    ) throws -> TerminalView {
        do {
            if let drawn = try DrawnView(instance: instance, columns: columns, rows: rows, depth: depth, theme: theme) {
                return drawn
            }
        } catch {
            throw RuntimeError("\(instance.effect.id): \(Terminal.sanitize(error.message))")
        }
        return MeterView(effect: instance.effect, elementCount: instance.elementCount)
    }

    /// The live view's theme. The terminal is asked only when its answer
    /// can matter: it shows colour, and the frames go to it.
    private func terminalTheme(depth: ColorDepth) -> TerminalTheme {
        let asks = depth != .none && Output.standard.isTerminal
        return TerminalTheme.choose(option: theme, environment: Terminal.environment(["COLORFGBG"])) {
            asks ? TerminalBackground.ask() : nil
        }
    }
}
