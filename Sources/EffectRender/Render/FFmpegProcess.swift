import EffectHost
import Glibc

/// One ffmpeg run as a subprocess, fed raw frames on its standard input
/// through a pipe. It runs in a process group of its own: Ctrl-C reaches
/// effect-host, which stops it. Its messages go to a file with no name,
/// and the last one is what a failure says. One thread at a time uses one.
final class FFmpegProcess: @unchecked Sendable {
    /// The file the user asked for, which every message names (ffmpeg may
    /// be writing a part of it elsewhere).
    let destination: String
    private let pid: pid_t
    private let input: Int32
    /// The write end of ffmpeg's descriptor 3 (`pipe:3`), if asked for.
    private var sideInput: Int32 = -1
    private let log: Int32
    private var done = false

    /// The input options for frames of `width` × `height` straight-alpha
    /// BGRA at `fps`, read from standard input.
    static func rawInput(width: Int, height: Int, fps: Double) -> [String] {
        ["-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-framerate", SVG.number(fps), "-i", "pipe:0"]
    }

    /// Starts `ffmpeg` with `arguments` (everything after the program's
    /// name and its quiet options). `frameBytes` sizes the pipe: a frame
    /// crosses it in one or two fills, not a wake-up of each side every
    /// 64 KiB. With `withSideInput`, ffmpeg's descriptor 3 is a second
    /// pipe (`pipe:3`), for a small input sent once with `send`; `output`,
    /// a file of the caller's, is ffmpeg's descriptor 4 (`pipe:4`).
    init(
        _ ffmpeg: String, arguments: [String], frameBytes: Int, withSideInput: Bool = false, output: Int32? = nil,
        destination: String
    ) throws {
        self.destination = destination
        // Every descriptor the child gets is raised above 10 first, so no
        // dup2 onto 0, 2, 3 or 4 can overwrite another still to be moved.
        var given: [Int32] = []
        /// A copy above 10 for the child, closed once it is started; with
        /// `moving`, the original is closed now.
        func raise(_ descriptor: Int32, moving: Bool = false) throws -> Int32 {
            let copy = UnnamedFile.copyAbove(descriptor)
            let code = errno
            if moving { close(descriptor) }
            guard copy >= 0 else { throw RenderError("cannot start ffmpeg: \(SystemError.reason(code))") }
            given.append(copy)
            return copy
        }
        defer { for descriptor in given { close(descriptor) } }
        var kept: [Int32] = []
        do {
            // Its messages are small: /tmp when the temporary directory asked for is unusable.
            let logFile = try (try? UnnamedFile.create()) ?? UnnamedFile.create(in: "/tmp")
            kept.append(logFile)
            guard let frames = UnnamedFile.pipe() else { throw RenderError("cannot open a pipe to ffmpeg: \(SystemError.reason(errno))") }
            kept.append(frames.write)
            let framesRead = try raise(frames.read, moving: true)
            // A larger pipe is a request: an unprivileged process may be held
            // to /proc/sys/fs/pipe-max-size, and 64 KiB still works.
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, declared only under _GNU_SOURCE
            _ = fcntl(frames.write, setPipeSize, Int32(min(max(frameBytes, 1 << 16), 1 << 20)))
            var sideRead: Int32 = -1
            var sideWrite: Int32 = -1
            if withSideInput {
                guard let side = UnnamedFile.pipe() else { throw RenderError("cannot open a pipe to ffmpeg: \(SystemError.reason(errno))") }
                sideWrite = side.write
                kept.append(side.write)
                sideRead = try raise(side.read, moving: true)
            }
            let logChild = try raise(logFile)
            let outputChild = try output.map { try raise($0) }
            let argumentsWithProgram = [ffmpeg, "-hide_banner", "-loglevel", "error", "-nostats", "-y"] + arguments
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, framesRead, STDIN_FILENO)
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, logChild, STDERR_FILENO)
            if sideRead >= 0 { posix_spawn_file_actions_adddup2(&actions, sideRead, 3) }
            if let outputChild { posix_spawn_file_actions_adddup2(&actions, outputChild, 4) }
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
            var argv = argumentsWithProgram.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var child: pid_t = 0
            let spawned = posix_spawn(&child, ffmpeg, &actions, &attributes, &argv, environ)
            guard spawned == 0 else { throw RenderError("cannot start ffmpeg: \(SystemError.reason(spawned))") }
            pid = child
            input = frames.write
            sideInput = sideWrite
            log = logFile
        } catch {
            for descriptor in kept { close(descriptor) }
            throw error
        }
    }

    deinit { if !done { abandon() } }

    /// Sends bytes on ffmpeg's standard input. If ffmpeg has gone, throws
    /// why, and it is over.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        try write(bytes, to: input)
    }

    /// Sends the whole side input and closes it.
    func send(_ bytes: [UInt8]) throws {
        precondition(sideInput >= 0, "ffmpeg was started without a side input")
        try bytes.withUnsafeBytes { try write($0, to: sideInput) }
        close(sideInput)
        sideInput = -1
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard !done else { throw RenderError("ffmpeg has already finished \(destination)") }
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
            let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                done = true
                let message = failureMessage(status: stop())
                close(log)
                throw RenderError(message)
            }
            offset += count
        }
    }

    /// Ends the input and waits for ffmpeg; throws its last message if it failed.
    func finish() throws {
        guard !done else { throw RenderError("ffmpeg has already finished \(destination)") }
        done = true
        closeInputs()
        let status = wait()
        defer { close(log) }
        guard status == 0 else { throw RenderError(failureMessage(status: status)) }
    }

    /// Stops ffmpeg (an interruption or an error elsewhere).
    func abandon() {
        guard !done else { return }
        done = true
        _ = stop()
        close(log)
    }

    private func stop() -> Int32 {
        closeInputs()
        kill(pid, SIGTERM)
        return wait()
    }

    private func closeInputs() {
        close(input)
        if sideInput >= 0 { close(sideInput) }
        sideInput = -1
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
        let text = (try? UnnamedFile.contents(of: log)).map { bytes in
            String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace }.last { !$0.isEmpty }
        } ?? nil
        let detail = text.map(String.init) ?? "it exited with status \(status)"
        return "ffmpeg could not write \(destination): \(detail)"
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: Substring {
        var scalars = self
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return scalars
    }
}
