import CEffect
import EffectABI

/// A Swift fixture plugin (FixturePlugins.swift builds it): an effect that
/// implements draw(at:on:) but leaves `static var draws` at its default,
/// false, as an author who forgot it would.
struct QuietDraw: Effect {
    static let info = EffectInfo(
        id: "quiet-draw", name: "Quiet Draw", summary: "A dot that draws but does not say so.", timingKinds: [.ends],
        timingDoc: "ends at once")

    static let reduceMotion = Param.reduceMotion(doc: "Nothing moves anyway.")
    static let params = [reduceMotion.spec]

    enum Channel: Int, ChannelSet {
        case opacity

        var spec: ChannelSpec { ChannelSpec("opacity", range: 0...1, doc: "The dot's opacity.") }
    }

    init(params: ParamTimeline, strings: StringPool) {}

    var timing: Timing { .ends(at: 0) }

    func displayStrings(at t: Double) -> DisplayStrings { DisplayStrings(text: .empty, accessibilityLabel: .empty) }

    func sample(at t: Double, into frame: Frame<Self>) { frame[.opacity] = 1 }

    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        canvas.draw(Circle().fill(RGBA(red: 0x2F, green: 0x6F, blue: 0xD6), id: 1).frame(width: 24, height: 24))
    }

    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        DrawingExtent(bounds: Rect(x: 0, y: 0, width: 24, height: 24), maxItems: 1)
    }
}

private let plugin = PluginExport(
    info: PluginInfo(id: "quiet-draw", name: "Quiet Draw", version: "0.1.0", author: "effect-host tests", license: "MIT", summary: "Draws, quietly."),
    effects: [EffectKind(QuietDraw.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? { plugin.table }
