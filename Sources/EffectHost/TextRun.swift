import Glibc

/// A text item's run (effect.h's `length`, since ABI 1.6): the whole
/// NUL-terminated string when the length is 0, else its first `length`
/// bytes, which must lie before the NUL and end on a character boundary.
/// The one place that rule lives: the display-list reader (and so every
/// renderer, export, the C API and Python) and the validator read runs here.
enum TextRun {
    /// Why a run cannot be read.
    enum Problem: Error, Equatable, Sendable {
        /// The pointer is NULL, or the run is not UTF-8.
        case unreadable
        /// A NUL comes `bytes` bytes in, before the run's `length`.
        case pastTheEnd(length: UInt32, bytes: Int)
        /// `length` ends inside a UTF-8 sequence.
        case splitsACharacter(length: UInt32)

        /// What is wrong and how to put it right, after "text N whose".
        var description: String {
            switch self {
            case .unreadable: "is NULL or not UTF-8"
            case let .pastTheEnd(length, bytes):
                "length \(length) runs past its string, which ends after \(bytes) bytes; "
                    + "a length counts bytes of the string, at most all of them (0: the whole string)"
            case let .splitsACharacter(length):
                "length \(length) ends inside a character; end the run on a character boundary "
                    + "(best a grapheme's, where effect_kit_grapheme_next or Graphemes.clusters cuts)"
            }
        }
    }

    /// The run `pointer` and `length` name, read no further than `length`
    /// bytes (or `limit`, for a whole string).
    static func read(_ pointer: UnsafePointer<CChar>?, length: UInt32, limit: Int = 1 << 30) -> Result<String, Problem> {
        guard let pointer else { return .failure(.unreadable) }
        if length == 0 {
            return PluginString.read(pointer, limit: limit).map { .success($0) } ?? .failure(.unreadable)
        }
        let count = strnlen(pointer, Int(length))
        guard count == Int(length) else { return .failure(.pastTheEnd(length: length, bytes: count)) }
        if let text = String(validating: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self) {
            return .success(text)
        }
        // The string goes on past the run (no NUL within it), so the byte
        // after the run is the string's or its NUL: readable either way.
        guard UInt8(bitPattern: pointer[count]) & 0xC0 == 0x80 else { return .failure(.unreadable) }
        return .failure(.splitsACharacter(length: length))
    }
}
