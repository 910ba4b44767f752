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
                failures.append(PluginLoadFailure(path: file, reason: "refused: \(problem)", refusedAsUnsafe: true))
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
}
