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

    var unitCount: Int { words.reduce(0) { $0 + $1.count } }
    var lastUnit: Int { firstUnit + unitCount - 1 }
    /// The chunk as one line of text: its words joined by single spaces.
    var text: String { words.map { $0.joined() }.joined(separator: " ") }
}

/// How Text Reveal cuts its text, exactly as the seed's `chunks` does: into
/// chunks, each made of units, numbered in reading order across all chunks.
enum Chunking {
    /// Highlight phrases travel in one string param, separated by `|`.
    static let phraseSeparator: Character = "|"

    static func chunks(of text: String, unit: RevealUnit, highlights: String) -> [RevealChunk] {
        var chunks: [RevealChunk] = []
        var next = 0
        func pieces(_ word: Substring) -> [String] {
            unit == .characters ? Graphemes.clusters(word).map { String($0) } : [String(word)]
        }
        func append(_ words: [[String]], highlighted: Bool) {
            let chunk = RevealChunk(words: words, highlighted: highlighted, firstUnit: next)
            next += chunk.unitCount
            chunks.append(chunk)
        }
        switch unit {
        case .lines:
            // Every line break Character knows: "\n", "\r\n" (one Character), "\r", U+2028 …
            for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                append([[String(line)]], highlighted: false)
            }
        case .words, .characters:
            let words = text.split(whereSeparator: \.isWhitespace)
            let phrases = highlights.split(separator: phraseSeparator, omittingEmptySubsequences: true)
                .map { $0.split(whereSeparator: \.isWhitespace).map(normalized) }
                .filter { !$0.isEmpty }
            // Phrases by their first word, so each word is checked only
            // against the phrases that could start there.
            var byFirstWord: [String: [[String]]] = [:]
            for phrase in phrases { byFirstWord[phrase[0], default: []].append(phrase) }
            let normalizedWords = words.map(normalized)
            var index = 0
            while index < words.count {
                // The longest phrase that starts at this word wins.
                let match = (byFirstWord[normalizedWords[index]] ?? []).filter { phrase in
                    index + phrase.count <= words.count
                        && normalizedWords[index..<(index + phrase.count)].elementsEqual(phrase)
                }.map(\.count).max()
                if let length = match {
                    append(words[index..<(index + length)].map(pieces), highlighted: true)
                    index += length
                } else {
                    append([pieces(words[index])], highlighted: false)
                    index += 1
                }
            }
        }
        return chunks
    }

    /// Lowercased, with everything but letters and digits dropped.
    static func normalized(_ word: Substring) -> String {
        word.lowercased().filter { $0.isLetter || $0.isNumber }
    }
}
