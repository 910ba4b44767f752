/// A string an effect keeps once and draws part of (effect.h's text
/// `length`, since ABI 1.6): a typewriter's text, whose frame t draws its
/// first n characters, as SwiftUI's `Text(text.prefix(n))`. It costs the
/// string and one offset per character, however many prefixes are drawn.
/// Characters are grapheme clusters (`Graphemes.clusters`), so a prefix
/// never splits é or a family emoji.
public struct ClusteredString: Sendable, Equatable {
    public let string: CString
    /// Where each cluster ends, in bytes from the string's start.
    @usableFromInline let ends: [Int]

    @usableFromInline init(string: CString, ends: [Int]) {
        (self.string, self.ends) = (string, ends)
    }

    /// Its number of characters (grapheme clusters).
    @inlinable public var count: Int { ends.count }

    /// Its first `count` characters (all of it past its count, none below
    /// 0): the run a text item draws.
    @inlinable public func prefix(_ count: Int) -> CString.Run {
        clusters(0..<max(0, count))
    }

    /// Characters `range` (clamped to the string): a run of one of them,
    /// say, for a reveal that fades each character in on its own.
    @inlinable public func clusters(_ range: Range<Int>) -> CString.Run {
        let lower = min(max(range.lowerBound, 0), ends.count)
        let upper = min(max(range.upperBound, lower), ends.count)
        let start = lower == 0 ? 0 : ends[lower - 1]
        let end = upper == 0 ? 0 : ends[upper - 1]
        return CString.Run(
            string: string, offset: start, count: end - start, whole: lower == 0 && upper == ends.count, ends: ends)
    }
}

extension CString {
    /// Part of a string the kit keeps, drawn as one text item: its bytes
    /// `offset ..< offset + count`, whole characters. Made by
    /// `ClusteredString.prefix` and `clusters`; drawn by `Canvas.text`
    /// and `Text`, measured by `Canvas.measure`.
    public struct Run: Sendable {
        public let string: CString
        /// Bytes from the string's start to the run's.
        public let offset: Int
        /// The run's bytes.
        public let count: Int
        /// Whether the run is all of its string.
        public let whole: Bool
        /// Where each character of the whole string ends (its
        /// ClusteredString's, shared): where a measuring piece may be cut.
        @usableFromInline let ends: [Int]

        @usableFromInline init(string: CString, offset: Int, count: Int, whole: Bool, ends: [Int]) {
            (self.string, self.offset, self.count, self.whole, self.ends) = (string, offset, count, whole, ends)
        }

        /// Where a text item's `text` points: the run's first byte (the
        /// empty string's for an empty run, whose `length` 0 must mean
        /// nothing rather than all of its string).
        var start: UnsafePointer<CChar> { count == 0 ? CString.empty.pointer : string.pointer + offset }

        /// A text item's `length`: 0 for all of a string.
        var itemLength: UInt32 { whole || count == 0 ? 0 : UInt32(count) }
    }
}

extension StringPool {
    /// `text` interned, with where its characters end: for drawing its
    /// prefixes (or any run of its characters) without a copy of each.
    /// Call it when the model is built (it allocates), never in draw.
    public func clustered(_ text: String) -> ClusteredString {
        var ends: [Int] = []
        var end = 0
        for cluster in Graphemes.clusters(text) {
            end += cluster.utf8.count
            ends.append(end)
        }
        return ClusteredString(string: intern(text), ends: ends)
    }
}

extension CString.Run: Equatable {
    /// The same bytes of the same string (the character ends follow from the string).
    public static func == (a: Self, b: Self) -> Bool {
        a.string == b.string && a.offset == b.offset && a.count == b.count && a.whole == b.whole
    }
}
