import EffectHost
import EffectRender
import Glibc

/// The plugins a command works with: found on the search path built from
/// --plugin-path and EFFECT_PLUGIN_PATH and scanned in child processes
/// (PluginScanner); only the plugin of the effect a command uses is
/// loaded into this process.
struct PluginSession {
    let searchPath: SearchPath
    let catalog: PluginCatalog

    /// The flag that loads plugin files PluginTrust refuses.
    static let allowUnsafeFlag = "--allow-unsafe-plugins"
    /// Failed files named one by one before a command's work; more are counted in one line.
    static let failuresNamed = 3
    /// The flag that scans every plugin again instead of reading the cache.
    static let noCacheFlag = "--no-cache"

    init(pluginPaths: [String], allowUnsafe: Bool, useCache: Bool) {
        let environment = getenv("EFFECT_PLUGIN_PATH").map { String(cString: $0) }
        self.init(pluginPaths: pluginPaths, environment: environment, allowUnsafe: allowUnsafe, useCache: useCache)
    }

    /// `environment` in place of EFFECT_PLUGIN_PATH's value (nil: none).
    init(pluginPaths: [String], environment: String?, allowUnsafe: Bool, useCache: Bool) {
        searchPath = SearchPath.standard(explicit: pluginPaths, environment: environment)
        let scanner = PluginScanner(cacheFile: useCache ? ScanCache.standardPath() : nil, worker: SearchPath.executablePath())
        catalog = PluginCatalog(searchPath: searchPath, allowUnsafe: allowUnsafe) { scanner.read($0) }
    }

    init(_ parsed: Arguments) {
        self.init(
            pluginPaths: parsed.all("--plugin-path"), allowUnsafe: parsed.has(Self.allowUnsafeFlag),
            useCache: !parsed.has(Self.noCacheFlag))
    }

    /// Says on stderr which files were skipped, so a broken plugin never
    /// goes unnoticed.
    /// `shadows`: and each effect an earlier plugin's hides.
    func warnAboutFailures(shadows: Bool = true) {
        // A directory of stray files must not bury the run's own output.
        if catalog.failures.count > Self.failuresNamed {
            Output.error.line(
                "effect-host: warning: skipped \(catalog.failures.count) files on the plugin search path that do not load (effect-host list names each, and why)")
        } else {
            for failure in catalog.failures {
                Output.error.line("effect-host: warning: skipped \(Terminal.sanitize(failure.cliDescription))")
            }
        }
        for shadow in catalog.shadowed where shadows {
            Output.error.line(
                "effect-host: warning: effect '\(Terminal.sanitize(shadow.effect))' in \(Terminal.sanitize(shadow.path)) is shadowed by \(Terminal.sanitize(shadow.winner))")
        }
        try? Output.error.flush()
    }

    /// The effect named `id` and its plugin, loaded into this process; a
    /// usage error that suggests the closest id when there is none.
    func effect(_ id: String) throws -> (plugin: Plugin, effect: EffectDescription) {
        if let (record, _) = catalog.effect(id: id) {
            PluginActivity.begin("loading", plugin: record.path)
            let plugin: Plugin
            do {
                plugin = try record.load()
            } catch {
                throw RuntimeError("cannot load \(Terminal.sanitize(error.cliDescription))")
            }
            guard let effect = plugin.effect(id: id) else {
                throw RuntimeError("\(Terminal.sanitize(record.path)) no longer has effect '\(Terminal.sanitize(id))'")
            }
            return (plugin, effect)
        }
        if catalog.plugins.isEmpty {
            throw UsageError("unknown effect '\(Terminal.sanitize(id))': no plugins found (see effect-host list)")
        }
        let close = didYouMean(id, among: catalog.effectIDs)
        let hint = close.isEmpty ? " (see effect-host list)" : close
        throw UsageError("unknown effect '\(Terminal.sanitize(id))'\(hint)")
    }
}

extension PluginLoadFailure {
    /// The reason as the CLI says it: where a missing path came from, and
    /// the flag that overrides a refusal.
    var cliReason: String {
        var text = reason
        switch origin {
        case .explicit?: text += " (from --plugin-path)"
        case .environment?: text += " (from EFFECT_PLUGIN_PATH)"
        case .default?, nil: break
        }
        if refusedAsUnsafe { text += "; or pass \(PluginSession.allowUnsafeFlag) to load it anyway" }
        return text
    }

    var cliDescription: String { "\(path): \(cliReason)" }
}
