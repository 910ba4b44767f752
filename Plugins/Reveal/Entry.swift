import CEffect
import EffectABI

private let plugin = PluginExport(
    info: PluginInfo(
        id: "reveal", name: "Reveal", version: "1.0.0", author: "effect-host contributors", license: "MIT",
        summary: "Staggered text reveals that wrap like text, with highlight blocks wiping in behind key phrases."),
    effects: [EffectKind(TextReveal.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? {
    plugin.table
}
