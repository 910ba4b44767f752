import EffectHost
import Glibc

/// `effect-host render EFFECT -o OUT`: the effect's frames as pictures,
/// drawn from the plugin's samples: numbered SVG files in a directory, or
/// one self-contained HTML page that plays them.
struct RenderCommand {
    let setup: EffectSetup
    let output: String
    let containerWidth: Double

    /// Frames kept in memory for one page; beyond this a page would be
    /// too heavy to open anyway.
    static let maxPageFrames = 20_000.0
    static let maxDirectoryFrames = 1_000_000.0
    /// A page's frames past this many bytes would not open in a browser.
    static let maxPageBytes = 200_000_000

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, valued: EffectSetup.valuedOptions.union(["-o", "--output", "--width"]), flags: EffectSetup.flags)
        setup = try EffectSetup(parsed, command: "render", defaultFPS: 30)
        let outputs = parsed.all("-o") + parsed.all("--output")
        guard outputs.count == 1, let output = outputs.first, !output.isEmpty else {
            throw UsageError(
                outputs.count > 1
                    ? "render takes one -o OUT" : "render needs -o OUT: a directory for SVG frames, or a file ending in .html")
        }
        guard output != "-" else {
            throw UsageError("render writes files, not stdout: -o takes a directory or a .html file")
        }
        guard !output.lowercased().hasSuffix(".svg") else {
            throw UsageError(
                "render -o takes a directory (for frame-00000.svg, ...) or a .html file, not '\(Terminal.sanitize(output))'; plot writes one .svg")
        }
        self.output = output
        containerWidth = try EffectSetup.number(parsed.single("--width"), option: "--width", default: 480, range: 40...10000)
    }

    var writesPage: Bool { output.lowercased().hasSuffix(".html") || output.lowercased().hasSuffix(".htm") }

    func run() throws -> Int32 {
        let instance = try setup.makeInstance()
        let last = try setup.lastFrameIndex(instance, limit: writesPage ? Self.maxPageFrames : Self.maxDirectoryFrames)
        let drawing: EffectDrawing
        do {
            drawing = try makeDrawing(for: instance, containerWidth: containerWidth, eventTimes: setup.events.map(\.t))
        } catch let error as EffectError {
            throw RuntimeError("\(instance.effect.id): \(Terminal.sanitize(error.message))")
        }
        let channels = ChannelMap(instance.effect)
        var buffer = [Double](repeating: 0, count: instance.frameSize)
        let progress = ProgressBar(label: "render", total: last + 1)
        defer { progress.finish() }
        if !writesPage {
            try Files.makeDirectory(output)
            try Files.removeFiles(in: output, prefix: "frame-", suffix: ".svg")
        }
        var pages: [String] = []
        var pageBytes = 0
        let digits = max(5, String(last).count)
        for index in 0...last {
            let t = Double(index) / setup.fps
            let svg: String
            do {
                try buffer.withUnsafeMutableBufferPointer { frame throws(EffectError) in try instance.sample(at: t, into: frame) }
                let body = try drawing.draw(FrameValues(t: t, values: buffer, channels: channels))
                svg = SVG.document(width: drawing.width, height: drawing.height, background: "#ffffff", body: body)
            } catch let error as EffectError {
                throw RuntimeError("\(instance.effect.id): at t = \(formatNumber(t)): \(Terminal.sanitize(error.message))")
            }
            if writesPage {
                pageBytes += svg.utf8.count
                guard pageBytes <= Self.maxPageBytes else {
                    throw UsageError(
                        "the page would pass \(Self.maxPageBytes / 1_000_000) MB by frame \(index); lower --fps or --duration, or render SVG frames into a directory")
                }
                pages.append(svg)
            } else {
                let number = String(index)
                let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".svg"
                try Files.write(svg + "\n", to: output + "/" + name)
            }
            progress.update(done: index + 1)
        }
        if writesPage {
            // A looping effect repeats from its loop start, and its last
            // frame is that same moment again when the period lands on a
            // frame; the page loops over one period without the entrance.
            var loop: (from: Int, to: Int)?
            if case let .loops(start, period) = try instance.info().timing {
                let from = min(last, max(0, Int((start * setup.fps).rounded())))
                let lastT = Double(last) / setup.fps
                let repeats = abs(lastT - (start + period)) < 1e-9 && last > from
                loop = (from, repeats ? last - 1 : last)
            }
            let described = setup.params.map { "\($0.0)=\($0.1)" } + setup.events.map { "at \(formatNumber($0.t)) s \($0.name)=\($0.value)" }
            let subtitle = "\(instance.effect.name): \(last + 1) frames sampled at \(formatNumber(setup.fps)) fps from \(instance.plugin.path)"
                + (described.isEmpty ? "" : "; " + described.joined(separator: ", "))
            try Files.write(
                HTMLPreview.page(
                    title: instance.effect.id, subtitle: subtitle, fps: setup.fps, loop: loop, width: drawing.width,
                    height: drawing.height, frames: pages),
                to: output)
        }
        progress.finish()
        let frames = last == 0 ? "1 frame" : "\(last + 1) frames"
        Output.error.line("effect-host: wrote \(frames) of \(instance.effect.id) to \(Terminal.sanitize(output))")
        try? Output.error.flush()
        return 0
    }
}
