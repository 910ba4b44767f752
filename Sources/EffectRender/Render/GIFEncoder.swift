import Dispatch
import EffectHost
import Glibc
import Synchronization

/// A GIF in two passes over its frames, the second on every core. GIF's
/// palette is one for the whole animation, so no frame can be dithered
/// before the last is seen, and ffmpeg's dithering and GIF encoding run on
/// one thread: one ffmpeg doing both kept a core idle for most of a GIF.
///
/// While frames are drawn, each goes to an ffmpeg that builds the palette
/// and to a file with no name (`FrameSpool`). Then the frames are split
/// into as many consecutive parts as the process may use cores, each
/// dithered and encoded by an ffmpeg of its own (started with the render,
/// waiting for the palette) against that palette, and
/// the parts are joined block by block (`GIFSplice`). Every pixel's
/// dither depends only on its colour and place, so the frames are those
/// one ffmpeg would write; each part's timestamps start where it starts,
/// so each delay is too.
final class GIFEncoder: MovieEncoder {
    private let destination: String
    /// Where the palette is written: a file with no name, as are the parts'.
    private let palette: Int32
    private let paletteBuilder: FFmpegProcess
    private let spool: FrameSpool
    /// The frames each part is sent: its own and, but for the last, the next part's first.
    private let ranges: [Range<Int>]
    /// One ffmpeg a part, started with the render so that its start-up is
    /// not waited for at the end; each waits for the palette on `pipe:3`
    /// and writes its GIF to `pipe:4`.
    private var parts: [(encoder: FFmpegProcess, file: Int32)] = []
    private var finished = false

    /// Whether a GIF is worth encoding in parts: with a second core to run
    /// them, and 16 million pixels or more in all (4 s at 30 fps of 365 ×
    /// 365). Every part is an ffmpeg more to start (about 0.1 s here) and
    /// every frame a second trip; the strike's 121 frames of 542 × 154
    /// took 0.47 s in parts against 0.37 s in one ffmpeg, and its 481
    /// frames as long either way (docs/benchmarks.md).
    static func pays(width: Int, height: Int, frames: Int, cores: Int = Cores.available) -> Bool {
        cores > 1 && frames > 1 && width * height * frames >= 16_000_000
    }

    /// For `frames` frames of `width` × `height`, in `parts` parts at most
    /// (the cores this process may use; one part is still two passes).
    /// Every part holds two frames or more: ffmpeg gives a GIF of one
    /// frame no delay.
    init(width: Int, height: Int, fps: Double, transparent: Bool, destination: String, frames: Int, parts: Int = Cores.available) throws {
        precondition(frames > 0)
        let ffmpeg = try FFmpegEncoder.program()
        self.destination = destination
        let count = max(1, min(parts, frames / 2))
        ranges = (0..<count).map { part in
            (part * frames / count)..<((part + 1) * frames / count + (part < count - 1 ? 1 : 0))
        }
        let input = FFmpegProcess.rawInput(width: width, height: height, fps: fps)
        palette = try UnnamedFile.create()
        do {
            spool = try FrameSpool(frameBytes: width * height * 4)
            paletteBuilder = try FFmpegProcess(
                ffmpeg,
                arguments: input + ["-vf", MovieFormat.gifPalette(transparent: transparent), "-f", "image2pipe", "-c:v", "png", "pipe:4"],
                frameBytes: width * height * 4, output: palette, destination: destination)
        } catch {
            close(palette)
            throw error
        }
        do {
            for range in ranges {
                let file = try UnnamedFile.create()
                // Each part's timestamps go on from where it starts, so its delays are the whole GIF's.
                let dither =
                    "[0:v]setpts=PTS+\(range.lowerBound)/(FRAME_RATE*TB)[v];[v][1:v]\(MovieFormat.gifDither(transparent: transparent))"
                do {
                    let encoder = try FFmpegProcess(
                        ffmpeg,
                        arguments: input + ["-f", "png_pipe", "-i", "pipe:3", "-filter_complex", dither] + MovieFormat.gifContainer
                            + ["pipe:4"],
                        frameBytes: width * height * 4, withSideInput: true, output: file, destination: destination)
                    self.parts.append((encoder, file))
                } catch {
                    close(file)
                    throw error
                }
            }
        } catch {
            abandon()
            throw error
        }
    }

    deinit { if !finished { abandon() } }

    func write(_ frame: UnsafeRawBufferPointer) throws {
        do {
            try paletteBuilder.write(frame)
            try spool.append(frame)
        } catch {
            abandon()
            throw error
        }
    }

    func finish() throws {
        guard !finished else { throw RenderError("\(destination) is already finished") }
        finished = true
        defer { closeFiles() }
        do {
            try paletteBuilder.finish()
            guard spool.count == ranges.last!.upperBound else {
                throw RenderError("\(destination) was to have \(ranges.last!.upperBound) frames, not \(spool.count)")
            }
            let colours = try UnnamedFile.contents(of: palette)
            for part in parts { try part.encoder.send(colours) }
        } catch {
            for part in parts { part.encoder.abandon() }
            throw error
        }
        try Self.feed(parts.map(\.encoder), ranges: ranges, from: spool)
        var written: [[UInt8]] = []
        for part in parts { written.append(try UnnamedFile.contents(of: part.file)) }
        let joined: [UInt8]
        do {
            joined = try GIFSplice.join(written, frames: ranges.map(\.count))
        } catch {
            throw RenderError("cannot join the parts of \(destination): \(error.description)")
        }
        try Files.write(joined, to: destination)
    }

    /// Each part its frames from the spool, all at once, each on a thread of its own.
    private static func feed(_ parts: [FFmpegProcess], ranges: [Range<Int>], from spool: FrameSpool) throws {
        let failures = Mutex<[(Int, any Error)]>([])
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            let part = parts[index]
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: spool.frameBytes, alignment: 16)
            defer { buffer.deallocate() }
            do {
                for frame in ranges[index] {
                    try spool.read(frame, into: buffer)
                    try part.write(UnsafeRawBufferPointer(buffer))
                }
                try part.finish()
            } catch {
                part.abandon()
                failures.withLock { $0.append((index, error)) }
            }
        }
        if let first = failures.withLock({ $0.min { $0.0 < $1.0 } }) { throw first.1 }
    }

    func abandon() {
        guard !finished else { return }
        finished = true
        paletteBuilder.abandon()
        for part in parts { part.encoder.abandon() }
        closeFiles()
    }

    private func closeFiles() {
        close(palette)
        for part in parts { close(part.file) }
        parts = []
    }
}
