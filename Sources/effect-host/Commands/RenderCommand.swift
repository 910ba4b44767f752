import EffectHost
import EffectRender
import Glibc

/// `effect-host render EFFECT -o OUT`: the effect's frames as pictures,
/// drawn from its own display list (or bars of its channels, for an effect
/// that does not draw): numbered SVG or PNG files in a directory, one SVG
/// or PNG still, a self-contained HTML page that plays them, or a GIF, MP4,
/// WebM or APNG encoded by ffmpeg. The frames come from the Player's
/// offline loop, as `run --offline`'s do.
struct RenderCommand {
    let setup: EffectSetup
    /// The options, in the words every front end's become.
    let request: RenderRequest
    /// nil: the ABI's reference metrics (`--font reference`).
    let font: FontBook.Choice?
    /// `--timings`, for Benchmarks/run: where the time went, on stderr.
    let reportsTimings: Bool

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .render)
        setup = try EffectSetup(parsed, spec: .render)
        let outputs = parsed.all("-o") + parsed.all("--output")
        guard outputs.count == 1, let output = outputs.first, !output.isEmpty else {
            throw UsageError(outputs.count > 1 ? "render takes one -o OUT" : "render needs -o OUT: \(RenderTarget.choices)")
        }
        guard output != "-", !Files.isDeviceOrPipe(StandardOutput.path(for: output)) else {
            throw UsageError("render writes files, not \(output == "-" ? "stdout" : "devices or pipes"): -o takes \(RenderTarget.choices)")
        }
        let target = try RenderTarget(output: output, format: parsed.single("--format"))
        // nil when not given: --size may take its place.
        let scale = try parsed.single("--scale") == nil ? nil : parsed.number(CommandSpec.render[option: "--scale"])
        let size = try parsed.single("--size").map(Self.size)
        if scale != nil, size != nil { throw UsageError("--scale or --size, not both: --size sets the pixels, --scale how many a point takes") }
        let text = try parsed.single("--text").map { text throws(UsageError) -> TextForm in
            switch text {
            case "outlines": return .outlines
            case "text": return .text
            default: throw UsageError("--text must be outlines or text, not '\(Terminal.sanitize(text))'")
            }
        }
        request = RenderRequest(
            target: target, fps: setup.fps, duration: setup.duration, time: try parsed.number(CommandSpec.render[option: "--time"]),
            loops: parsed.has("--loop"), scale: scale, size: size, text: text,
            ground: try parsed.single("--background").map(Self.background) ?? .byDefault,
            appearance: try ThemeOption.parse(parsed) ?? .light,
            proposedWidth: try parsed.number(defaulted: CommandSpec.render[option: "--width"]))
        reportsTimings = parsed.has("--timings")
        font = try FontOption.parse(parsed.single(FontOption.name))
        do {
            try request.check()
        } catch {
            throw Self.usage(error, fps: setup.fps, duration: setup.duration)
        }
    }

    /// A conflict in the command line's words.
    static func usage(_ conflict: RenderConflict, fps: Double = RenderRequest.defaultFPS, duration: Double? = nil) -> UsageError {
        switch conflict {
        case let .unknownFormat(suffix):
            UsageError(
                "render cannot write .\(Terminal.sanitize(suffix)) files; -o takes \(RenderTarget.choices) (end a directory's name with / when it has a dot)")
        case let .framesNeedDirectory(path, _):
            UsageError("--format chooses the frames written into a directory; '\(Terminal.sanitize(path))' is a file")
        // The options' own ranges refuse these first.
        case .outOfLimits, .outOfPictureLimits: UsageError(conflict.message)
        case .outlinesNeedShapedFont: UsageError("--text outlines needs a font shaped by HarfBuzz, not --font reference")
        case .momentNeedsStill: UsageError("--time picks the moment of a still: -o takes a file ending in .svg or .png with it")
        case .stillTakesNoDuration: UsageError("a still is one moment: it takes no --duration (--time picks the moment)")
        case .loopNeedsAnimation: UsageError("--loop makes an animation loop; a still has one frame")
        case .loopTakesNoDuration: UsageError("--loop renders exactly one period; it takes no --duration")
        case .pixelsNeedRaster:
            UsageError(
                "--scale and --size size pictures in pixels: -o takes a .png, .gif, .mp4, .webm or .apng file with them, or a directory with --format png")
        case let .sizeOutOfRange(width, height, maximum):
            UsageError("--size needs WIDTHxHEIGHT in pixels, each 1 to \(maximum), such as 800x200, not '\(width)x\(height)'")
        case let .oddSize(width, height, format):
            UsageError(
                "--size \(width)x\(height): \(format.name) is 4:2:0 video (yuv420p), which needs even sides; use --size "
                    + RenderConflict.evenSizes(width, height).map { "\($0.width)x\($0.height)" }.joined(separator: " or "))
        case .textNeedsSVG: UsageError("--text text keeps selectable text in SVG; pixels are always drawn from the glyphs' outlines")
        case let .gifFrameRate(maximum):
            UsageError(
                "GIF frame delays are hundredths of a second and players slow the shortest ones down: use --fps \(formatNumber(maximum)) or less, or .apng, .webm or .mp4")
        case .mp4HasNoAlpha:
            UsageError("MP4 has no alpha channel: --background transparent, or #RRGGBBAA below FF, needs .webm, .apng, .png or .gif")
        case let .effectEnds(id):
            UsageError("--loop renders one period of a looping effect; \(id) ends (a GIF or APNG of it loops anyway)")
        case let .periodTooLong(seconds, frames, fps):
            UsageError("one period is \(readable(seconds)) s: \(formatNumber(frames)) frames at \(formatNumber(fps)) fps")
        case let .tooManyFrames(frames, limit, seconds):
            if let duration {
                UsageError(
                    "--duration \(formatNumber(duration)) s at \(formatNumber(fps)) fps makes \(formatNumber(frames)) frames, more than \(formatNumber(limit)); pass a shorter --duration or a lower --fps")
            } else {
                UsageError(
                    "the run would last \(formatNumber(seconds)) s (\(formatNumber(frames)) frames, more than \(formatNumber(limit))); pass --duration to play part of it")
            }
        }
    }

    /// WIDTHxHEIGHT as numbers; the request says which sizes a render takes.
    private static func size(_ text: String) throws(UsageError) -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw UsageError(
                "--size needs WIDTHxHEIGHT in pixels, each 1 to \(PixelCanvas.maxSide), such as 800x200, not '\(Terminal.sanitize(text))'")
        }
        return (width, height)
    }

    private static func background(_ text: String) throws(UsageError) -> GroundChoice {
        guard let ground = GroundChoice(text: text) else {
            throw UsageError("--background needs #RRGGBB, #RRGGBBAA or transparent, not '\(Terminal.sanitize(text))'")
        }
        return ground
    }

    func run() throws -> Int32 {
        let instance = try setup.makeInstance()
        let effect = instance.effect
        // The frames are settled first: a run refused for them says nothing about fonts or grounds.
        let plan: RenderPlan
        do {
            plan = try RenderPlan(request, instance: instance, lastEvent: setup.lastEvent)
        } catch let conflict as RenderConflict {
            throw Self.usage(conflict, fps: setup.fps, duration: setup.duration)
        }
        plan.notes.forEach(Self.say)
        let fonts = try FontOption.fonts(font)
        let job: RenderJob
        do {
            let notes: [RenderNote]
            (job, notes) = try plan.job(fonts: fonts.fonts, described: described)
            notes.forEach(Self.say)
        } catch let conflict as RenderConflict {
            throw RuntimeError(Self.usage(conflict, fps: setup.fps, duration: setup.duration).message)
        } catch let error as EffectError {
            throw RuntimeError("\(effect.id): \(Terminal.sanitize(error.message))")
        } catch let error as RenderError where error.kind == .tooLarge {
            throw UsageError("\(error.message): lower --scale or set --size")
        }
        let progress = ProgressBar(label: "render", total: plan.frameCount)
        job.progress = { done, _ in progress.update(done: done) }
        let summary: RenderSummary
        do {
            defer { progress.finish() }
            summary = try job.run()
        } catch let error as EffectError {
            throw RuntimeError("\(effect.id): \(error.message)")
        } catch let error as RenderError where error.kind == .tooLarge {
            throw UsageError("\(error.message); lower --fps or --duration, or render SVG frames into a directory")
        } catch let error as RenderError where error.kind == .plugin {
            throw RuntimeError("\(effect.id): \(error.message)")
        }
        if let signal = summary.signal { return 128 + signal }
        let frames = plan.frameCount == 1 ? "1 frame" : "\(plan.frameCount) frames"
        let at = request.target.isStill ? " at t = \(readable(plan.start)) s" : ""
        Output.error.line("effect-host: wrote \(frames) of \(effect.id)\(at) to \(Terminal.sanitize(request.target.path))")
        FontOption.say(fonts.drawnNotes)
        if reportsTimings {
            let timings = summary.timings
            Output.error.line(
                "effect-host: timings: drawing \(fixed(timings.drawing, 4)) s, rasterising \(fixed(timings.rasterising, 4)) s, encoding and writing \(fixed(timings.encoding, 4)) s")
        }
        try? Output.error.flush()
        return 0
    }

    /// A note as a warning, with the options that change it.
    private static func say(_ note: RenderNote) {
        let advice = note == .gifAlpha ? "; --background COLOR blends it, .apng and .webm keep it" : ""
        Output.error.line("effect-host: \(note.message)\(advice)")
    }

    /// The params and events, as a page names them under its title.
    private var described: [String] {
        setup.params.map { "\($0.name)=\($0.value)" } + setup.events.map { "at \(formatNumber($0.t)) s \($0.name)=\($0.value)" }
    }
}
