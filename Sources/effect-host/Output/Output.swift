import EffectHost
import Glibc

/// Buffered writes to a file descriptor, so a frame goes out in one
/// write(2) instead of one per number. Used by one thread at a time: the
/// main thread, or the player's queue while the main thread waits.
final class Output: @unchecked Sendable {
    static let standard = Output(descriptor: StandardOutput.descriptor)
    static let error = Output(descriptor: STDERR_FILENO)

    struct Closed: Error {}

    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    var isTerminal: Bool { isatty(descriptor) == 1 }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try? flush() }
    }

    /// Writes for a stream of frames: throws once the reader has gone away,
    /// so the run stops instead of rendering into nothing.
    func stream(_ text: String, flushNow: Bool) throws {
        guard !isClosed else { throw Closed() }
        buffer.append(contentsOf: text.utf8)
        if flushNow || buffer.count >= 1 << 16 { try flush() }
    }

    func stream(_ bytes: [UInt8], flushNow: Bool) throws {
        guard !isClosed else { throw Closed() }
        buffer.append(contentsOf: bytes)
        if flushNow || buffer.count >= 1 << 16 { try flush() }
    }

    private(set) var isClosed = false

    func line(_ text: String = "") {
        write(text)
        write("\n")
    }

    /// Writes everything buffered; throws once the reader has gone away.
    func flush() throws {
        defer { buffer.removeAll(keepingCapacity: true) }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                isClosed = true
                throw Closed()
            }
            offset += written
        }
    }
}
