import EffectHost
import Glibc

/// Frames of one size kept on disk for a second pass over them, in a file
/// with no name in the temporary directory ($TMPDIR, else /tmp), so it
/// vanishes when closed or when the process ends, however it ends. Reads
/// of different frames may go on at once from several threads.
final class FrameSpool: @unchecked Sendable {
    let frameBytes: Int
    private(set) var count = 0
    private let descriptor: Int32
    private let directory: String

    init(frameBytes: Int) throws {
        self.frameBytes = frameBytes
        directory = UnnamedFile.directory
        descriptor = try UnnamedFile.create(in: directory)
    }

    deinit { close(descriptor) }

    /// Adds a frame at the end.
    func append(_ frame: UnsafeRawBufferPointer) throws {
        precondition(frame.count == frameBytes)
        var offset = 0
        while offset < frame.count {
            let written = pwrite(descriptor, frame.baseAddress! + offset, frame.count - offset, off_t(count * frameBytes + offset))
            if written < 0 {
                if errno == EINTR { continue }
                throw RenderError("cannot keep frames in \(directory): \(SystemError.reason(errno))")
            }
            offset += written
        }
        count += 1
    }

    /// Frame `index` (from 0) into `buffer`, which holds `frameBytes`.
    func read(_ index: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        precondition(index < count && buffer.count >= frameBytes)
        var offset = 0
        while offset < frameBytes {
            let read = pread(descriptor, buffer.baseAddress! + offset, frameBytes - offset, off_t(index * frameBytes + offset))
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else {
                throw RenderError("cannot read back the frames kept in \(directory): \(SystemError.reason(read < 0 ? errno : EIO))")
            }
            offset += read
        }
    }
}
