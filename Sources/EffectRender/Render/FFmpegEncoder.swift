import EffectHost
import Glibc

/// ffmpeg as a subprocess, fed raw frames over a pipe: nothing but the
/// finished file touches the disk. It writes under a temporary name beside
/// the destination and the file is renamed into place only once ffmpeg
/// succeeds, so a failure or an interruption leaves nothing under the name
/// asked for. ffmpeg runs in a process group of its own: Ctrl-C reaches
/// effect-host, which stops it.
public final class FFmpegEncoder {
    public let destination: String
    private let temporary: String
    private let pid: pid_t
    private let input: Int32
    private let log: String
    private var finished = false

    /// ffmpeg on PATH, or nil.
    public static func locate() -> String? { Programs.onPath("ffmpeg") }

    public static let missing = "ffmpeg is not installed (Debian package ffmpeg); it encodes .gif, .mp4, .webm and .apng"

    /// Starts ffmpeg for frames of `width` × `height` straight-alpha BGRA at `fps`.
    public init(
        format: MovieFormat, width: Int, height: Int, fps: Double, transparent: Bool, destination: String
    ) throws {
        guard let ffmpeg = Self.locate() else { throw RenderError(Self.missing) }
        self.destination = destination
        temporary = try Files.reserve(beside: destination)
        var logTemplate = Array("/tmp/effect-host-ffmpeg-XXXXXX".utf8CString)
        let logFile = logTemplate.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard logFile >= 0 else {
            unlink(temporary)
            throw RenderError("cannot make a temporary file for ffmpeg's messages: \(SystemError.reason(errno))")
        }
        log = String(decoding: logTemplate.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(logFile)
            unlink(log)
            unlink(temporary)
            throw RenderError("cannot open a pipe to ffmpeg")
        }
        // Neither end may stay open in ffmpeg past the dup2 onto its stdin:
        // a write end there would keep it waiting for more frames for ever.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let arguments =
            [
                ffmpeg, "-hide_banner", "-loglevel", "error", "-nostats", "-y", "-f", "rawvideo", "-pix_fmt", "bgra", "-s",
                "\(width)x\(height)", "-framerate", SVG.number(fps), "-i", "pipe:0",
            ] + format.arguments(transparent: transparent) + [temporary]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logFile, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, ffmpeg, &actions, &attributes, &argv, environ)
        close(ends[0])
        close(logFile)
        guard spawned == 0 else {
            close(ends[1])
            unlink(log)
            unlink(temporary)
            throw RenderError("cannot start ffmpeg: \(SystemError.reason(spawned))")
        }
        pid = child
        input = ends[1]
    }

    deinit { if !finished { abandon() } }

    /// Sends one frame's pixels. If ffmpeg has gone, says why, and leaves
    /// nothing behind.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !finished else { throw RenderError("ffmpeg has already finished \(destination)") }
        // SIGPIPE, if ffmpeg is gone, is held on this thread and taken back,
        // not left to end a host that has not chosen to ignore it.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var zero = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &zero)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(input, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                finished = true
                let message = failureMessage(status: stop())
                unlink(temporary)
                unlink(log)
                throw RenderError(message)
            }
            offset += count
        }
    }

    /// Ends the input, waits for ffmpeg and moves the file into place.
    public func finish() throws {
        finished = true
        close(input)
        let status = wait()
        defer { unlink(log) }
        guard status == 0 else {
            unlink(temporary)
            throw RenderError(failureMessage(status: status))
        }
        try Files.moveIntoPlace(temporary, destination)
    }

    /// Stops ffmpeg and removes what it wrote (an interruption or an error).
    public func abandon() {
        guard !finished else { return }
        finished = true
        _ = stop()
        unlink(temporary)
        unlink(log)
    }

    private func stop() -> Int32 {
        close(input)
        kill(pid, SIGTERM)
        return wait()
    }

    /// ffmpeg's exit status, or 128 + the signal that ended it.
    private func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }

    /// ffmpeg's last message, in one line.
    private func failureMessage(status: Int32) -> String {
        var text = ""
        if let file = fopen(log, "r") {
            var line = [CChar](repeating: 0, count: 4096)
            while fgets(&line, Int32(line.count), file) != nil {
                let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                let read = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
                if !read.isEmpty { text = read }
            }
            fclose(file)
        }
        let detail = text.isEmpty ? "it exited with status \(status)" : text
        return "ffmpeg could not write \(destination): \(detail)"
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
