import EffectHost
import Glibc

/// The plugins a command works with: found on the search path built from
/// --plugin-path and EFFECT_PLUGIN_PATH, loaded once.
struct PluginSession {
    let searchPath: SearchPath
    let catalog: PluginCatalog

    /// The flag that loads plugin files PluginTrust refuses.
    static let allowUnsafeFlag = "--allow-unsafe-plugins"

    init(pluginPaths: [String], allowUnsafe: Bool) {
        let environment = getenv("EFFECT_PLUGIN_PATH").map { String(cString: $0) }
        searchPath = SearchPath.standard(explicit: pluginPaths, environment: environment)
        catalog = PluginCatalog(searchPath: searchPath, allowUnsafe: allowUnsafe)
    }

    init(_ parsed: Arguments) {
        self.init(pluginPaths: parsed.all("--plugin-path"), allowUnsafe: parsed.has(Self.allowUnsafeFlag))
    }

    /// Says on stderr which files were skipped, so a broken plugin never
    /// goes unnoticed.
    func warnAboutFailures() {
        for failure in catalog.failures {
            Output.error.line("effect-host: warning: skipped \(Terminal.sanitize(failure.cliDescription))")
        }
        for shadow in catalog.shadowed {
            Output.error.line(
                "effect-host: warning: effect '\(Terminal.sanitize(shadow.effect))' in \(Terminal.sanitize(shadow.path)) is shadowed by \(Terminal.sanitize(shadow.winner))")
        }
        try? Output.error.flush()
    }

    /// The effect named `id`, or a usage error that suggests the closest id.
    func effect(_ id: String) throws(UsageError) -> (plugin: Plugin, effect: EffectDescription) {
        if let found = catalog.effect(id: id) { return found }
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
