import EffectHost
import Foundation

/// An instance of one of the package's own effects, loaded from the plugin
/// SwiftPM builds beside the test bundle.
public func bundledInstance(_ library: String, _ id: String, _ params: [(String, Value)] = []) throws -> EffectInstance {
    let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let directory = bundle.path.hasSuffix(".xctest") ? bundle.deletingLastPathComponent() : bundle
    let plugin = try Plugin.load(path: directory.appendingPathComponent(library).path)
    guard let effect = plugin.effect(id: id) else { throw CocoaError(.featureUnsupported) }
    return try plugin.instantiate(effect, params: params)
}
