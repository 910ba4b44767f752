import EffectHost
import Glibc

/// `effect-host render EFFECT -o OUT`: the effect's frames as pictures,
/// drawn from its own display list (or bars of its channels, for an effect
/// that does not draw): numbered SVG files in a directory, or one
/// self-contained HTML page that plays them. The frames come from the
/// Player's offline loop, as `run --offline`'s do.
struct RenderCommand {
    let setup: EffectSetup
    let output: String
    let proposedWidth: Double
    let theme: Appearance

    /// Frames kept in memory for one page; beyond this a page would be
    /// too heavy to open anyway.
    static let maxPageFrames = 20_000.0
    static let maxDirectoryFrames = 1_000_000.0
    /// A page's frames past this many bytes would not open in a browser.
    static let maxPageBytes = 200_000_000

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .render)
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
        proposedWidth = try EffectSetup.number(parsed.single("--width"), option: "--width", default: 432, range: 10...10000)
        theme = try ThemeOption.parse(parsed) ?? .light
    }

    var writesPage: Bool { output.lowercased().hasSuffix(".html") || output.lowercased().hasSuffix(".htm") }

    func run() throws -> Int32 {
        let instance = try setup.makeInstance()
        let last = try setup.lastFrameIndex(instance, limit: writesPage ? Self.maxPageFrames : Self.maxDirectoryFrames)
        let picture: FramePicture
        do {
            picture = try makePicture(for: instance, proposedWidth: proposedWidth, appearance: theme)
        } catch {
            throw RuntimeError("\(instance.effect.id): \(Terminal.sanitize(error.message))")
        }
        if theme == .dark, !instance.plugin.adaptsToAppearance, instance.plugin.canDraw {
            Output.error.line(
                "effect-host: \(fileName(instance.plugin.path)) is an ABI 1.\(instance.plugin.info.abiMinor) plugin with one look; drawing it on the light ground")
        }
        if !writesPage {
            try Files.makeDirectory(output)
            try Files.removeFiles(in: output, prefix: "frame-", suffix: ".svg")
        }
        let sink = PictureSink(
            picture: picture, effect: instance.effect, directory: writesPage ? nil : output, lastFrame: last)
        let report: PlaybackReport
        do {
            report = try Player(instance: instance, fps: setup.fps, lastFrame: last, sink: sink).runOffline()
        } catch let error as EffectError {
            throw RuntimeError("\(instance.effect.id): \(Terminal.sanitize(error.message))")
        }
        if let signal = report.signal { return 128 + signal }
        if writesPage { try writePage(instance, frames: sink.pages, last: last, picture: picture) }
        let frames = last == 0 ? "1 frame" : "\(last + 1) frames"
        Output.error.line("effect-host: wrote \(frames) of \(instance.effect.id) to \(Terminal.sanitize(output))")
        try? Output.error.flush()
        return 0
    }

    /// A plugin named by its file alone: a page is shared, and the path of
    /// a local build says nothing to whoever opens it.
    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private func writePage(_ instance: EffectInstance, frames: [String], last: Int, picture: FramePicture) throws {
        // A looping effect repeats from its loop start, and its last frame
        // is that same moment again when the period lands on a frame; the
        // page loops over one period without the entrance.
        var loop: (from: Int, to: Int)?
        if case let .loops(start, period) = try instance.info().timing {
            let from = min(last, max(0, Int((start * setup.fps).rounded())))
            let lastT = Double(last) / setup.fps
            let repeats = abs(lastT - (start + period)) < 1e-9 && last > from
            loop = (from, repeats ? last - 1 : last)
        }
        let described = setup.params.map { "\($0.0)=\($0.1)" } + setup.events.map { "at \(formatNumber($0.t)) s \($0.name)=\($0.value)" }
        let subtitle = "\(instance.effect.name): \(last + 1) frames sampled at \(formatNumber(setup.fps)) fps from \(fileName(instance.plugin.path))"
            + (described.isEmpty ? "" : "; " + described.joined(separator: ", "))
        try Files.write(
            HTMLPlayer.page(
                title: instance.effect.id, subtitle: subtitle, fps: setup.fps, loop: loop, width: picture.width,
                height: picture.height, ground: picture.ground, frames: frames),
            to: output)
    }
}

/// Pictures each frame the Player hands it: into a numbered file, or kept
/// for a page.
private final class PictureSink: FrameSink {
    let picture: FramePicture
    let channels: ChannelMap
    let effectID: String
    let directory: String?
    let digits: Int
    let progress: ProgressBar
    private(set) var pages: [String] = []
    private var pageBytes = 0

    init(picture: FramePicture, effect: EffectDescription, directory: String?, lastFrame: Int) {
        self.picture = picture
        channels = ChannelMap(effect)
        effectID = effect.id
        self.directory = directory
        digits = max(5, String(lastFrame).count)
        progress = ProgressBar(label: "render", total: lastFrame + 1)
    }

    func frame(_ frame: SampledFrame) throws {
        var svg: TextBuffer
        do {
            svg = try picture.svg(FrameValues(frame, channels: channels))
        } catch let error as EffectError {
            throw RuntimeError("\(effectID): at t = \(formatNumber(frame.t)): \(Terminal.sanitize(error.message))")
        }
        if let directory {
            let number = String(frame.index)
            let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".svg"
            svg.append(byte: 0x0A)
            try Files.write(svg.bytes, to: directory + "/" + name)
        } else {
            pageBytes += svg.bytes.count
            guard pageBytes <= RenderCommand.maxPageBytes else {
                throw UsageError(
                    "the page would pass \(RenderCommand.maxPageBytes / 1_000_000) MB by frame \(frame.index); lower --fps or --duration, or render SVG frames into a directory")
            }
            pages.append(svg.string)
        }
        progress.update(done: frame.index + 1)
    }

    func finish(interrupted: Bool) {
        progress.finish()
    }
}
