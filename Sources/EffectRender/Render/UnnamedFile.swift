import EffectHost
import Glibc

/// Descriptors for a render's helpers that nothing can outlive or leak:
/// files with no name, which vanish when the last descriptor closes
/// however the process ends, and pipes; all close-on-exec from the moment
/// they exist, so a process started on another thread meanwhile cannot
/// inherit them (an inherited write end keeps an ffmpeg waiting for ever).
enum UnnamedFile {
    /// The temporary directory: $TMPDIR, else /tmp.
    static var directory: String {
        let environment = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return environment.isEmpty ? "/tmp" : environment
    }

    /// A new empty file, open to read and write, with no name in `directory`.
    static func create(in directory: String = directory) throws -> Int32 {
        let unnamed: Int32 = 0o20_000_000 | O_DIRECTORY  // O_TMPFILE, declared only under _GNU_SOURCE
        var file = open(directory, unnamed | O_RDWR | O_CLOEXEC, 0o600)
        if file < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL) {
            // A file system without O_TMPFILE: a fresh name, unlinked at once.
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<100 {
                let path = directory + "/effect-host-" + String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 16)
                file = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if file >= 0 { unlink(path) }
                if file >= 0 || errno != EEXIST { break }
            }
        }
        guard file >= 0 else { throw RenderError("cannot make a temporary file in \(directory): \(SystemError.reason(errno))") }
        return file
    }

    /// Everything the file at `descriptor` holds.
    static func contents(of descriptor: Int32) throws -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw RenderError("cannot read a temporary file: \(SystemError.reason(errno))") }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + offset, $0.count - offset, off_t(offset)) }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { throw RenderError("cannot read a temporary file: \(SystemError.reason(read < 0 ? errno : EIO))") }
            offset += read
        }
        return bytes
    }

    /// A pipe's read and write ends, close-on-exec, or nil.
    static func pipe() -> (read: Int32, write: Int32)? {
        // pipe2 is declared only under _GNU_SOURCE, which Swift's Glibc does not set.
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return nil }
        var ends: [Int32] = [-1, -1]
        guard unsafeBitCast(symbol, to: Pipe2.self)(&ends, O_CLOEXEC) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// A copy of `descriptor` at 10 or above (close-on-exec), so that the
    /// low numbers a child is given cannot be overwritten by one another's
    /// moves; -1 if it cannot be made.
    static func copyAbove(_ descriptor: Int32) -> Int32 {
        let duplicateAbove: Int32 = 1030  // F_DUPFD_CLOEXEC, declared only under _GNU_SOURCE
        return fcntl(descriptor, duplicateAbove, Int32(10))
    }
}
