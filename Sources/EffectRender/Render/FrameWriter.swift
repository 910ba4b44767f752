import EffectHost
import Glibc

/// Pictures each frame the Player hands to a render, into what was asked
/// for: numbered SVG or PNG files, one still, a page's frames kept in
/// memory, or pixels streamed to ffmpeg. A frame of pixels is its ground
/// from edge to edge: a picture fitted into a size of another aspect
/// leaves margins, and they are the background asked for, not black or
/// transparent.
final class FrameWriter: FrameSink {
    enum Destination {
        case svgFrames(directory: String)
        case page
        case svgStill(String)
        case pngFrames(directory: String, PixelCanvas, PNGFrameQueue)
        case pngStill(String, PixelCanvas)
        case movie(MovieFrameQueue, PixelCanvas)
    }

    let picture: FramePicture
    let destination: Destination
    private let channels: ChannelMap
    private let digits: Int
    private let progress: (_ done: Int) -> Void
    private let isCancelled: () -> Bool
    private(set) var pages: [String] = []
    private var pageBytes = 0
    private(set) var timings = RenderTimings()

    init(
        picture: FramePicture, destination: Destination, effect: EffectDescription, lastFrame: Int, progress: @escaping (Int) -> Void,
        isCancelled: @escaping () -> Bool
    ) {
        self.picture = picture
        self.destination = destination
        channels = ChannelMap(effect)
        digits = max(5, String(lastFrame).count)
        self.progress = progress
        self.isCancelled = isCancelled
    }

    private func name(_ index: Int, _ suffix: String) -> String {
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + suffix
    }

    func frame(_ frame: SampledFrame) throws {
        if isCancelled() { throw RenderError("the render was cancelled", kind: .cancelled) }
        var clock = ThreadClock.now()
        func lap(_ phase: WritableKeyPath<RenderTimings, Double>) {
            let now = ThreadClock.now()
            timings[keyPath: phase] += now - clock
            clock = now
        }
        defer { lap(\.encoding) }
        let list: DisplayList
        do {
            list = try picture.displayList(FrameValues(frame, channels: channels))
        } catch let error as EffectError {
            throw RenderError("at t = \(formatNumber(frame.t)): \(error.message)", kind: .plugin)
        }
        switch destination {
        case let .svgFrames(directory):
            var svg = picture.svg(list)
            lap(\.drawing)
            svg.append(byte: 0x0A)
            try Files.write(svg.bytes, to: directory + "/" + name(frame.index, ".svg"))
        case let .svgStill(path):
            var svg = picture.svg(list)
            lap(\.drawing)
            svg.append(byte: 0x0A)
            try Files.write(svg.bytes, to: path)
        case .page:
            let svg = picture.svg(list)
            lap(\.drawing)
            pageBytes += svg.bytes.count
            guard pageBytes <= RenderJob.maxPageBytes else {
                throw RenderError("the page would pass \(RenderJob.maxPageBytes / 1_000_000) MB by frame \(frame.index)", kind: .tooLarge)
            }
            pages.append(svg.string)
        case let .pngFrames(directory, canvas, queue):
            lap(\.drawing)
            try picture.draw(list, on: canvas, ground: .canvas)
            lap(\.rasterising)
            try queue.submit(canvas, to: directory + "/" + name(frame.index, ".png"))
        case let .pngStill(path, canvas):
            lap(\.drawing)
            try picture.draw(list, on: canvas, ground: .canvas)
            lap(\.rasterising)
            try canvas.writePNG(to: path)
        case let .movie(queue, canvas):
            lap(\.drawing)
            try picture.draw(list, on: canvas, ground: .canvas)
            lap(\.rasterising)
            // Waiting for a free slot, while ffmpeg takes earlier frames, is the movie's encoding time.
            let start = MonotonicClock.now()
            try queue.submit(canvas)
            timings.encoding += MonotonicClock.now() - start
            clock = ThreadClock.now()
        }
        progress(frame.index + 1)
    }

    func finish(interrupted: Bool) {}

    /// After the last frame: every frame is written, and a movie is
    /// encoded and moved into place.
    func complete() throws {
        let start = MonotonicClock.now()
        switch destination {
        case let .movie(queue, _):
            try queue.finish()
            timings.encoding += MonotonicClock.now() - start
        case let .pngFrames(_, _, queue):
            try queue.finish()
            timings.encoding += queue.seconds
        default: break
        }
    }

    /// After an error or a stop: nothing is left under the name asked
    /// for, and no frame is still being written.
    func abandon() {
        switch destination {
        case let .movie(queue, _): queue.abandon()
        case let .pngFrames(_, _, queue): queue.abandon()
        default: break
        }
    }
}
