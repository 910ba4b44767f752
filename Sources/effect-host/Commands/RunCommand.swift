import EffectHost
import Glibc

/// `effect-host run EFFECT`: create an instance, apply events, and play it
/// to the terminal or print its frames.
struct RunCommand {
    enum Format: String {
        case tty, jsonl, csv
    }

    let id: String
    let params: [(String, String)]
    let events: [(t: Double, name: String, value: String)]
    let fps: Double
    let duration: Double?
    let offline: Bool
    let format: Format
    let session: PluginSession

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(
            arguments, valued: ["--param", "--at", "--fps", "--duration", "--format", "--plugin-path"],
            flags: ["--offline"])
        guard parsed.positionals.count == 1 else {
            throw UsageError(parsed.positionals.isEmpty ? "run needs an effect id (see effect-host list)" : "run takes one effect id")
        }
        id = parsed.positionals[0]
        params = try parsed.all("--param").map { text throws(UsageError) in try Self.assignment(text, option: "--param") }
        events = try parsed.all("--at").map { text throws(UsageError) in
            guard let colon = text.firstIndex(of: ":") else {
                throw UsageError("--at needs T:NAME=VALUE, not '\(Terminal.sanitize(text))'")
            }
            let time = String(text[..<colon])
            guard let t = Double(time), t.isFinite, t >= 0 else {
                throw UsageError("--at needs a time in seconds >= 0 before ':', not '\(Terminal.sanitize(time))'")
            }
            let (name, value) = try Self.assignment(String(text[text.index(after: colon)...]), option: "--at")
            return (t, name, value)
        }
        fps = try Self.number(parsed.single("--fps"), option: "--fps", default: 60, range: 0.1...1000)
        let duration = try parsed.single("--duration")
        self.duration = try duration.map { text throws(UsageError) in
            try Self.number(text, option: "--duration", default: 0, range: 1e-9...1e9)
        }
        offline = parsed.has("--offline")
        if let format = try parsed.single("--format") {
            guard let known = Format(rawValue: format) else {
                throw UsageError("--format must be tty, jsonl or csv, not '\(Terminal.sanitize(format))'")
            }
            self.format = known
        } else {
            self.format = Output.standard.isTerminal ? .tty : .jsonl
        }
        session = PluginSession(pluginPaths: parsed.all("--plugin-path"))
    }

    private static func assignment(_ text: String, option: String) throws(UsageError) -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError("\(option) needs NAME=VALUE, not '\(Terminal.sanitize(text))'")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    private static func number(_ text: String?, option: String, default value: Double, range: ClosedRange<Double>)
        throws(UsageError) -> Double
    {
        guard let text else { return value }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError(
                "\(option) needs a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)), not '\(Terminal.sanitize(text))'")
        }
        return number
    }

    /// Plays the effect; returns the exit status (130 after Ctrl-C).
    func run() throws -> Int32 {
        session.warnAboutFailures()
        let (plugin, effect) = try session.effect(id)
        let instance = try makeInstance(plugin, effect)
        let lastFrame = try lastFrameIndex(instance)
        let sink: FrameSink
        switch format {
        case .jsonl: sink = JSONLinesSink(effect: effect, elementCount: instance.elementCount, flushEachFrame: !offline)
        case .csv: sink = CSVSink(effect: effect, elementCount: instance.elementCount, flushEachFrame: !offline)
        case .tty: sink = TerminalSink(view: try terminalView(for: instance))
        }
        let player = Player(instance: instance, fps: fps, lastFrame: lastFrame, sink: sink)
        do {
            let report = try offline ? player.runOffline() : player.runRealtime()
            return report.interrupted ? 130 : 0
        } catch is Output.Closed {
            return 0
        } catch let error as EffectError {
            throw RuntimeError("\(effect.id): \(error.message)")
        }
    }

    /// The effect's own terminal rendering, or channel meters for effects
    /// that have none.
    private func terminalView(for instance: EffectInstance) throws -> TerminalView {
        switch instance.effect.id {
        case "strikethrough-reveal": StrikeView(instance: instance)
        case "tracking-breathe": try TrackingBreatheView(instance: instance, terminalColumns: Terminal.columns)
        case "breathing-circles": try BreathingCirclesView(instance: instance, terminalRows: Terminal.rows)
        case "text-reveal": try TextRevealView(instance: instance, terminalColumns: Terminal.columns)
        default: MeterView(effect: instance.effect, elementCount: instance.elementCount)
        }
    }

    private func makeInstance(_ plugin: Plugin, _ effect: EffectDescription) throws -> EffectInstance {
        let values = try params.map { name, text throws(UsageError) in (name, try parse(text, for: name, of: effect)) }
        let instance: EffectInstance
        do {
            instance = try plugin.instantiate(effect, params: values)
        } catch {
            throw Self.classify(error, effect)
        }
        for event in events {
            let value = try parse(event.value, for: event.name, of: effect)
            do {
                try instance.set(event.name, to: value, at: event.t)
            } catch {
                throw Self.classify(error, effect, at: event.t)
            }
        }
        return instance
    }

    private func parse(_ text: String, for name: String, of effect: EffectDescription) throws(UsageError) -> Value {
        guard let param = effect.param(named: name) else {
            let hint = closestMatch(to: name, among: effect.params.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("effect '\(effect.id)' has no param '\(Terminal.sanitize(name))'\(hint)")
        }
        do {
            return try param.parse(text)
        } catch {
            throw UsageError(Terminal.sanitize(error.message))
        }
    }

    /// A refusal of what the user asked for is a usage error; anything
    /// else the plugin reports is a runtime failure.
    private static func classify(_ error: EffectError, _ effect: EffectDescription, at t: Double? = nil) -> Error {
        let context = t.map { "at t = \(formatNumber($0)): " } ?? ""
        let message = context + Terminal.sanitize(error.message)
        return error.isRefusal ? UsageError(message) : RuntimeError("\(effect.id): \(message)")
    }

    /// The index of the last frame: for --duration, the last frame at or
    /// before it; otherwise the first frame at or after the effect's end
    /// (one entrance and one period for a looping effect), and never before
    /// the last event.
    private func lastFrameIndex(_ instance: EffectInstance) throws -> Int {
        if let duration { return Int((duration * fps + 1e-9).rounded(.down)) }
        let end: Double
        switch try instance.info().timing {
        case let .ends(at): end = at
        case let .loops(start, period): end = start + period
        }
        let latest = max(end, events.map(\.t).max() ?? 0)
        let frames = (latest * fps - 1e-9).rounded(.up)
        guard frames <= Self.maxFrames else {
            throw UsageError(
                "the run would last \(formatNumber(latest)) s (\(formatNumber(frames)) frames); pass --duration to play part of it")
        }
        return Int(frames)
    }

    /// More frames than anyone would wait for, and far below where frame
    /// arithmetic could overflow.
    static let maxFrames = 1e12
}
