import CEffect
import MetadataRules

/// Writes outcomes into the caller's optional effect_error.
enum ErrorReport {
    /// A thrown status that is not an error code (0 or positive) would tell
    /// the host "done" with nothing made, so it becomes INTERNAL and says so.
    static func fail(_ failure: EffectFailure, _ error: UnsafeMutablePointer<effect_error>?) -> Int32 {
        guard failure.status < 0 else {
            let message = "the effect threw EffectFailure with status \(failure.status), which is not an error code "
                + "(use a negative Status such as Status.range): \(failure.message)"
            write(Status.internal, message, error)
            return Status.internal
        }
        write(failure.status, failure.message, error)
        return failure.status
    }

    /// A failure whose message is only built when there is somewhere to
    /// write it, so sampling with a NULL error allocates nothing even when
    /// it fails. Never inlined: kept out of line, the failure paths leave
    /// the sampling callbacks small enough to inline into their C thunks.
    @inline(never)
    static func fail(
        _ status: Int32, _ error: UnsafeMutablePointer<effect_error>?, _ message: () -> String
    ) -> Int32 {
        guard let error, error.pointee.struct_size >= MemoryLayout<effect_error>.size else { return status }
        write(status, message(), error)
        return status
    }

    static func succeed(_ error: UnsafeMutablePointer<effect_error>?) -> Int32 {
        guard let error, error.pointee.struct_size >= MemoryLayout<effect_error>.size else { return Status.ok }
        error.pointee.status = Status.ok
        error.pointee.message.0 = 0
        return Status.ok
    }

    private static func write(_ status: Int32, _ message: String, _ error: UnsafeMutablePointer<effect_error>?) {
        guard let error, error.pointee.struct_size >= MemoryLayout<effect_error>.size else { return }
        error.pointee.status = status
        withUnsafeMutableBytes(of: &error.pointee.message) { ErrorText.store(message, in: $0) }
    }
}

/// Copies a filled struct into the caller's, after checking the caller's
/// struct_size, and records how many bytes were filled: a caller built
/// against an older header gets the fields its struct has, and no more.
enum OutStruct {
    /// `minimumSize` is the struct's size in ABI 1.0; by default the
    /// struct has not grown since.
    static func write<T>(
        _ value: T, to out: UnsafeMutablePointer<T>?, named name: String, minimumSize: Int = MemoryLayout<T>.size
    ) throws(EffectFailure) {
        guard let out else { throw .null("out") }
        let given = Int(UnsafeRawPointer(out).load(as: UInt32.self))
        guard given >= minimumSize else { throw .structTooSmall(name, UInt32(given), minimumSize) }
        let size = min(given, MemoryLayout<T>.size)
        var copy = value
        withUnsafeBytes(of: &copy) { bytes in
            UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: size)
        }
        UnsafeMutableRawPointer(out).storeBytes(of: UInt32(size), as: UInt32.self)
    }
}
