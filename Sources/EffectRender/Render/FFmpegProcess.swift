import EffectHost
import Glibc

/// One ffmpeg run as a subprocess, fed raw frames on its standard input
/// through a pipe. It runs in a process group of its own: Ctrl-C reaches
/// effect-host, which stops it. Its messages go to a file of their own, and
/// the last one is what a failure says. One thread at a time uses one.
final class FFmpegProcess: @unchecked Sendable {
    /// The file the user asked for, which every message names (ffmpeg may
    /// be writing a part of it under another name).
    let destination: String
    private let pid: pid_t
    private let input: Int32
    /// The write end of ffmpeg's descriptor 3 (`pipe:3`), if asked for.
    private var sideInput: Int32 = -1
    private let log: String
    private var done = false

    /// The input options for frames of `width` × `height` straight-alpha
    /// BGRA at `fps`, read from standard input.
    static func rawInput(width: Int, height: Int, fps: Double) -> [String] {
        ["-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-framerate", SVG.number(fps), "-i", "pipe:0"]
    }

    /// Starts `ffmpeg` with `arguments` (everything after the program's
    /// name and its quiet options). `frameBytes` sizes the pipe: a frame
    /// crosses it in one or two fills, not a wake-up of each side every
    /// 64 KiB. With `withSideInput`, ffmpeg's descriptor 3 is a second pipe
    /// (`pipe:3`), for a small input sent once with `send`.
    init(_ ffmpeg: String, arguments: [String], frameBytes: Int, withSideInput: Bool = false, destination: String) throws {
        self.destination = destination
        var logTemplate = Array("/tmp/effect-host-ffmpeg-XXXXXX".utf8CString)
        let logFile = logTemplate.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard logFile >= 0 else {
            throw RenderError("cannot make a temporary file for ffmpeg's messages: \(SystemError.reason(errno))")
        }
        log = String(decoding: logTemplate.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(logFile)
            unlink(log)
            throw RenderError("cannot open a pipe to ffmpeg")
        }
        // Neither end may stay open in ffmpeg past the dup2 onto its stdin:
        // a write end there would keep it waiting for more frames for ever.
        // (Start one ffmpeg at a time: another thread's spawn between
        // pipe and fcntl would inherit these ends.)
        _ = fcntl(logFile, F_SETFD, FD_CLOEXEC)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A larger pipe is a request: an unprivileged process may be held
        // to /proc/sys/fs/pipe-max-size, and 64 KiB still works.
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, declared only under _GNU_SOURCE
        _ = fcntl(ends[1], setPipeSize, Int32(min(max(frameBytes, 1 << 16), 1 << 20)))
        // The side pipe's read end is moved above 3 first: a dup2 onto
        // itself would leave it close-on-exec.
        var side: [Int32] = [-1, -1]
        if withSideInput {
            var pair: [Int32] = [0, 0]
            guard pipe(&pair) == 0 else {
                for end in ends { close(end) }
                close(logFile)
                unlink(log)
                throw RenderError("cannot open a pipe to ffmpeg")
            }
            let duplicateAbove: Int32 = 1030  // F_DUPFD_CLOEXEC, declared only under _GNU_SOURCE
            side = [fcntl(pair[0], duplicateAbove, Int32(10)), pair[1]]
            close(pair[0])
            guard side[0] >= 0 else {
                for end in ends + [side[1]] { close(end) }
                close(logFile)
                unlink(log)
                throw RenderError("cannot open a pipe to ffmpeg")
            }
            _ = fcntl(side[1], F_SETFD, FD_CLOEXEC)
        }
        defer { if side[0] >= 0 { close(side[0]) } }
        let argumentsWithProgram = [ffmpeg, "-hide_banner", "-loglevel", "error", "-nostats", "-y"] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logFile, STDERR_FILENO)
        if side[0] >= 0 { posix_spawn_file_actions_adddup2(&actions, side[0], 3) }
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
        close(ends[0])
        close(logFile)
        guard spawned == 0 else {
            close(ends[1])
            if side[1] >= 0 { close(side[1]) }
            unlink(log)
            throw RenderError("cannot start ffmpeg: \(SystemError.reason(spawned))")
        }
        pid = child
        input = ends[1]
        sideInput = side[1]
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
                unlink(log)
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
        defer { unlink(log) }
        guard status == 0 else { throw RenderError(failureMessage(status: status)) }
    }

    /// Stops ffmpeg (an interruption or an error elsewhere).
    func abandon() {
        guard !done else { return }
        done = true
        _ = stop()
        unlink(log)
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
