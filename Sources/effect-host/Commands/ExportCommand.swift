import EffectHost
import EffectExport
import EffectRender
import Glibc

/// `effect-host export EFFECT -o OUT`: the effect outside this program,
/// as a web animation that plays with CSS alone (a directory: index.html,
/// EFFECT.css and snippet.html) or as Lottie (FILE.json, or FILE.lottie,
/// the zipped dotLottie). Drawn from the effect's display list, sampled
/// over its timeline with its events baked in, so every effect that draws
/// exports. With --live, the directory's page runs the effect itself.
struct ExportCommand {
    let setup: EffectSetup
    /// The options, in the words every front end's become.
    let request: ExportRequest
    let font: FontBook.Choice?
    /// --wasm: the plugin's WebAssembly build, for --live.
    let wasm: String?

    static let choices = "a directory (a web page), FILE.json (Lottie) or FILE.lottie (dotLottie)"

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .export)
        setup = try EffectSetup(parsed, spec: .export)
        if setup.duration != nil { throw UsageError("export takes the effect's whole timeline; it has no --duration") }
        let outputs = parsed.all("-o") + parsed.all("--output")
        guard outputs.count == 1, let output = outputs.first, !output.isEmpty else {
            throw UsageError(outputs.count > 1 ? "export takes one -o OUT" : "export needs -o OUT: \(Self.choices)")
        }
        guard output != "-", !Files.isDeviceOrPipe(StandardOutput.path(for: output)) else {
            throw UsageError("export writes files, not \(output == "-" ? "stdout" : "devices or pipes"): -o takes \(Self.choices)")
        }
        let appearances: [Appearance]? =
            switch try parsed.single(ThemeOption.name) {
            case nil: nil
            case "auto": [.light, .dark]
            case "light": [.light]
            case "dark": [.dark]
            case let other?: throw UsageError("--theme must be auto, light or dark, not '\(Terminal.sanitize(other))'")
            }
        let live = parsed.has("--live")
        wasm = try parsed.single("--wasm")
        if wasm != nil, !live { throw UsageError("--wasm names the WebAssembly build a --live page runs") }
        if live {
            // A live page is not sampled, and draws in the browser's fonts.
            if !parsed.all("--fps").isEmpty {
                throw UsageError("--fps does not apply to a --live page, which runs the effect itself on the browser's frames")
            }
            if !parsed.all("--font").isEmpty {
                throw UsageError("--font does not apply to a --live page, which draws in the browser's fonts")
            }
        }
        let target: ExportTarget
        do {
            target = try ExportTarget(path: output, live: live)
        } catch {
            throw Self.usage(error)
        }
        request = ExportRequest(
            target: target, fps: setup.fps, periodOnly: parsed.has("--loop"), appearances: appearances, name: try parsed.single("--name"),
            proposedWidth: try parsed.number(defaulted: CommandSpec.export[option: "--width"]))
        do {
            try request.check()
        } catch {
            throw Self.usage(error)
        }
        font = try FontOption.parse(parsed.single(FontOption.name))
    }

    /// A refusal in the command line's words.
    private static func usage(_ refusal: ExportRefusal) -> UsageError {
        switch refusal {
        case let .unknownFormat(suffix):
            UsageError(
                "export cannot write .\(Terminal.sanitize(suffix)) files; -o takes \(Self.choices) (end a directory's name with / when it has a dot)")
        case let .lottieNeedsFileName(path, suffix): UsageError("-o \(Terminal.sanitize(path)) needs a file name before .\(suffix)")
        case .periodNeedsLottie:
            UsageError("--loop exports one period to Lottie; the web page plays the entrance, then loops the period by itself")
        case .lottieHasOneLook: UsageError("a Lottie file has one look: --theme light or dark")
        case .liveNeedsDirectory: UsageError("--live writes a directory (a web page), not a Lottie file")
        case .liveFollowsScheme: UsageError("a --live page draws the look of the reader's colour scheme as it changes: it takes no --theme")
        case .liveNeedsWebBuild: UsageError(refusal.message)
        case let .invalidName(name):
            UsageError("--name needs a letter, then letters, digits, - or _ (at most 64), not '\(Terminal.sanitize(name))'")
        case .nameNeedsWeb: UsageError("--name names the CSS page's classes and stylesheet; a Lottie file is named by -o, a --live page has none")
        case .lottieNeedsShapedFont:
            UsageError("Lottie text is drawn as glyph outlines, which needs HarfBuzz, fontconfig and a font (not --font reference)")
        // The options' own ranges, and the effect, refuse these.
        case .outOfLimits, .proposedWidth, .doesNotDraw: UsageError(Terminal.sanitize(refusal.message))
        }
    }

    func run() throws -> Int32 {
        let (recipe, motion) = try setup.makeRecipeAndInstance()
        let effect = motion.effect
        let plan: ExportPlan
        do {
            plan = try ExportPlan(request, instance: motion, lastEvent: setup.lastEvent)
        } catch {
            throw RuntimeError(Self.usage(error).message)
        }
        if case let .live(directory) = request.target {
            return try writeLive(plan, recipe: recipe, into: directory)
        }
        let fonts = try FontOption.fonts(font)
        let reduced = try plan.reducedMotion.map { try setup.make(recipe, overriding: [$0]) }
        let fontFile: String? = if case let .file(path)? = font { path } else { nil }
        do {
            switch try plan.write(fonts: fonts.fonts, fontFile: fontFile, reducedMotion: reduced) {
            case let .web(page): say(page)
            case .live: break
            case let .lottie(file):
                for note in plan.notes { Output.error.line("effect-host: \(note.message)") }
                for note in file.notes { Output.error.line("effect-host: \(note)") }
                Output.error.line(
                    "effect-host: wrote \(Terminal.sanitize(request.target.path)): \(file.width) × \(file.height), \(file.frameCount) frame\(file.frameCount == 1 ? "" : "s") at \(formatNumber(setup.fps)) fps, \(readableBytes(file.bytes.count))")
            }
        } catch let refusal as ExportRefusal {
            throw RuntimeError(Self.usage(refusal).message)
        } catch let error as EffectError {
            throw RuntimeError("\(effect.id): \(error.message)")
        } catch let error as ExportError {
            switch error {
            case .tooManySamples:
                // Events lengthen the timeline: an effect plays on after its last one.
                var advice = setup.events.isEmpty ? [] : ["bring the last --at event closer"]
                if let rate = error.fittingRate(lowest: CommandSpec.export[option: "--fps"].range?.lowerBound ?? 0) {
                    advice.append("use --fps \(formatNumber(rate)) or less")
                }
                if advice.isEmpty { advice = ["no --fps fits; params that make the effect shorter would"] }
                throw UsageError("\(error.description); \(advice.joined(separator: ", or "))")
            case .endsInsteadOfLooping: throw UsageError("--loop exports one period of a looping effect; \(effect.id) ends (its file plays once, and players loop it anyway)")
            case .cannotExpress, .failed: throw RuntimeError(error.description)
            }
        }
        FontOption.say(fonts.drawnNotes)
        try? Output.error.flush()
        return 0
    }

    private func writeLive(_ plan: ExportPlan, recipe: InstanceRecipe, into directory: String) throws -> Int32 {
        guard let executable = SearchPath.executablePath() else { throw RuntimeError("cannot tell where effect-host is (no /proc/self/exe)") }
        let build: WebBuild
        do {
            build = try WebBuild.locate(executable: executable, pluginPath: recipe.plugin.path, wasm: wasm)
        } catch {
            let advice = wasm == nil ? "; scripts/build-wasm builds it (docs/web.md), or --wasm names it" : ""
            throw RuntimeError(Terminal.sanitize(error.description) + advice)
        }
        guard case let .live(page) = try plan.write(fonts: nil, fontFile: nil, reducedMotion: nil, live: (recipe, build)) else { return 0 }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let names = ["snippet.html"] + page.files.map(\.name).filter { $0 != "index.html" && $0 != "snippet.html" }
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(base))index.html, \(names.dropLast().joined(separator: ", ")) and \(Terminal.sanitize(names.last ?? "")) (\(readableBytes(page.loadedSize)) loaded to play): serve the directory over HTTP, as browsers run no module script from file://")
        try? Output.error.flush()
        return 0
    }

    private func say(_ page: WebPage) {
        let directory = request.target.path
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let names = page.files.map(\.name).filter { $0 != "index.html" && $0 != "snippet.html" }
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(base))index.html, \(names.joined(separator: ", ")) and snippet.html: \(page.variantCount) variant\(page.variantCount == 1 ? "" : "s"), \(page.keyframeCount) keyframes, \(readableBytes(page.size)) of CSS and markup")
    }
}
