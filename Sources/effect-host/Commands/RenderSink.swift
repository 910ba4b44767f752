import EffectHost
import EffectRender
import Glibc

/// Pictures each frame the Player hands to `render`, into what was asked
/// for: numbered SVG or PNG files, one still, a page's frames kept in
/// memory, or pixels streamed to ffmpeg.
final class RenderSink: FrameSink {
    enum Destination {
        case svgFrames(directory: String)
        case page
        case svgStill(String)
        case pngFrames(directory: String, PixelCanvas)
        case pngStill(String, PixelCanvas)
        case movie(FFmpegEncoder, PixelCanvas)
    }

    let picture: FramePicture
    let destination: Destination
    private let channels: ChannelMap
    private let effectID: String
    private let digits: Int
    private let progress: ProgressBar
    private var pixels: PixelFrame?
    private(set) var pages: [String] = []
    private var pageBytes = 0
    /// Seconds spent drawing (display list and SVG), rasterising and
    /// encoding or writing: what `--timings` reports.
    private(set) var timings = (drawing: 0.0, rasterising: 0.0, encoding: 0.0)

    init(picture: FramePicture, destination: Destination, effect: EffectDescription, lastFrame: Int) {
        self.picture = picture
        self.destination = destination
        channels = ChannelMap(effect)
        effectID = effect.id
        digits = max(5, String(lastFrame).count)
        progress = ProgressBar(label: "render", total: lastFrame + 1)
        if case let .movie(_, raster) = destination { pixels = PixelFrame(width: raster.width, height: raster.height) }
    }

    private func name(_ index: Int, _ suffix: String) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + suffix
    }

    func frame(_ frame: SampledFrame) throws {
        var clock = MonotonicClock.now()
        func lap(_ phase: WritableKeyPath<(drawing: Double, rasterising: Double, encoding: Double), Double>) {
            let now = MonotonicClock.now()
            timings[keyPath: phase] += now - clock
            clock = now
        }
        defer { lap(\.encoding) }
        let values = FrameValues(frame, channels: channels)
        do {
            switch destination {
            case let .svgFrames(directory):
                var svg = try picture.svg(values)
                lap(\.drawing)
                svg.append(byte: 0x0A)
                try Files.write(svg.bytes, to: directory + "/" + name(frame.index, ".svg"))
            case let .svgStill(path):
                var svg = try picture.svg(values)
                lap(\.drawing)
                svg.append(byte: 0x0A)
                try Files.write(svg.bytes, to: path)
            case .page:
                let svg = try picture.svg(values)
                lap(\.drawing)
                pageBytes += svg.bytes.count
                guard pageBytes <= RenderCommand.maxPageBytes else {
                    throw UsageError(
                        "the page would pass \(RenderCommand.maxPageBytes / 1_000_000) MB by frame \(frame.index); lower --fps or --duration, or render SVG frames into a directory")
                }
                pages.append(svg.string)
            case let .pngFrames(directory, canvas):
                let list = try picture.displayList(values)
                lap(\.drawing)
                try picture.draw(list, on: canvas)
                lap(\.rasterising)
                try canvas.writePNG(to: directory + "/" + name(frame.index, ".png"))
            case let .pngStill(path, canvas):
                let list = try picture.displayList(values)
                lap(\.drawing)
                try picture.draw(list, on: canvas)
                lap(\.rasterising)
                try canvas.writePNG(to: path)
            case let .movie(encoder, canvas):
                let list = try picture.displayList(values)
                lap(\.drawing)
                try picture.draw(list, on: canvas)
                try pixels!.copy(from: canvas)
                lap(\.rasterising)
                try pixels!.bytes.withUnsafeBytes { try encoder.write($0) }
            }
        } catch let error as EffectError {
            throw RuntimeError("\(effectID): at t = \(formatNumber(frame.t)): \(Terminal.sanitize(error.message))")
        }
        progress.update(done: frame.index + 1)
    }

    func finish(interrupted: Bool) {
        progress.finish()
    }

    /// After the last frame: the movie is encoded and moved into place.
    func complete() throws {
        let start = MonotonicClock.now()
        if case let .movie(encoder, _) = destination { try encoder.finish() }
        timings.encoding += MonotonicClock.now() - start
    }

    /// After an error or a stop: nothing is left under the name asked for.
    func abandon() {
        if case let .movie(encoder, _) = destination { encoder.abandon() }
    }
}
