import Glibc

/// Whole files written for the user: to a temporary name beside the
/// target, then renamed, so a failed or interrupted write never leaves a
/// half-written picture under the name asked for.
enum Files {
    static func write(_ text: String, to path: String) throws(RuntimeError) {
        let temporary = path + ".partial-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot write \(path)") }
        var bytes = Array(text.utf8)
        var offset = 0
        var failed = false
        bytes.withUnsafeMutableBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += written
            }
        }
        let writeError = errno
        if close(descriptor) != 0 { failed = true }
        guard !failed, rename(temporary, path) == 0 else {
            unlink(temporary)
            errno = writeError
            throw failure("cannot write \(path)")
        }
        bytes.removeAll()
    }

    /// Creates `path` as a directory unless it is one already.
    static func makeDirectory(_ path: String) throws(RuntimeError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw RuntimeError("\(Terminal.sanitize(path)) exists and is not a directory")
            }
            return
        }
        guard mkdir(path, 0o755) == 0 else { throw failure("cannot create the directory \(path)") }
    }

    private static func failure(_ what: String) -> RuntimeError {
        RuntimeError("\(Terminal.sanitize(what)): \(String(cString: strerror(errno)))")
    }
}
