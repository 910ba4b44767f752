import CEffect

/// Writes outcomes into the caller's optional effect_error.
enum ErrorReport {
    static func fail(_ failure: EffectFailure, _ error: UnsafeMutablePointer<effect_error>?) -> Int32 {
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

    /// Copies as much of the message as fits, cut at a character boundary
    /// so the result is still valid UTF-8.
    private static func write(_ status: Int32, _ message: String, _ error: UnsafeMutablePointer<effect_error>?) {
        guard let error, error.pointee.struct_size >= MemoryLayout<effect_error>.size else { return }
        error.pointee.status = status
        let capacity = Int(EFFECT_ERROR_MESSAGE_CAPACITY)
        let bytes = oneLine(message)
        var length = min(bytes.count, capacity - 1)
        if length < bytes.count {
            while length > 0, bytes[length] & 0xC0 == 0x80 { length -= 1 }
        }
        withUnsafeMutableBytes(of: &error.pointee.message) { buffer in
            for offset in 0..<length { buffer[offset] = bytes[offset] }
            buffer[length] = 0
        }
    }
}

/// The message's UTF-8 with every control character written out as
/// `\u{hex}`, the spelling effect-host's own output uses (a line feed is
/// `\u{a}`, an escape `\u{1b}`), so a name the caller passed cannot break
/// the message onto two lines or reach a terminal as a control sequence:
/// the header promises one line of text.
func oneLine(_ message: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(message.utf8.count)
    for scalar in message.unicodeScalars {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) {
            bytes.append(contentsOf: "\\u{\(String(value, radix: 16))}".utf8)
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }
    return bytes
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
