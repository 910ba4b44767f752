/// Every plugin found on a search path, the files that could not be
/// loaded, and the effects they provide.
///
/// When two plugins declare the same effect id, the one found first on the
/// search path wins and the other's copy is reported as shadowed.
public struct PluginCatalog: Sendable {
    public let plugins: [Plugin]
    public let failures: [PluginLoadFailure]
    /// Effects hidden by an earlier plugin with the same id.
    public let shadowed: [(effect: String, path: String, winner: String)]

    /// Loads every candidate on the search path. Unless `allowUnsafe`,
    /// files that fail `PluginTrust` are refused, with the reason, and
    /// never opened.
    public init(searchPath: SearchPath, allowUnsafe: Bool = false) {
        let (files, missing) = searchPath.candidates()
        var plugins: [Plugin] = []
        var failures = missing
        for file in files {
            if !allowUnsafe, let problem = PluginTrust.problem(with: file) {
                failures.append(
                    PluginLoadFailure(path: file, reason: "refused: \(problem); or pass --allow-unsafe-plugins to load it anyway"))
                continue
            }
            do {
                plugins.append(try Plugin.load(path: file))
            } catch {
                failures.append(error)
            }
        }
        var owners: [String: String] = [:]
        var shadowed: [(String, String, String)] = []
        for plugin in plugins {
            for effect in plugin.effects {
                if let winner = owners[effect.id] {
                    shadowed.append((effect.id, plugin.path, winner))
                } else {
                    owners[effect.id] = plugin.path
                }
            }
        }
        self.plugins = plugins
        self.failures = failures
        self.shadowed = shadowed
    }

    /// The effect with this id and the plugin that provides it.
    public func effect(id: String) -> (plugin: Plugin, effect: EffectDescription)? {
        for plugin in plugins {
            if let effect = plugin.effect(id: id) { return (plugin, effect) }
        }
        return nil
    }

    public var effectIDs: [String] {
        var seen: Set<String> = []
        return plugins.flatMap { $0.effects.map(\.id) }.filter { seen.insert($0).inserted }
    }

    /// The known effect id closest to `id`, if one is close enough to be
    /// what was meant.
    public func suggestion(for id: String) -> String? {
        closestMatch(to: id, among: effectIDs)
    }
}

/// The candidate with the smallest edit distance to `word`, if that
/// distance is at most a third of the word's length (and at least 2);
/// failing that, the only candidate that contains `word`.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    let ranked = candidates.map { (editDistance(word, $0), $0) }.filter { $0.0 <= limit }
    if let best = ranked.min(by: { $0.0 < $1.0 }) { return best.1 }
    let containing = candidates.filter { !word.isEmpty && $0.contains(word) }
    return containing.count == 1 ? containing[0] : nil
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(1, b.count) where !b.isEmpty {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        previous = current
    }
    return previous[b.count]
}
