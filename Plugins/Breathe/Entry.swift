import CEffect
import EffectABI

private let plugin = PluginExport(
    info: PluginInfo(
        id: "breathe", name: "Breathe", version: "1.0.0", author: "effect-host contributors", license: "MIT",
        summary: "Breathing motion: letter-spacing that opens and closes, and a ring of circles to breathe along with."),
    effects: [EffectKind(TrackingBreathe.self), EffectKind(BreathingCircles.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? {
    plugin.table
}
