import EffectHost
import EffectRender
import Glibc

/// What run, render and plot share: an effect id, its create-time params,
/// its --at events, the plugin search path, and the frames t = i/fps that
/// cover the effect.
struct EffectSetup {
    let id: String
    let params: [(String, String)]
    let events: [(t: Double, name: String, value: String)]
    let fps: Double
    let duration: Double?
    let session: PluginSession

    /// The effect, params, events, rate and length `parsed` asks of the command `spec`
    /// (whose table holds each number's range and default).
    init(_ parsed: Arguments, spec: CommandSpec) throws(UsageError) {
        let command = spec.name
        let extra = parsed.positionals.dropFirst()
        params = try parsed.all("--param").map { text throws(UsageError) in try Self.assignment(text, option: "--param") }
        events = try parsed.all("--at").map { text throws(UsageError) in
            guard let (time, assignment) = text.splitOnce(at: ":") else {
                // `--at 1.2 done=false`: the space split the event in two.
                if DecimalNumber.parse(text) != nil, let assignment = extra.first(where: { $0.contains("=") }) {
                    let event = Terminal.sanitize(text + ":" + assignment)
                    throw UsageError("--at needs T:NAME=VALUE as one word, with no space: --at \(event)")
                }
                throw UsageError("--at needs T:NAME=VALUE, not '\(Terminal.sanitize(text))'")
            }
            guard let t = DecimalNumber.parse(time), t.isFinite, t >= 0 else {
                throw UsageError("--at needs a time in seconds >= 0 before ':', not '\(Terminal.sanitize(time))'")
            }
            let (name, value) = try Self.assignment(assignment, option: "--at")
            return (t, name, value)
        }
        guard let first = parsed.positionals.first else { throw UsageError("\(command) needs an effect id (see effect-host list)") }
        if let surplus = extra.first {
            let hint = surplus.contains("=") ? " (a param is set with --param \(Terminal.sanitize(surplus)))" : ""
            throw UsageError("\(command) takes one effect id, and '\(Terminal.sanitize(surplus))' is a second\(hint)")
        }
        id = first
        fps = try parsed.number(defaulted: spec[option: "--fps"])
        duration = try parsed.number(spec[option: "--duration"])
        session = PluginSession(parsed)
    }

    private static func assignment(_ text: String, option: String) throws(UsageError) -> (String, String) {
        guard let (name, value) = text.splitOnce(at: "="), !name.isEmpty else {
            throw UsageError("\(option) needs NAME=VALUE, not '\(Terminal.sanitize(text))'")
        }
        return (name, value)
    }

    /// The effect, created with the params (those in `overriding` replaced)
    /// and every event applied; warns first about plugin files that were
    /// skipped, and then says the effect's notes.
    func makeInstance(overriding: [(String, String)] = []) throws -> EffectInstance {
        if overriding.isEmpty { session.warnAboutFailures() }
        let (plugin, effect) = try session.effect(id)
        let replaced = Set(overriding.map(\.0))
        let values = try (params.filter { !replaced.contains($0.0) } + overriding).map { name, text throws(UsageError) in (name, try parse(text, for: name, of: effect)) }
        let instance: EffectInstance
        PluginActivity.begin("create")
        do {
            instance = try plugin.instantiate(effect, params: values)
        } catch {
            throw Self.classify(error, effect)
        }
        PluginActivity.begin("set_param")
        defer { PluginActivity.begin("sampling") }
        for event in events {
            let value = try parse(event.value, for: event.name, of: effect)
            do {
                try instance.set(event.name, to: value, at: event.t)
            } catch {
                throw Self.classify(error, effect, at: event.t)
            }
        }
        // What the effect says of its params (a highlight that matches
        // nothing), once: before a live view takes the screen, so it is
        // there when the screen comes back.
        if overriding.isEmpty {
            for note in try instance.info().notes { Output.error.line("effect-host: \(effect.id): \(note)") }
            try? Output.error.flush()
        }
        return instance
    }

    private func parse(_ text: String, for name: String, of effect: EffectDescription) throws(UsageError) -> Value {
        guard let param = effect.param(named: name) else {
            let hint = suggestion(for: name, among: effect.params.map(\.name), named: "params")
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
    static func classify(_ error: EffectError, _ effect: EffectDescription, at t: Double? = nil) -> Error {
        let context = t.map { "at t = \(formatNumber($0)): " } ?? ""
        let message = context + Terminal.sanitize(error.message)
        return error.isRefusal ? UsageError(message) : RuntimeError("\(effect.id): \(message)")
    }

    /// The index of the last frame (`RunLength`); `limit` caps the frame
    /// count for commands that keep every frame.
    func lastFrameIndex(
        _ instance: EffectInstance, limit: Double = RunLength.maxFrames, advice: String = "pass a shorter --duration or a lower --fps"
    ) throws -> Int {
        do {
            return try RunLength.lastFrame(of: instance, fps: fps, duration: duration, lastEvent: lastEvent, limit: limit)
        } catch let RunLengthError.tooManyFrames(frames, limit, seconds, fps, asked) {
            if asked {
                throw UsageError(
                    "--duration \(formatNumber(seconds)) s at \(formatNumber(fps)) fps makes \(formatNumber(frames)) frames, more than \(formatNumber(limit)); \(advice)")
            }
            throw UsageError(
                "the run would last \(formatNumber(seconds)) s (\(formatNumber(frames)) frames, more than \(formatNumber(limit))); pass --duration to play part of it")
        }
    }

    /// How long the effect plays by itself: to its end, or through its
    /// entrance and one period, and past the last event.
    func span(of instance: EffectInstance) throws -> Double {
        try FrameSpan.seconds(of: instance, lastEvent: lastEvent)
    }

    /// The latest --at event's time, or 0.
    var lastEvent: Double { events.map(\.t).max() ?? 0 }

}
