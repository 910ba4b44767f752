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
    let target: RenderTarget
    /// The options a render checks, as every front end's are checked.
    let request: RenderRequest
    let proposedWidth: Double
    let theme: Appearance
    let time: Double?
    let scale: Double?
    let size: (width: Int, height: Int)?
    /// nil: the default for the format; .some(nil): transparent.
    let background: String??
    /// nil: the ABI's reference metrics (`--font reference`).
    let font: FontBook.Choice?
    let outlines: Bool?
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
        target = try RenderTarget(output: output, format: parsed.single("--format"))
        proposedWidth = try parsed.number(defaulted: CommandSpec.render[option: "--width"])
        theme = try ThemeOption.parse(parsed) ?? .light
        time = try parsed.number(CommandSpec.render[option: "--time"])
        // nil when not given: --size may take its place.
        scale = try parsed.single("--scale") == nil ? nil : parsed.number(CommandSpec.render[option: "--scale"])
        size = try parsed.single("--size").map(Self.size)
        if scale != nil, size != nil { throw UsageError("--scale or --size, not both: --size sets the pixels, --scale how many a point takes") }
        background = try parsed.single("--background").map(Self.background)
        reportsTimings = parsed.has("--timings")
        font = try FontOption.parse(parsed.single(FontOption.name))
        outlines = try parsed.single("--text").map { text throws(UsageError) in
            switch text {
            case "outlines": return true
            case "text": return false
            default: throw UsageError("--text must be outlines or text, not '\(Terminal.sanitize(text))'")
            }
        }
        request = RenderRequest(
            target: target, fps: setup.fps, duration: setup.duration, time: time, loops: parsed.has("--loop"),
            sizedInPixels: scale != nil, size: size, keepsText: outlines == false,
            transparent: background.map(RenderRequest.seesThrough) ?? false)
        do {
            try request.check()
        } catch {
            throw Self.usage(error, fps: setup.fps, duration: setup.duration)
        }
    }

    /// A conflict in the command line's words.
    private static func usage(_ conflict: RenderConflict, fps: Double, duration: Double?) -> UsageError {
        switch conflict {
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

    private static func background(_ text: String) throws(UsageError) -> String? {
        if text == "transparent" || text == "none" { return nil }
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard [6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else {
            throw UsageError("--background needs #RRGGBB, #RRGGBBAA or transparent, not '\(Terminal.sanitize(text))'")
        }
        return "#" + digits.lowercased()
    }

    func run() throws -> Int32 {
        let instance = try setup.makeInstance()
        let effect = instance.effect
        let output = target.path
        // The frames are settled first: a run refused for them says nothing about fonts or grounds.
        let (start, last): (start: Double, last: Int)
        do {
            (start, last) = try request.frames(of: instance, lastEvent: setup.lastEvent)
        } catch let conflict as RenderConflict {
            throw Self.usage(conflict, fps: setup.fps, duration: setup.duration)
        }
        // A plugin before ABI 1.3 has its light look only: it keeps the light ground.
        var appearance = theme
        if theme == .dark, !instance.plugin.adaptsToAppearance, instance.plugin.canDraw {
            Output.error.line(
                "effect-host: \(fileName(instance.plugin.path)) is an ABI 1.\(instance.plugin.info.abiMinor) plugin with one look; drawing it on the light ground")
            appearance = .light
        }
        var style = PictureStyle(appearance: appearance)
        style.background = background ?? target.defaultGround(for: appearance)
        if case .movie(_, .gif) = target, style.background == nil {
            Output.error.line(
                "effect-host: GIF has one transparent colour and no partial alpha: faint ink becomes opaque; --background COLOR blends it, .apng and .webm keep it")
        }
        style.fonts = try FontOption.fonts(font)
        style.text = try textStyle(style.fonts)
        let picture: FramePicture
        do {
            picture = try makePicture(for: instance, proposedWidth: proposedWidth, style: style)
        } catch {
            throw RuntimeError("\(effect.id): \(Terminal.sanitize(error.message))")
        }
        let job: RenderJob
        do {
            job = try RenderJob(
                instance: instance, picture: picture, target: target, fps: setup.fps, start: start, lastFrame: last,
                scale: scale ?? RenderJob.defaultScale, size: size)
        } catch let error as RenderError where error.kind == .tooLarge {
            throw UsageError("\(error.message): lower --scale or set --size")
        }
        let progress = ProgressBar(label: "render", total: last + 1)
        job.progress = { done, _ in progress.update(done: done) }
        job.pageSubtitle = pageSubtitle(instance, last: last)
        job.pageLoopsEveryFrame = request.loops
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
        let frames = last == 0 ? "1 frame" : "\(last + 1) frames"
        let at = target.isStill ? " at t = \(readable(start)) s" : ""
        Output.error.line("effect-host: wrote \(frames) of \(effect.id)\(at) to \(Terminal.sanitize(output))")
        FontOption.reportUncovered(style.fonts)
        if reportsTimings {
            let timings = summary.timings
            Output.error.line(
                "effect-host: timings: drawing \(fixed(timings.drawing, 4)) s, rasterising \(fixed(timings.rasterising, 4)) s, encoding and writing \(fixed(timings.encoding, 4)) s")
        }
        try? Output.error.flush()
        return 0
    }

    private func textStyle(_ fonts: FontBook?) throws -> DisplayListSVG.TextStyle {
        if target.isRaster || outlines == true {
            if let fonts { return .outlines(fonts) }
            if outlines == true { throw RuntimeError("--text outlines needs a font shaped by HarfBuzz, not --font reference") }
            Output.error.line(
                "effect-host: text is drawn in cairo's own sans-serif, stretched to the reference metrics' widths; with no fallback font, characters it lacks draw as boxes")
            return .text(family: nil)
        }
        return .text(family: fonts?.family)
    }

    /// A plugin named by its file alone: a page is shared, and the path of
    /// a local build says nothing to whoever opens it.
    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// What the page says under its title: the effect, its frames, the
    /// plugin and the params and events it was rendered with.
    private func pageSubtitle(_ instance: EffectInstance, last: Int) -> String {
        let described = setup.params.map { "\($0.0)=\($0.1)" } + setup.events.map { "at \(formatNumber($0.t)) s \($0.name)=\($0.value)" }
        return "\(instance.effect.name): \(last + 1) frames sampled at \(formatNumber(setup.fps)) fps from \(fileName(instance.plugin.path))"
            + (described.isEmpty ? "" : "; " + described.joined(separator: ", "))
    }
}
