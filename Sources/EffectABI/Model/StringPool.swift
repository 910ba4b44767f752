import CEffect

/// A NUL-terminated UTF-8 string handed across the ABI. It stays valid as
/// long as the pool that made it.
///
/// Every one is made with the string's reference widths just before its
/// first byte, so drawing with the reference metrics costs arithmetic, not
/// a walk over the text, on every frame.
public struct CString: @unchecked Sendable, Equatable {
    public let pointer: UnsafePointer<CChar>

    // Private: a CString of any other memory would have no widths before it.
    private init(pointer: UnsafePointer<CChar>) {
        self.pointer = pointer
    }

    /// The empty string, valid forever.
    public static let empty = CString.make([])

    /// Bytes before the text: the reference widths.
    private static let header = 2 * MemoryLayout<Double>.stride

    /// A C string of `utf8` (valid UTF-8, no NUL), allocated with its
    /// header; freed with `release`.
    static func make(_ utf8: [UInt8]) -> CString {
        let base = UnsafeMutableRawPointer.allocate(
            byteCount: header + utf8.count + 1, alignment: MemoryLayout<Double>.alignment)
        let text = (base + header).bindMemory(to: CChar.self, capacity: utf8.count + 1)
        for (offset, byte) in utf8.enumerated() { text[offset] = CChar(bitPattern: byte) }
        text[utf8.count] = 0
        // Read off the header's own reference measure, so they cannot
        // drift from it: at size 1, weight 400 and no tracking its advance
        // is the text's width in ems, exactly; at size 0 and tracking 1,
        // the count of characters tracking widens.
        var probe = effect_text_metrics(advance: 0, ascent: 0, descent: 0)
        _ = effect_reference_measure(nil, text, 1, 400, 0, &probe)
        base.storeBytes(of: probe.advance, as: Double.self)
        _ = effect_reference_measure(nil, text, 0, 400, 1, &probe)
        base.storeBytes(of: probe.advance, toByteOffset: MemoryLayout<Double>.stride, as: Double.self)
        return CString(pointer: UnsafePointer(text))
    }

    func release() {
        (UnsafeMutableRawPointer(mutating: pointer) - Self.header).deallocate()
    }

    /// The text's width in ems at the reference metrics' weight 400, and
    /// how many of its characters tracking adds to (the reference measure's
    /// `thousandths / 1000` and `marks`).
    var referenceWidths: (ems: Double, marks: Double) {
        let base = UnsafeRawPointer(pointer) - Self.header
        return (base.load(as: Double.self), base.load(fromByteOffset: MemoryLayout<Double>.stride, as: Double.self))
    }
}

/// Interns strings as C strings that live until the pool is released: an
/// instance owns one, so every string it returns stays valid until destroy,
/// however often its model is rebuilt. It also holds what the host offered
/// the instance for its text: where words and row breaks fall.
public final class StringPool: @unchecked Sendable {
    private var strings: [String: CString] = [:]
    /// The host's segmenter, when it gave one to create_with_services.
    public let segmenter: TextSegmenter?

    public init(segmenter: TextSegmenter? = nil) {
        self.segmenter = segmenter
    }

    /// Where the words of `text` end in scripts written without spaces,
    /// as far as the host can tell (see `TextBreaks`).
    public func breaks(of text: String) -> TextBreaks {
        TextBreaks(text, segmenter: segmenter)
    }

    public func intern(_ string: String) -> CString {
        if string.isEmpty { return .empty }
        if let existing = strings[string] { return existing }
        let interned = CString.make(Array(string.utf8))
        strings[string] = interned
        return interned
    }

    /// A string interned earlier, for read-only paths that may run on many
    /// threads at once; "" if it never was.
    public func existing(_ string: String) -> CString {
        strings[string] ?? .empty
    }

    deinit {
        for string in strings.values { string.release() }
    }
}
