import CEffect
import EffectABI

/// A Swift fixture plugin (FixturePlugins.swift builds it): an effect that
/// says `static var draws` is true but has no draw(at:on:) of its own, as an
/// author who set the flag before writing the look would leave it.
struct ClaimsDraw: Effect {
    static let info = EffectInfo(
        id: "claims-draw", name: "Claims Draw", summary: "Says it draws, and does not.", timingKinds: [.ends],
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

    static var draws: Bool { true }
}

private let plugin = PluginExport(
    info: PluginInfo(id: "claims-draw", name: "Claims Draw", version: "0.1.0", author: "effect-host tests", license: "MIT", summary: "Says it draws."),
    effects: [EffectKind(ClaimsDraw.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? { plugin.table }
