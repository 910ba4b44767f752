/// Every plugin found on a search path, the files that could not be
/// loaded, and the effects they provide.
///
/// When two plugins declare the same effect id, the one found first on the
/// search path wins and the other's copy is reported as shadowed.
public struct PluginCatalog: Sendable {
    public let plugins: [PluginRecord]
    public let failures: [PluginLoadFailure]
    /// Effects hidden by an earlier plugin with the same id.
    public let shadowed: [(effect: String, path: String, winner: String)]

    /// Reads the metadata of the files that pass the trust check, in
    /// search-path order; one result for each file it is given.
    public typealias Reader = @Sendable ([String]) -> [Result<PluginRecord, PluginLoadFailure>]

    /// Loads every candidate on the search path into this process. Unless
    /// `allowUnsafe`, files that fail `PluginTrust` are refused, with the
    /// reason, and never opened.
    public init(searchPath: SearchPath, allowUnsafe: Bool = false) {
        self.init(searchPath: searchPath, allowUnsafe: allowUnsafe) { files in
            files.map { file in Result { () throws(PluginLoadFailure) in try Plugin.load(path: file).record } }
        }
    }

    /// Reads the candidates with `read`, which may keep plugin code out of
    /// this process (the CLI scans each file in a child process). Files
    /// that fail `PluginTrust` never reach it unless `allowUnsafe`.
    public init(searchPath: SearchPath, allowUnsafe: Bool, read: Reader) {
        let (files, missing) = searchPath.candidates()
        var refused: [String: PluginLoadFailure] = [:]
        if !allowUnsafe {
            for file in files {
                if let problem = PluginTrust.problem(with: file) {
                    refused[file] = PluginLoadFailure(path: file, reason: "refused: \(problem)", refusedAsUnsafe: true)
                }
            }
        }
        let trusted = files.filter { refused[$0] == nil }
        let results = Dictionary(zip(trusted, read(trusted)), uniquingKeysWith: { first, _ in first })
        var plugins: [PluginRecord] = []
        var failures = missing
        for file in files {
            if let refusal = refused[file] {
                failures.append(refusal)
                continue
            }
            switch results[file] {
            case .success(let record)?: plugins.append(record)
            case .failure(let failure)?: failures.append(failure)
            case nil: failures.append(PluginLoadFailure(path: file, reason: "was not read"))
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
    public func effect(id: String) -> (plugin: PluginRecord, effect: EffectDescription)? {
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
