import CEffectHost
import EffectHost
import Glibc

/// Where a render's time went, in seconds of processor time: drawing (the
/// display list, and its SVG) and rasterising (pixels) on the thread that
/// draws, and encoding and writing on every thread that did it (PNG frames
/// are encoded on every core; ffmpeg's own work on a movie is not counted,
/// but the time spent waiting to hand it frames and for it to finish is).
public struct RenderTimings: Sendable {
    public var drawing = 0.0
    public var rasterising = 0.0
    public var encoding = 0.0
}

/// How a render ended.
public struct RenderSummary: Sendable {
    /// Frames written.
    public let frames: Int
    /// The signal (SIGINT, SIGTERM, SIGHUP) that stopped the render before
    /// its last frame; nothing is then left under the target's name.
    public let signal: Int32?
    public let timings: RenderTimings
}

/// Renders frames of an effect into a target: SVG or PNG frames, a still,
/// an HTML page that plays them, or a movie through ffmpeg. Frames are
/// t = start + i / fps for i in 0 ... lastFrame, sampled by the Player's
/// offline loop. Every file is written whole or not at all: an error, a
/// cancel or a stop signal leaves nothing under the target's name (a
/// directory keeps the frames already written there).
public final class RenderJob {
    public let instance: EffectInstance
    public let target: RenderTarget
    public let picture: FramePicture
    public let fps: Double
    public let start: Double
    public let lastFrame: Int
    /// Hears (frames done, frames in all) after each frame.
    public var progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    /// Asked before each frame; true stops the render with a `.cancelled` error.
    public var isCancelled: () -> Bool = { false }
    /// What an HTML page says under its title.
    public var pageSubtitle = ""
    /// An HTML page of one whole period loops over all its frames.
    public var pageLoopsEveryFrame = false
    /// Whether SIGINT, SIGTERM and SIGHUP stop the render while it runs
    /// (`Player.hearsStopSignals`); a program that handles them itself
    /// says no, and cancels through `isCancelled`.
    public var hearsStopSignals = true
    private let destination: FrameWriter.Destination
    /// The frames' directory, when this job made it: removed again if the
    /// render ends early with nothing in it.
    private let madeDirectory: String?

    /// A page's frames past this many bytes would not open in a browser.
    public static let maxPageBytes = 200_000_000
    /// Pixels a point unless told (effect_host.h states it, for other hosts).
    public static let defaultScale = EFFECT_HOST_SCALE_DEFAULT
    /// Frames one page holds; beyond this a page would be too heavy to open anyway.
    public static let maxPageFrames = 20_000.0
    /// Frames one render writes into a directory or a movie.
    public static let maxFrames = 1_000_000.0

    /// Makes what the target needs before the first frame: its directory
    /// (with older frames of its format removed), a pixel canvas of `size`
    /// pixels or the picture at `scale` pixels a point, and ffmpeg for a movie.
    public init(
        instance: EffectInstance, picture: FramePicture, target: RenderTarget, fps: Double, start: Double = 0, lastFrame: Int,
        scale: Double = RenderJob.defaultScale, size: (width: Int, height: Int)? = nil
    ) throws {
        (self.instance, self.picture, self.target, self.fps, self.start, self.lastFrame) = (instance, picture, target, fps, start, lastFrame)
        func canvas(even: Bool) throws -> PixelCanvas { try PixelCanvas(for: picture, scale: scale, size: size, even: even) }
        var made: String?
        if case let .svgFrames(directory) = target, !Files.isDirectory(directory) { made = directory }
        if case let .pngFrames(directory) = target, !Files.isDirectory(directory) { made = directory }
        madeDirectory = made
        switch target {
        case let .svgFrames(directory):
            try Files.makeDirectory(directory)
            try Files.removeFiles(in: directory, prefix: "frame-", suffix: ".svg")
            destination = .svgFrames(directory: directory)
        case .page: destination = .page
        case let .svgStill(path): destination = .svgStill(path)
        case let .pngFrames(directory):
            let pixels = try canvas(even: false)
            let queue: PNGFrameQueue
            do {
                queue = try PNGFrameQueue(width: pixels.width, height: pixels.height)
            } catch {
                throw RenderError(error.description)
            }
            try Files.makeDirectory(directory)
            try Files.removeFiles(in: directory, prefix: "frame-", suffix: ".png")
            destination = .pngFrames(directory: directory, pixels, queue)
        case let .pngStill(path): destination = .pngStill(path, try canvas(even: false))
        case let .movie(path, format):
            let pixels = try canvas(even: format.needsEvenSize)
            let transparent = picture.ground == nil
            var encoder: (any MovieEncoder)?
            if format == .gif && GIFEncoder.pays(width: pixels.width, height: pixels.height, frames: lastFrame + 1) {
                // Parts are a speed-up: where they cannot start (no room for
                // the frames in the temporary directory), one ffmpeg still can.
                encoder = try? GIFEncoder(
                    width: pixels.width, height: pixels.height, fps: fps, transparent: transparent, destination: path, frames: lastFrame + 1)
            }
            let movie = try encoder ?? FFmpegEncoder(
                format: format, width: pixels.width, height: pixels.height, fps: fps, transparent: transparent, destination: path)
            destination = .movie(MovieFrameQueue(encoder: movie, width: pixels.width, height: pixels.height), pixels)
        }
    }

    /// Renders every frame and finishes the target.
    public func run() throws -> RenderSummary {
        let total = lastFrame + 1
        let writer = FrameWriter(
            picture: picture, destination: destination, effect: instance.effect, lastFrame: lastFrame,
            progress: { [progress] in progress($0, total) }, isCancelled: isCancelled)
        let report: PlaybackReport
        do {
            let player = Player(instance: instance, fps: fps, lastFrame: lastFrame, start: start, sink: writer)
            player.hearsStopSignals = hearsStopSignals
            report = try player.runOffline()
        } catch {
            abandon(writer)
            throw error
        }
        if let signal = report.signal {
            abandon(writer)
            return RenderSummary(frames: report.framesShown, signal: signal, timings: writer.timings)
        }
        try writer.complete()
        if case .page = destination { try writePage(writer.pages) }
        return RenderSummary(frames: total, signal: nil, timings: writer.timings)
    }

    private func abandon(_ writer: FrameWriter) {
        writer.abandon()
        // rmdir removes only an empty directory: frames written stay.
        if let madeDirectory { rmdir(madeDirectory) }
    }

    private func writePage(_ frames: [String]) throws {
        // A looping effect repeats from its loop start, and its last frame
        // is that same moment again when the period lands on a frame; the
        // page loops over one period without the entrance.
        var loop: (from: Int, to: Int)?
        if case let .loops(loopStart, period) = try instance.info().timing {
            let from = min(lastFrame, max(0, Int((loopStart * fps).rounded())))
            let lastT = Double(lastFrame) / fps
            let repeats = abs(lastT - (loopStart + period)) < 1e-9 && lastFrame > from
            loop = (from, repeats ? lastFrame - 1 : lastFrame)
        }
        if pageLoopsEveryFrame { loop = (0, lastFrame) }
        try Files.write(
            HTMLPlayer.page(
                title: instance.effect.id, subtitle: pageSubtitle, fps: fps, loop: loop, width: picture.width, height: picture.height,
                ground: picture.ground ?? "transparent", frames: frames),
            to: target.path)
    }
}
