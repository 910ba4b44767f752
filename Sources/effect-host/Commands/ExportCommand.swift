import EffectHost
import EffectExport
import EffectRender
import Glibc

/// `effect-host export EFFECT -o OUT`: the effect outside this program,
/// as a web animation that plays with CSS alone (a directory: index.html,
/// EFFECT.css and snippet.html) or as Lottie (FILE.json, or FILE.lottie,
/// the zipped dotLottie). Drawn from the effect's display list, sampled
/// over its timeline with its events baked in, so every effect that draws
/// exports.
struct ExportCommand {
    enum Target {
        case web(String)
        case lottie(String)
        case dotLottie(String)
    }

    let setup: EffectSetup
    let target: Target
    /// Lottie: the period alone.
    let periodOnly: Bool
    let proposedWidth: Double
    /// The appearances exported; both by default, chosen by the reader's
    /// colour scheme.
    let appearances: [Appearance]
    let font: FontBook.Choice?
    /// The web page's class prefix and stylesheet name (default: the effect's id).
    let prefix: String?

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
        let name = output.split(separator: "/").last.map(String.init) ?? output
        let suffix = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() }
        let isLottie = suffix == "json" || suffix == "lottie"
        if output.hasSuffix("/") || suffix == nil || (Files.isDirectory(output) && !isLottie) {
            target = .web(output)
        } else if isLottie {
            guard name.count > suffix!.count + 1 else { throw UsageError("-o \(Terminal.sanitize(output)) needs a file name before .\(suffix!)") }
            target = suffix == "json" ? .lottie(output) : .dotLottie(output)
        } else {
            throw UsageError(
                "export cannot write .\(Terminal.sanitize(suffix ?? "")) files; -o takes \(Self.choices) (end a directory's name with / when it has a dot)")
        }
        periodOnly = parsed.has("--loop")
        proposedWidth = try parsed.number(defaulted: CommandSpec.export[option: "--width"])
        let isWeb = if case .web = target { true } else { false }
        if periodOnly, isWeb { throw UsageError("--loop exports one period to Lottie; the web page plays the entrance, then loops the period by itself") }
        switch try parsed.single(ThemeOption.name) {
        case nil where !isWeb: appearances = [.light]
        case "auto" where !isWeb: throw UsageError("a Lottie file has one look: --theme light or dark")
        case nil, "auto": appearances = [.light, .dark]
        case "light": appearances = [.light]
        case "dark": appearances = [.dark]
        case let other?: throw UsageError("--theme must be auto, light or dark, not '\(Terminal.sanitize(other))'")
        }
        font = try FontOption.parse(parsed.single(FontOption.name))
        prefix = try parsed.single("--name")
        if let prefix {
            guard WebPage.isValidName(prefix) else {
                throw UsageError("--name needs a letter, then letters, digits, - or _ (at most 64), not '\(Terminal.sanitize(prefix))'")
            }
            guard isWeb else { throw UsageError("--name names the web page's classes and stylesheet; a Lottie file is named by -o") }
        }
    }

    func run() throws -> Int32 {
        let motion = try setup.makeInstance()
        let effect = motion.effect
        guard motion.plugin.canDraw else {
            throw RuntimeError(
                "\(effect.id) comes from an ABI 1.\(motion.plugin.info.abiMinor) plugin, which does not draw itself: export needs ABI 1.2 or later")
        }
        let fonts = try FontOption.fonts(font)
        let settings = ExportSettings(fps: setup.fps, proposedWidth: proposedWidth, lastEvent: setup.events.map(\.t).max() ?? 0)
        do {
            switch target {
            case let .web(directory): try writeWeb(motion, fonts: fonts, settings: settings, into: directory)
            case let .lottie(path): try writeLottie(motion, fonts: fonts, settings: settings, to: path, zipped: false)
            case let .dotLottie(path): try writeLottie(motion, fonts: fonts, settings: settings, to: path, zipped: true)
            }
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
        FontOption.reportUncovered(fonts)
        try? Output.error.flush()
        return 0
    }

    private func writeWeb(_ motion: EffectInstance, fonts: FontBook?, settings: ExportSettings, into directory: String) throws {
        let reduced =
            motion.effect.param(named: "reduce_motion")?.type == .bool
            ? try setup.makeInstance(overriding: [("reduce_motion", "true")]) : nil
        let fontFile: String? = if case let .file(path)? = font { path } else { nil }
        let page = try WebPage(
            motion: motion, reducedMotion: reduced, appearances: appearances, fonts: fonts, settings: settings, name: prefix,
            fontFile: fontFile)
        try page.write(into: directory)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        let names = page.files.map(\.name).filter { $0 != "index.html" && $0 != "snippet.html" }
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(base))index.html, \(names.joined(separator: ", ")) and snippet.html: \(page.variantCount) variant\(page.variantCount == 1 ? "" : "s"), \(page.keyframeCount) keyframes, \(readableBytes(page.size)) of CSS and markup")
    }

    private func writeLottie(_ instance: EffectInstance, fonts: FontBook?, settings: ExportSettings, to path: String, zipped: Bool) throws {
        guard let fonts else {
            throw RuntimeError(
                "Lottie text is drawn as glyph outlines, which needs HarfBuzz, fontconfig and a font (not --font reference)")
        }
        var appearance = appearances[0]
        if appearance == .dark, !instance.plugin.adaptsToAppearance {
            Output.error.line("effect-host: \(instance.effect.id) comes from a plugin with one look; exporting its light look")
            appearance = .light
        }
        let file = try LottieFile(instance, fonts: fonts, appearance: appearance, settings: settings, periodOnly: periodOnly, archived: zipped)
        try file.write(to: path)
        for note in file.notes { Output.error.line("effect-host: \(note)") }
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(path)): \(file.width) × \(file.height), \(file.frameCount) frame\(file.frameCount == 1 ? "" : "s") at \(formatNumber(setup.fps)) fps, \(readableBytes(file.bytes.count))")
    }
}
