import CEffect

/// The host's word segmenter and line breaker (effect.h's host text
/// services), kept for an instance's life: the host promises the struct
/// outlives the instance.
public struct TextSegmenter: @unchecked Sendable {
    private let segment: effect_segment_fn
    private let context: UnsafeMutableRawPointer?

    /// The services' segmenter, or nil when they offer none.
    init?(_ services: UnsafePointer<effect_host_services>) {
        guard let segment = services.pointee.segment else { return nil }
        self.segment = segment
        context = services.pointee.segment_context
    }

    /// For tests: a segmenter written in Swift, with the C signature.
    public init(_ segment: effect_segment_fn, context: UnsafeMutableRawPointer? = nil) {
        self.segment = segment
        self.context = context
    }

    /// The EFFECT_BREAK_* flags before each byte of `text`'s UTF-8 and
    /// after its last, or nil when the host cannot segment it.
    func flags(of text: String) -> [UInt8]? {
        var utf8 = Array(text.utf8)
        let count = utf8.count
        var flags = [UInt8](repeating: 0, count: count + 1)
        let status = utf8.withUnsafeMutableBytes { bytes in
            flags.withUnsafeMutableBufferPointer { out in
                segment(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt64(count), out.baseAddress)
            }
        }
        return status == Status.ok ? flags : nil
    }
}

/// Where the words of one text end in scripts written without spaces
/// (Chinese, Japanese, Thai, Lao, Khmer, Myanmar, Tibetan), from the host's
/// segmenter: a word there ends where a word boundary and an allowed row
/// break meet, so "。" stays with the word before it and a row never starts
/// with it. Text with spaces keeps the seed's rule: its words are what lies
/// between spaces, and a segmenter never cuts between two letters of a
/// spaced script ("well-known" stays one word).
public struct TextBreaks: Sendable {
    private let text: String
    /// Empty when nothing in the text needs the segmenter, or the host gave none.
    private let flags: [UInt8]

    /// Asks `segmenter` once, only when `text` has a letter of a script
    /// written without spaces.
    public init(_ text: String, segmenter: TextSegmenter?) {
        self.text = text
        let needed = segmenter != nil && text.unicodeScalars.contains(where: Self.isUnspaced)
        flags = needed ? segmenter?.flags(of: text) ?? [] : []
    }

    /// `token` (a slice of this text holding no white space) cut into its
    /// words; the token itself when nothing cuts it. Cuts fall only
    /// between grapheme clusters.
    public func words(of token: Substring) -> [Substring] {
        guard !flags.isEmpty, !token.isEmpty else { return [token] }
        let clusters = Graphemes.clusters(token)
        let both = UInt8(EFFECT_BREAK_WORD | EFFECT_BREAK_LINE)
        var words: [Substring] = []
        var start = token.startIndex
        var offset = text.utf8.distance(from: text.utf8.startIndex, to: token.startIndex)
        var local = 0
        for index in 1..<clusters.count {
            let length = clusters[index - 1].utf8.count
            offset += length
            local += length
            guard offset < flags.count, flags[offset] & both == both,
                Self.isUnspaced(clusters[index - 1]) || Self.isUnspaced(clusters[index])
            else { continue }
            let boundary = token.utf8.index(token.startIndex, offsetBy: local)
            words.append(token[start..<boundary])
            start = boundary
        }
        words.append(token[start..<token.endIndex])
        return words
    }

    private static func isUnspaced(_ cluster: Substring) -> Bool {
        cluster.unicodeScalars.first.map(isUnspaced) ?? false
    }

    /// Letters of scripts that write words without spaces between them,
    /// and the punctuation and full-width forms that go with them.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x0F00...0x0FFF,  // Tibetan
            0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F,  // Myanmar
            0x1780...0x17FF, 0x19E0...0x19FF,  // Khmer
            0x2E80...0x2FDF, 0x2FF0...0x303F,  // CJK radicals, description, symbols and punctuation
            0x3040...0x31FF,  // kana, bopomofo, kanbun, CJK strokes, katakana extensions
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // Han
            0xFE30...0xFE4F, 0xFF00...0xFFEF,  // CJK compatibility forms, full-width forms
            0x1B000...0x1B16F,  // kana supplement and extensions
            0x20000...0x3FFFF:  // Han, supplementary planes
            true
        default: false
        }
    }
}
