/// Which installed font draws a cluster the requested face lacks, as
/// browsers and Pango choose it: the first font in fontconfig's sorted list
/// for the family and weight that has every character of the cluster (or
/// failing that its first), and for an emoji presentation sequence the
/// first colour font fontconfig lists for "emoji". Not thread-safe: the
/// `FontBook` that owns it holds its lock around each call.
final class FontFallback {
    private let config: FontConfig?
    private let family: String
    private var lists: [Int: FallbackList] = [:]
    private var emojiFonts: FallbackList??
    private var chosen: [Cluster: FontConfig.Match?] = [:]
    private struct Cluster: Hashable {
        let scalars: [Unicode.Scalar]
        let weight: Int
    }

    /// `config` nil: no fallback (fontconfig could not be loaded).
    init(config: FontConfig?, family: String) {
        self.config = config
        self.family = family
    }

    func font(for cluster: [Unicode.Scalar], emoji: Bool, weight: Int) -> FontConfig.Match? {
        let key = Cluster(scalars: cluster, weight: weight)
        if let known = chosen[key] { return known }
        let needed = cluster.filter { !ParagraphShaper.isIgnorable($0) }.map(\.value)
        var found: FontConfig.Match?
        if emoji, let list = emojiList() {
            found = list.fonts.first { font in font.color && needed.allSatisfy { list.has(font, $0) } }?.match
        }
        if found == nil, let list = list(weight: weight), let first = needed.first {
            // An outline font before a colour one: text presentation stays text.
            let whole = list.fonts.filter { font in needed.allSatisfy { list.has(font, $0) } }
            found = (whole.first { !$0.color } ?? whole.first ?? list.fonts.first { list.has($0, first) })?.match
        }
        chosen[key] = found
        return found
    }

    private func list(weight: Int) -> FallbackList? {
        if let known = lists[weight] { return known }
        guard let made = config?.fallbacks(family: family, weight: Double(weight)) else { return nil }
        lists[weight] = made
        return made
    }

    private func emojiList() -> FallbackList? {
        if let known = emojiFonts { return known }
        let made = config?.fallbacks(family: "emoji", weight: 400)
        emojiFonts = .some(made)
        return made
    }
}
