/// Text cut into user-perceived characters (UAX #29's extended grapheme
/// clusters): what a text effect animates as one character, so 👩‍👩‍👧‍👦, a
/// Devanagari syllable or a decomposed é is never split.
///
/// Swift's `Character` does the cutting, with one repair: its data misses
/// rule GB11 (an emoji ZWJ sequence stays whole) for hundreds of
/// Extended_Pictographic characters (✁‍✁, ☇‍☇), so a character that ends in
/// a zero-width joiner after a pictograph joins the pictograph after it.
public enum Graphemes {
    /// The clusters of `text`, in order.
    public static func clusters<S: StringProtocol>(_ text: S) -> [Substring] {
        let string = Substring(text)
        var clusters: [Substring] = []
        var start = string.startIndex
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(after: index)
            if index > start, !(joinsAcrossZWJ(string[start..<index], string[index])) {
                clusters.append(string[start..<index])
                start = index
            }
            index = next
        }
        if start < string.endIndex { clusters.append(string[start..<string.endIndex]) }
        return clusters
    }

    /// GB11: `before` ends in a pictograph, any Extend, and a ZWJ, and `character` starts with a pictograph.
    static func joinsAcrossZWJ(_ before: Substring, _ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, isExtendedPictographic(first) else { return false }
        var scalars = before.unicodeScalars.reversed().makeIterator()
        guard scalars.next() == "\u{200D}" else { return false }
        while let scalar = scalars.next() {
            if isExtend(scalar) { continue }
            return isExtendedPictographic(scalar)
        }
        return false
    }

    /// Grapheme_Cluster_Break=Extend, as far as GB11 needs it: marks,
    /// variation selectors, emoji modifiers and tags.
    static func isExtend(_ scalar: Unicode.Scalar) -> Bool {
        if ScalarProperties.isMark(scalar) { return true }
        switch scalar.value {
        case 0x200C, 0xFE00...0xFE0F, 0x1_F3FB...0x1_F3FF, 0xE_0020...0xE_007F: return true
        default: return false
        }
    }

    /// Extended_Pictographic, from Unicode 15.0's emoji-data.txt (adjacent ranges merged).
    static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0xA9 else { return false }
        var low = 0
        var high = pictographs.count
        while low < high {
            let middle = (low + high) / 2
            if pictographs[middle].upperBound < value { low = middle + 1 } else { high = middle }
        }
        return low < pictographs.count && pictographs[low].contains(value)
    }

    private static let pictographs: [ClosedRange<UInt32>] = [
        0x00A9...0x00A9, 0x00AE...0x00AE, 0x203C...0x203C, 0x2049...0x2049, 0x2122...0x2122, 0x2139...0x2139,
        0x2194...0x2199, 0x21A9...0x21AA, 0x231A...0x231B, 0x2328...0x2328, 0x2388...0x2388, 0x23CF...0x23CF,
        0x23E9...0x23F3, 0x23F8...0x23FA, 0x24C2...0x24C2, 0x25AA...0x25AB, 0x25B6...0x25B6, 0x25C0...0x25C0,
        0x25FB...0x25FE, 0x2600...0x2605, 0x2607...0x2612, 0x2614...0x2685, 0x2690...0x2705, 0x2708...0x2712,
        0x2714...0x2714, 0x2716...0x2716, 0x271D...0x271D, 0x2721...0x2721, 0x2728...0x2728, 0x2733...0x2734,
        0x2744...0x2744, 0x2747...0x2747, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757,
        0x2763...0x2767, 0x2795...0x2797, 0x27A1...0x27A1, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2934...0x2935,
        0x2B05...0x2B07, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x3030...0x3030, 0x303D...0x303D,
        0x3297...0x3297, 0x3299...0x3299, 0x1_F000...0x1_F0FF, 0x1_F10D...0x1_F10F, 0x1_F12F...0x1_F12F,
        0x1_F16C...0x1_F171, 0x1_F17E...0x1_F17F, 0x1_F18E...0x1_F18E, 0x1_F191...0x1_F19A, 0x1_F1AD...0x1_F1E5,
        0x1_F201...0x1_F20F, 0x1_F21A...0x1_F21A, 0x1_F22F...0x1_F22F, 0x1_F232...0x1_F23A, 0x1_F23C...0x1_F23F,
        0x1_F249...0x1_F3FA, 0x1_F400...0x1_F53D, 0x1_F546...0x1_F64F, 0x1_F680...0x1_F6FF, 0x1_F774...0x1_F77F,
        0x1_F7D5...0x1_F7FF, 0x1_F80C...0x1_F80F, 0x1_F848...0x1_F84F, 0x1_F85A...0x1_F85F, 0x1_F888...0x1_F88F,
        0x1_F8AE...0x1_F8FF, 0x1_F90C...0x1_F93A, 0x1_F93C...0x1_F945, 0x1_F947...0x1_FAFF, 0x1_FC00...0x1_FFFD,
    ]
}
