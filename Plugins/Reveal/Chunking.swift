import EffectABI

/// What animates as one: a character, a word or a line (the `unit` param).
enum RevealUnit: String, ParamChoice {
    case characters, words, lines
}

/// What never breaks across rows: a word, a highlighted phrase or a line,
/// as its units.
struct RevealChunk: Equatable {
    /// The chunk's words, each as its units' texts.
    var words: [[String]]
    var highlighted: Bool
    /// The index of the chunk's first unit.
    var firstUnit: Int
    /// Per word, whether it follows the word before with no space between
    /// (words of Chinese, Japanese or Thai, cut from one run of text); the
    /// first word's entry says the same of the chunk before, in its row.
    var joined: [Bool]
    /// Whether the chunk follows the one before with no gap between: its
    /// first word's `joined`, kept apart so drawing reads a stored Bool.
    let joinsPrevious: Bool

    init(words: [[String]], highlighted: Bool, firstUnit: Int, joined: [Bool]) {
        self.words = words
        self.highlighted = highlighted
        self.firstUnit = firstUnit
        self.joined = joined
        joinsPrevious = joined.first ?? false
    }

    var unitCount: Int { words.reduce(0) { $0 + $1.count } }
    var lastUnit: Int { firstUnit + unitCount - 1 }
    /// The chunk as one line of text: its words joined by single spaces, or by nothing where they join.
    var text: String {
        words.indices.map { index in (index > 0 && !joined[index] ? " " : "") + words[index].joined() }.joined()
    }
}

/// How Text Reveal cuts its text, exactly as the seed's `chunks` does: into
/// chunks, each made of units, numbered in reading order across all chunks.
enum Chunking {
    /// Highlight phrases travel in one string param, separated by `|`.
    static let phraseSeparator: Character = "|"

    /// `strings` holds the host's segmenter: the words of scripts written
    /// without spaces come from it (see `TextBreaks`). Also answers the
    /// highlight phrases whose words occur nowhere in the text, as given
    /// (trimmed), for the instance's note: nothing shows they were asked for.
    static func chunks(of text: String, unit: RevealUnit, highlights: String, strings: StringPool)
        -> (chunks: [RevealChunk], unmatched: [String])
    {
        var chunks: [RevealChunk] = []
        var unmatched: [String] = []
        var next = 0
        func pieces(_ word: Substring) -> [String] {
            unit == .characters ? CursiveJoining.characters(of: word).map { String($0) } : [String(word)]
        }
        func append(_ words: [[String]], highlighted: Bool, joined: [Bool]) {
            let chunk = RevealChunk(words: words, highlighted: highlighted, firstUnit: next, joined: joined)
            next += chunk.unitCount
            chunks.append(chunk)
        }
        switch unit {
        case .lines:
            // Every line break Character knows: "\n", "\r\n" (one Character), "\r", U+2028 …
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: ScalarProperties.isNewline) {
                append([[String(line)]], highlighted: false, joined: [false])
            }
        case .words, .characters:
            let (words, joined) = Self.words(of: text, strings: strings)
            let given = highlights.split(separator: phraseSeparator, omittingEmptySubsequences: true)
                .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            let phrases = given.map { Self.words(of: String($0), strings: strings).words.map(normalized) }
            let normalizedWords = words.map(normalized)
            for (phrase, words) in zip(given, phrases) where !Self.occurs(words, in: normalizedWords) {
                unmatched.append(String(phrase))
            }
            // Phrases by their first word, so each word is checked only
            // against the phrases that could start there.
            var byFirstWord: [String: [[String]]] = [:]
            for phrase in phrases where !phrase.isEmpty { byFirstWord[phrase[0], default: []].append(phrase) }
            var index = 0
            while index < words.count {
                // The longest phrase that starts at this word wins.
                let match = (byFirstWord[normalizedWords[index]] ?? []).filter { phrase in
                    index + phrase.count <= words.count
                        && normalizedWords[index..<(index + phrase.count)].elementsEqual(phrase)
                }.map { $0.count }.max()
                let length = match ?? 1
                append(
                    words[index..<(index + length)].map(pieces), highlighted: match != nil,
                    joined: Array(joined[index..<(index + length)]))
                index += length
            }
        }
        return (chunks, unmatched)
    }

    /// Whether `phrase` (normalized words) occurs in `words`: a phrase with
    /// no letters or digits never does.
    static func occurs(_ phrase: [String], in words: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        return (0...(words.count - phrase.count)).contains { words[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }

    /// The text's words in order: what lies between white space, and in
    /// scripts written without spaces the segmenter's words, each marked
    /// when it follows the one before with no space.
    static func words(of text: String, strings: StringPool) -> (words: [Substring], joined: [Bool]) {
        let breaks = strings.breaks(of: text)
        var words: [Substring] = []
        var joined: [Bool] = []
        for token in text.split(whereSeparator: ScalarProperties.isWhitespace) {
            for (index, word) in breaks.words(of: token).enumerated() {
                words.append(word)
                joined.append(index > 0)
            }
        }
        return (words, joined)
    }

    /// Lowercased, with everything but letters and digits dropped.
    static func normalized(_ word: Substring) -> String {
        ScalarProperties.lowercased(word).filter { ScalarProperties.isLetter($0) || ScalarProperties.isNumber($0) }
    }
}

extension Substring {
    /// Without the white space at either end.
    func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !ScalarProperties.isWhitespace($0) }), let last = lastIndex(where: { !ScalarProperties.isWhitespace($0) }) else { return "" }
        return self[first...last]
    }
}
