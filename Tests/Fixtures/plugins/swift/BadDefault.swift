import CEffect
import EffectABI

/// A Swift fixture plugin (FixturePlugins.swift builds it): an effect whose
/// param's default lies outside its range, which the kit refuses at describe.
struct BadDefault: Effect {
    static let info = EffectInfo(
        id: "bad-default", name: "Bad Default", summary: "A value whose default is out of its range.", timingKinds: [.ends],
        timingDoc: "ends at once")

    static let level = Param.number("level", default: 5, range: 0...1, live: false, doc: "A level from 0 to 1, defaulting to 5.")
    static let reduceMotion = Param.reduceMotion(doc: "Nothing moves anyway.")
    static let params = [level.spec, reduceMotion.spec]

    enum Channel: Int, ChannelSet {
        case level

        var spec: ChannelSpec { ChannelSpec("level", range: 0...1, doc: "The level.") }
    }

    private let value: Double

    init(params: ParamTimeline, strings: StringPool) { value = params.created(Self.level) }

    var timing: Timing { .ends(at: 0) }

    func displayStrings(at t: Double) -> DisplayStrings { DisplayStrings(text: .empty, accessibilityLabel: .empty) }

    func sample(at t: Double, into frame: Frame<Self>) { frame[.level] = min(1, max(0, value)) }
}

private let plugin = PluginExport(
    info: PluginInfo(id: "bad-default", name: "Bad Default", version: "0.1.0", author: "effect-host tests", license: "MIT", summary: "A default out of range."),
    effects: [EffectKind(BadDefault.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? { plugin.table }
