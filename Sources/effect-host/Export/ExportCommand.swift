import EffectHost

/// `effect-host export EFFECT -o DIR`: the effect as a web animation that
/// plays with CSS alone: DIR/index.html, DIR/EFFECT.css and DIR/snippet.html.
/// Drawn from the effect's display list, sampled over its timeline with
/// its events baked in, so every effect that draws exports.
struct ExportCommand {
    let setup: EffectSetup
    let directory: String
    let proposedWidth: Double
    /// The appearances exported; both by default, chosen by the reader's
    /// colour scheme.
    let appearances: [Appearance]
    let font: FontBook.Choice?

    static let defaultFPS = 60.0

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .export)
        setup = try EffectSetup(parsed, command: "export", defaultFPS: Self.defaultFPS)
        if setup.duration != nil { throw UsageError("export takes the effect's whole timeline; it has no --duration") }
        let outputs = parsed.all("-o") + parsed.all("--output")
        guard outputs.count == 1, let output = outputs.first, !output.isEmpty else {
            throw UsageError(outputs.count > 1 ? "export takes one -o DIR" : "export needs -o DIR, the directory to write the page into")
        }
        guard output != "-", !Files.isSpecial(output) else { throw UsageError("export writes a directory of files, not \(output)") }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        if !output.hasSuffix("/"), !Files.isDirectory(output), let dot = name.lastIndex(of: ".") {
            let suffix = name[name.index(after: dot)...]
            throw UsageError(
                "export writes a web page into a directory; '\(Terminal.sanitize(output))' ends in .\(Terminal.sanitize(String(suffix))) (end a directory's name with / when it has a dot)")
        }
        directory = output
        proposedWidth = try EffectSetup.number(parsed.single("--width"), option: "--width", default: 432, range: 10...10000)
        switch try parsed.single(ThemeOption.name) {
        case nil, "auto": appearances = [.light, .dark]
        case "light": appearances = [.light]
        case "dark": appearances = [.dark]
        case let other?: throw UsageError("--theme must be auto, light or dark, not '\(Terminal.sanitize(other))'")
        }
        font = try FontOption.parse(parsed.single(FontOption.name))
    }

    func run() throws -> Int32 {
        let motion = try setup.makeInstance()
        let effect = motion.effect
        guard motion.plugin.canDraw else {
            throw RuntimeError(
                "\(effect.id) comes from an ABI 1.\(motion.plugin.info.abiMinor) plugin, which does not draw itself: export needs ABI 1.2 or later")
        }
        let fonts = try FontOption.fonts(font)
        var instances = [(reduced: false, instance: motion)]
        if effect.param(named: "reduce_motion")?.type == .bool {
            instances.append((true, try setup.makeInstance(overriding: [("reduce_motion", "true")])))
        }
        // A plugin before ABI 1.3 has one look: the dark variant would be the light one again.
        let looks = motion.plugin.adaptsToAppearance ? appearances : [.light]
        var variants: [WebExport.Variant] = []
        let lastEvent = setup.events.map(\.t).max() ?? 0
        for appearance in looks {
            for (reduced, instance) in instances {
                let scene: SampledScene
                do {
                    scene = try SampledScene(instance, fps: setup.fps, lastEvent: lastEvent) { t in
                        try instance.draw(at: t, width: proposedWidth, measurer: fonts, appearance: appearance)
                    }
                } catch let error as EffectError {
                    throw RuntimeError("\(effect.id): \(Terminal.sanitize(error.message))")
                }
                variants.append(WebExport.Variant(appearance: appearance, reducesMotion: reduced, scene: scene))
            }
        }
        let export = try WebExport(effect: effect.id, variants: variants, family: fonts?.family)
        let stylesheet = Self.fileName(for: effect.id) + ".css"
        try Files.makeDirectory(directory)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        try Files.write(export.css, to: base + stylesheet)
        try Files.write(export.page(title: effect.name, stylesheet: stylesheet), to: base + "index.html")
        try Files.write(export.snippet(stylesheet: stylesheet), to: base + "snippet.html")
        let size = export.css.utf8.count + export.markup.utf8.count
        Output.error.line(
            "effect-host: wrote \(Terminal.sanitize(base))index.html, \(stylesheet) and snippet.html: \(variants.count) variant\(variants.count == 1 ? "" : "s"), \(export.keyframeCount) keyframes, \(readableBytes(size)) of CSS and markup")
        try? Output.error.flush()
        return 0
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
