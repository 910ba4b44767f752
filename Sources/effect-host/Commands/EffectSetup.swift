import EffectHost
import EffectRender
import Glibc

/// What run, render and plot share: an effect id, its create-time params,
/// its --at events, the plugin search path, and the frames t = i/fps that
/// cover the effect.
struct EffectSetup {
    let id: String
    let params: [(name: String, value: String)]
    let events: [(t: Double, name: String, value: String)]
    let fps: Double
    let duration: Double?
    let session: PluginSession

    /// The effect, params, events, rate and length `parsed` asks of the command `spec`
    /// (whose table holds each number's range and default).
    init(_ parsed: Arguments, spec: CommandSpec) throws(UsageError) {
        let command = spec.name
        let extra = parsed.positionals.dropFirst()
        params = try parsed.all("--param").map { text throws(UsageError) in
            do throws(RecipeTextError) {
                return try InstanceRecipe.assignment(text)
            } catch {
                throw Self.usage(error, option: "--param")
            }
        }
        events = try parsed.all("--at").map { text throws(UsageError) in
            do throws(RecipeTextError) {
                return try InstanceRecipe.event(text)
            } catch .event where DecimalNumber.parse(text) != nil {
                // `--at 1.2 done=false`: the space split the event in two.
                guard let assignment = extra.first(where: { $0.contains("=") }) else { throw Self.usage(.event(text), option: "--at") }
                throw UsageError("--at needs T:NAME=VALUE as one word, with no space: --at \(Terminal.sanitize(text + ":" + assignment))")
            } catch {
                throw Self.usage(error, option: "--at")
            }
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

    /// Text that is no param or event, in the command line's words.
    private static func usage(_ error: RecipeTextError, option: String) -> UsageError {
        switch error {
        case let .assignment(text): UsageError("\(option) needs NAME=VALUE, not '\(Terminal.sanitize(text))'")
        case let .event(text): UsageError("--at needs T:NAME=VALUE, not '\(Terminal.sanitize(text))'")
        case let .eventTime(time): UsageError("--at needs a time in seconds >= 0 before ':', not '\(Terminal.sanitize(time))'")
        case let .unknownParam(effect, name, hint): UsageError("effect '\(effect)' has no param '\(Terminal.sanitize(name))'\(hint)")
        case let .value(message): UsageError(Terminal.sanitize(message))
        }
    }

    /// The effect's recipe: its params and events, as values.
    func recipe() throws -> InstanceRecipe {
        let (plugin, effect) = try session.effect(id)
        func value(_ text: String, for name: String) throws(UsageError) -> Value {
            do {
                return try InstanceRecipe.value(text, for: name, of: effect)
            } catch {
                throw Self.usage(error, option: "--param")
            }
        }
        var recipe = InstanceRecipe(plugin: plugin, effect: effect, params: try params.map { ($0.name, try value($0.value, for: $0.name)) })
        for event in events { recipe.record(event.name, try value(event.value, for: event.name), at: event.t) }
        return recipe
    }

    /// The effect, made from its recipe; warns first about plugin files
    /// that were skipped, and then says the effect's notes.
    func makeInstance() throws -> EffectInstance { try makeRecipeAndInstance().instance }

    /// `makeInstance`, and the recipe that makes it again.
    func makeRecipeAndInstance() throws -> (recipe: InstanceRecipe, instance: EffectInstance) {
        session.warnAboutFailures()
        let recipe = try recipe()
        let instance = try make(recipe)
        // What the effect says of its params (a highlight that matches
        // nothing), once: before a live view takes the screen, so it is
        // there when the screen comes back.
        for note in try instance.info().notes { Output.error.line("effect-host: \(instance.effect.id): \(note)") }
        try? Output.error.flush()
        return (recipe, instance)
    }

    /// `recipe`'s instance, those of its params in `overriding` replaced. A
    /// refusal of what the user asked for is a usage error; anything else
    /// the plugin reports is a runtime failure.
    func make(_ recipe: InstanceRecipe, overriding: [(name: String, value: Value)] = []) throws -> EffectInstance {
        defer { PluginActivity.begin("sampling") }
        do {
            return try recipe.make(overriding: overriding) { PluginActivity.begin($0 == .create ? "create" : "set_param") }
        } catch {
            let message = Terminal.sanitize(error.message)
            throw error.effectError.isRefusal ? UsageError(message) : RuntimeError("\(recipe.effect.id): \(message)")
        }
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
