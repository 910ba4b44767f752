import EffectHost
import Foundation

/// An instance of one of the package's own effects, loaded from the plugin
/// SwiftPM builds beside the test bundle.
public func bundledInstance(_ library: String, _ id: String, _ params: [(String, Value)] = []) throws -> EffectInstance {
    let plugin = try Plugin.load(path: bundledPluginDirectory() + "/" + library)
    guard let effect = plugin.effect(id: id) else { throw CocoaError(.featureUnsupported) }
    return try plugin.instantiate(effect, params: params)
}

/// The directory SwiftPM builds the plugins (and effect-host) into, beside the test bundle.
public func bundledPluginDirectory() -> String {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return (bundle.path.hasSuffix(".xctest") ? bundle.deletingLastPathComponent() : bundle).path
}
