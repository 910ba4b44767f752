/// How a letter of a cursive script (Arabic, Syriac, N'Ko, Mongolian …)
/// connects to its neighbours: Unicode's Joining_Type, from
/// ArabicShaping.txt (`listed`, generated), marks and format characters
/// being transparent and everything else joining nothing.
public enum JoiningType: Sendable {
    case right, left, dual, causing, none, transparent

    public static func of(_ scalar: Unicode.Scalar) -> JoiningType {
        switch scalar.value {
        case 0x200D: return .causing  // ZERO WIDTH JOINER
        case 0x200C: return .none  // ZERO WIDTH NON-JOINER
        default: break
        }
        var (low, high) = (0, listed.count)
        while low < high {
            let middle = (low + high) / 2
            if listed[middle].last < scalar.value { low = middle + 1 } else { high = middle }
        }
        if low < listed.count, listed[low].first <= scalar.value { return listed[low].type }
        return ScalarProperties.isMark(scalar) || ScalarProperties.isFormat(scalar) ? .transparent : .none
    }

    /// Whether it connects to the letter after it, in reading order.
    var joinsFollowing: Bool { self == .dual || self == .left || self == .causing }
    /// Whether it connects to the letter before it.
    var joinsPreceding: Bool { self == .dual || self == .right || self == .causing }
}

/// A word's characters drawn one by one yet joined, as the word draws
/// them: each gets a zero-width joiner (U+200D) on each side where its
/// letter connects to its neighbour's, so a shaper gives it the initial,
/// medial or final form it has in the word (Arabic's م of مرحبا stays
/// initial when drawn alone) instead of the isolated one.
public enum CursiveJoining {
    /// `word` cut into what can be drawn one at a time: its grapheme
    /// clusters, except that a lam and the alef after it stay one, since
    /// Arabic always writes that pair as the ligature لا (Unicode encodes it
    /// as four presentation forms, U+FEF5–U+FEFC) and no shaper draws the
    /// two apart once they touch.
    public static func characters<S: StringProtocol>(of word: S) -> [Substring] {
        var characters: [Substring] = []
        for cluster in Graphemes.clusters(word) {
            if let last = characters.last, formsLigature(last, cluster) {
                characters[characters.count - 1] = last.base[last.startIndex..<cluster.endIndex]
            } else {
                characters.append(cluster)
            }
        }
        return characters
    }

    /// A lam (with any marks) followed by alef, alef with madda, or alef with hamza above or below.
    static func formsLigature(_ before: Substring, _ after: Substring) -> Bool {
        guard before.unicodeScalars.first == "\u{0644}",
            before.unicodeScalars.dropFirst().allSatisfy({ JoiningType.of($0) == .transparent }),
            let alef = after.unicodeScalars.first
        else { return false }
        return ["\u{0622}", "\u{0623}", "\u{0625}", "\u{0627}"].contains(alef)
    }

    /// `clusters` (a word's grapheme clusters, in order) as they are drawn
    /// one at a time; the same strings where nothing connects (Latin).
    public static func joined(_ clusters: [Substring]) -> [String] {
        var drawn = clusters.map(String.init)
        guard clusters.count > 1 else { return drawn }
        for index in 1..<clusters.count where connects(clusters[index - 1], clusters[index]) {
            drawn[index - 1] += "\u{200D}"
            drawn[index] = "\u{200D}" + drawn[index]
        }
        return drawn
    }

    /// Whether the last letter of `before` and the first of `after` join.
    static func connects(_ before: Substring, _ after: Substring) -> Bool {
        let last = before.unicodeScalars.reversed().lazy.map(JoiningType.of).first { $0 != .transparent }
        let first = after.unicodeScalars.lazy.map(JoiningType.of).first { $0 != .transparent }
        return (last?.joinsFollowing ?? false) && (first?.joinsPreceding ?? false)
    }
}
