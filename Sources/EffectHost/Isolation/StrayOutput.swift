import Glibc

/// Descriptor 1 pointed at an unlinked file while plugin code runs, so
/// what it prints there can be named; pointed back where it was when this
/// goes away.
public final class StrayOutput {
    private let file: UnsafeMutablePointer<FILE>?
    private let saved: Int32

    public init() {
        fflush(nil)
        saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        file = tmpfile()
        if let file { dup2(fileno(file), STDOUT_FILENO) }
    }

    deinit {
        fflush(nil)
        if saved >= 0 {
            dup2(saved, STDOUT_FILENO)
            close(saved)
        }
        if let file { fclose(file) }
    }

    /// The first bytes printed, quoted, or nil when nothing was.
    public func text() -> String? {
        guard let file else { return nil }
        // What a plugin printf'd without flushing still sits in stdio's buffer.
        fflush(nil)
        let descriptor = fileno(file)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 60)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        var shown = String(decoding: bytes.prefix(max(0, got)), as: UTF8.self)
        while shown.last?.isNewline == true { shown.removeLast() }
        let more = Int(status.st_size) > max(0, got) ? "…" : ""
        return "\(status.st_size) byte\(status.st_size == 1 ? "" : "s"): '\(Terminal.sanitize(shown))\(more)'"
    }
}
