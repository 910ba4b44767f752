import EffectHost
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

    static let defaultFPS = 60.0
    static let choices = "a directory (a web page), FILE.json (Lottie) or FILE.lottie (dotLottie)"

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .export)
        setup = try EffectSetup(parsed, command: "export", defaultFPS: Self.defaultFPS)
        if setup.duration != nil { throw UsageError("export takes the effect's whole timeline; it has no --duration") }
        let outputs = parsed.all("-o") + parsed.all("--output")
        guard outputs.count == 1, let output = outputs.first, !output.isEmpty else {
            throw UsageError(outputs.count > 1 ? "export takes one -o OUT" : "export needs -o OUT: \(Self.choices)")
        }
        guard output != "-", !Files.isSpecial(output) else { throw UsageError("export writes files, not \(Terminal.sanitize(output)): -o takes \(Self.choices)") }
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
        proposedWidth = try EffectSetup.number(parsed.single("--width"), option: "--width", default: 432, range: 10...10000)
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
            guard prefix.count <= 64, prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
                prefix.first?.isLetter == true
            else {
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
        switch target {
        case let .web(directory): try writeWeb(motion, fonts: fonts, into: directory)
        case let .lottie(path): try writeLottie(motion, fonts: fonts, to: path, zipped: false)
        case let .dotLottie(path): try writeLottie(motion, fonts: fonts, to: path, zipped: true)
        }
        try? Output.error.flush()
        return 0
    }

    /// The scene of one instance in one appearance.
    private func scene(_ instance: EffectInstance, _ appearance: Appearance, fonts: FontBook?) throws -> SampledScene {
        do {
            return try SampledScene(instance, fps: setup.fps, lastEvent: setup.events.map(\.t).max() ?? 0) { t in
                try instance.draw(at: t, width: proposedWidth, measurer: fonts, appearance: appearance)
            }
        } catch let error as EffectError {
            throw RuntimeError("\(instance.effect.id): \(Terminal.sanitize(error.message))")
        }
    }

    private func writeWeb(_ motion: EffectInstance, fonts: FontBook?, into directory: String) throws {
        let effect = motion.effect
        var instances = [(reduced: false, instance: motion)]
        if effect.param(named: "reduce_motion")?.type == .bool {
            instances.append((true, try setup.makeInstance(overriding: [("reduce_motion", "true")])))
        }
        // A plugin before ABI 1.3 has one look: the dark variant would be the light one again.
        let looks = motion.plugin.adaptsToAppearance ? appearances : [.light]
        var variants: [WebExport.Variant] = []
        for appearance in looks {
            for (reduced, instance) in instances {
                variants.append(WebExport.Variant(appearance: appearance, reducesMotion: reduced, scene: try scene(instance, appearance, fonts: fonts)))
            }
        }
        let name = prefix ?? effect.id
        let stylesheet = Self.fileName(for: name) + ".css"
        // A font file is copied beside the page and named in the stylesheet:
        // a browser finds a family by its name, never a file by its path.
        var fontFile: (name: String, bytes: [UInt8])?
        if case let .file(path)? = font {
            fontFile = (Self.fileName(for: String(path.split(separator: "/").last ?? "font")), try Files.read(path))
        }
        let export = try WebExport(name: name, variants: variants, family: fonts?.family, fontFile: fontFile?.name)
        let created = !Files.isDirectory(directory)
        try Files.makeDirectory(directory)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var files = [
            (path: base + stylesheet, bytes: Array(export.css.utf8)),
            (base + "index.html", Array(export.page(title: effect.name, stylesheet: stylesheet).utf8)),
            (base + "snippet.html", Array(export.snippet(stylesheet: stylesheet).utf8)),
        ]
        if let fontFile { files.append((base + fontFile.name, fontFile.bytes)) }
        do {
            try Files.writeTogether(files)
        } catch {
            // Nothing of a failed export stays behind, not even its new directory.
            if created { rmdir(directory) }
            throw error
        }
        let size = export.css.utf8.count + export.markup.utf8.count
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(base))index.html, \(stylesheet)\(fontFile.map { ", \($0.name)" } ?? "") and snippet.html: \(variants.count) variant\(variants.count == 1 ? "" : "s"), \(export.keyframeCount) keyframes, \(readableBytes(size)) of CSS and markup")
    }

    private func writeLottie(_ instance: EffectInstance, fonts: FontBook?, to path: String, zipped: Bool) throws {
        guard let fonts else {
            throw RuntimeError(
                "Lottie text is drawn as glyph outlines, which needs HarfBuzz, fontconfig and a font (not --font reference)")
        }
        var appearance = appearances[0]
        if appearance == .dark, !instance.plugin.adaptsToAppearance {
            Output.error.line("effect-host: \(instance.effect.id) comes from a plugin with one look; exporting its light look")
            appearance = .light
        }
        var export = try LottieExport(
            scene: try scene(instance, appearance, fonts: fonts), fonts: fonts, fps: setup.fps, title: instance.effect.name, periodOnly: periodOnly)
        let text = try export.document().text()
        let bytes: [UInt8]
        if zipped {
            let id = Self.fileName(for: instance.effect.id)
            bytes = try DotLottie.archive(animation: Array(text.utf8), id: id, loops: export.loopsSeamlessly)
        } else {
            bytes = Array(text.utf8)
        }
        try Files.write(bytes, to: path)
        for note in export.notes { Output.error.line("effect-host: \(note)") }
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(path)): \(export.width) × \(export.height), \(export.frameCount) frame\(export.frameCount == 1 ? "" : "s") at \(formatNumber(setup.fps)) fps, \(readableBytes(bytes.count))")
    }

    /// The stylesheet's name: the effect's id, with anything a file name
    /// or URL would trip on replaced.
    static func fileName(for id: String) -> String {
        let name = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "-" })
        return name.hasPrefix(".") || name.isEmpty ? "effect" + name : name
    }
}

/// A byte count as people read it: 812 bytes, 14.2 KB, 3.1 MB.
func readableBytes(_ count: Int) -> String {
    if count < 1000 { return "\(count) bytes" }
    if count < 1_000_000 { return "\(fixed(Double(count) / 1000, 1)) KB" }
    return "\(fixed(Double(count) / 1_000_000, 1)) MB"
}
