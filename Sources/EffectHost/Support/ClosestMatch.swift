/// The candidate with the smallest edit distance to `word`, if that
/// distance is at most a third of the word's length (and at least 2);
/// failing that, the only candidate that contains `word`. For "did you
/// mean" hints.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    let ranked = candidates.map { (editDistance(word, $0), $0) }.filter { $0.0 <= limit }
    if let best = ranked.min(by: { $0.0 < $1.0 }) { return best.1 }
    let containing = candidates.filter { !word.isEmpty && $0.contains(word) }
    return containing.count == 1 ? containing[0] : nil
}

/// " (did you mean 'x'?)" for the closest candidate, or "".
public func didYouMean(_ word: String, among candidates: [String]) -> String {
    closestMatch(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// For a name that is not one of `candidates`: " (did you mean 'x'?)" when
/// one is close, else every candidate, " (channels: a, b, c)".
public func suggestion(for word: String, among candidates: [String], named kind: String) -> String {
    let close = didYouMean(word, among: candidates)
    guard close.isEmpty else { return close }
    return candidates.isEmpty ? " (it has no \(kind))" : " (\(kind): \(candidates.map(Terminal.sanitize).joined(separator: ", ")))"
}

/// The edits (insertions, deletions, substitutions, swaps of neighbours)
/// that turn `a` into `b`: optimal string alignment.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
        }
        (before, previous) = (previous, current)
    }
    return previous[b.count]
}
