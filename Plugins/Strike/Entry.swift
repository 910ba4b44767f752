import CEffect
import EffectABI

private let plugin = PluginExport(
    info: PluginInfo(
        id: "strike", name: "Strike", version: "1.0.0", author: "effect-host contributors", license: "MIT",
        summary: "A task striking itself out: line drawn, colour drained, one small dip."),
    effects: [EffectKind(StrikethroughReveal.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? {
    plugin.table
}
