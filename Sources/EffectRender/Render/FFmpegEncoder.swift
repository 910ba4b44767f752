import EffectHost
import Glibc

/// Where a movie's frames go, one after another: straight-alpha BGRA rows,
/// packed. Nothing is left under the destination's name unless `finish`
/// succeeds.
protocol MovieEncoder: AnyObject {
    /// Takes the next frame.
    func write(_ frame: UnsafeRawBufferPointer) throws
    /// After the last frame: the movie is complete under its name.
    func finish() throws
    /// Stops and removes whatever was written (an interruption or an error).
    func abandon()
}

/// A movie ffmpeg encodes as the frames arrive (MP4, WebM, APNG): one
/// ffmpeg fed over a pipe, so nothing but the finished file touches the
/// disk. It writes under a temporary name beside the destination, renamed
/// into place only once ffmpeg succeeds.
public final class FFmpegEncoder: MovieEncoder {
    public let destination: String
    private let temporary: String
    private let process: FFmpegProcess
    private var finished = false

    /// ffmpeg on PATH, or nil.
    public static func locate() -> String? { Programs.onPath("ffmpeg") }

    public static let missing = "ffmpeg is not installed (Debian package ffmpeg); it encodes .gif, .mp4, .webm and .apng"

    /// ffmpeg, or the error that says how to get it.
    static func program() throws -> String {
        guard let ffmpeg = locate() else { throw RenderError(missing) }
        return ffmpeg
    }

    /// Starts ffmpeg for frames of `width` × `height` straight-alpha BGRA at `fps`.
    init(format: MovieFormat, width: Int, height: Int, fps: Double, transparent: Bool, destination: String) throws {
        let ffmpeg = try Self.program()
        self.destination = destination
        temporary = try Files.reserve(beside: destination)
        do {
            process = try FFmpegProcess(
                ffmpeg,
                arguments: FFmpegProcess.rawInput(width: width, height: height, fps: fps) + format.arguments(transparent: transparent)
                    + [temporary],
                frameBytes: width * height * 4, destination: destination)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    deinit { if !finished { abandon() } }

    /// Sends one frame. If ffmpeg has gone, says why, and leaves nothing behind.
    func write(_ frame: UnsafeRawBufferPointer) throws {
        do {
            try process.write(frame)
        } catch {
            finished = true
            unlink(temporary)
            throw error
        }
    }

    /// Ends the input, waits for ffmpeg and moves the file into place.
    func finish() throws {
        finished = true
        do {
            try process.finish()
        } catch {
            unlink(temporary)
            throw error
        }
        try Files.moveIntoPlace(temporary, destination)
    }

    func abandon() {
        guard !finished else { return }
        finished = true
        process.abandon()
        unlink(temporary)
    }
}
