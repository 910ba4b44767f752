/// What a scan learns of a plugin file: its metadata, enough to list it and
/// find its effects, without the library having to stay loaded.
///
/// A record made by loading the file in this process keeps the loaded
/// plugin; one read back from a scan in a child process or from a cache
/// loads the file when an effect of it is wanted.
public struct PluginRecord: Sendable {
    /// The path the plugin was found at on the search path.
    public let path: String
    /// The same file with symlinks resolved.
    public let resolvedPath: String
    public let info: PluginDescription
    public let effects: [EffectDescription]
    private let loaded: Plugin?

    public init(path: String, resolvedPath: String, info: PluginDescription, effects: [EffectDescription]) {
        self.init(path: path, resolvedPath: resolvedPath, info: info, effects: effects, loaded: nil)
    }

    init(path: String, resolvedPath: String, info: PluginDescription, effects: [EffectDescription], loaded: Plugin?) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.info = info
        self.effects = effects
        self.loaded = loaded
    }

    public func effect(id: String) -> EffectDescription? {
        effects.first { $0.id == id }
    }

    /// The plugin itself, loaded in this process if it is not already.
    /// Fails when the file no longer loads, or no longer declares the
    /// effects it was scanned with (it changed in between).
    public func load() throws(PluginLoadFailure) -> Plugin {
        if let loaded { return loaded }
        let plugin = try Plugin.load(path: path)
        guard plugin.effects.map(\.id) == effects.map(\.id), plugin.info.id == info.id else {
            throw PluginLoadFailure(path: path, reason: "changed while effect-host was reading it; run the command again")
        }
        return plugin
    }
}
