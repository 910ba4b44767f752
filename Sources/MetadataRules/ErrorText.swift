/// How a message is written into a caller's effect_error: one line, cut
/// to fit at a character boundary. The kit writes a plugin's errors and
/// the host library its own by this one rule.
public enum ErrorText {
    /// Stores `message` in `buffer` as NUL-terminated UTF-8: every control
    /// character written out as `\u{hex}` (the spelling effect-host's own
    /// output uses), so a name the caller passed cannot break the message
    /// onto two lines or reach a terminal as a control sequence; as much
    /// as fits, cut where a character starts, so it is still valid UTF-8.
    public static func store(_ message: String, in buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count > 0 else { return }
        let bytes = oneLineBytes(message)
        var length = min(bytes.count, buffer.count - 1)
        if length < bytes.count {
            while length > 0, bytes[length] & 0xC0 == 0x80 { length -= 1 }
        }
        for offset in 0..<length { buffer[offset] = bytes[offset] }
        buffer[length] = 0
    }

    /// `message` as one line of text, control characters written out.
    public static func oneLine(_ message: String) -> String {
        String(decoding: oneLineBytes(message), as: UTF8.self)
    }

    static func oneLineBytes(_ message: String) -> [UInt8] {
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
}
