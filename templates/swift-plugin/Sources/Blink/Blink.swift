import CEffect
import EffectABI

/// A dot that fades down and back up, over and over: the smallest useful
/// effect, to copy and change.
struct Blink: Effect {
    static let info = EffectInfo(
        id: "blink", name: "Blink", summary: "A dot that fades down and back up, over and over.",
        timingKinds: [.loops, .ends], timingDoc: "loops every `period`; still (ends) with reduce_motion")

    // Fixed at create (live: false): the model reads them with created().
    static let period = Param.number(
        "period", default: 1.6, range: 0.1...60, unit: "s", live: false, doc: "Seconds for one fade down and back.")
    static let dimmest = Param.number(
        "dimmest", default: 0.25, range: 0...1, live: false, doc: "The opacity at the bottom of the fade.")
    static let reduceMotion = Param.reduceMotion(doc: "Stay fully visible.")

    static let params = [period.spec, dimmest.spec, reduceMotion.spec]

    enum Channel: Int, ChannelSet {
        case opacity

        var spec: ChannelSpec {
            ChannelSpec("opacity", range: 0...1, doc: "The dot's opacity: 1, easing down to `dimmest` and back.")
        }
    }

    private let periodValue: Double
    private let dimmestValue: Double
    private let still: Steps<Bool>

    init(params: ParamTimeline, strings: StringPool) {
        periodValue = params.created(Self.period)
        dimmestValue = params.created(Self.dimmest)
        still = params.steps(Self.reduceMotion)
    }

    var timing: Timing {
        still.value(at: .infinity) ? .ends(at: still.lastChange) : .loops(start: still.lastChange, period: periodValue)
    }

    func displayStrings(at t: Double) -> DisplayStrings {
        DisplayStrings(text: .empty, accessibilityLabel: .empty)
    }

    // Inlined into the kit's sampler, which then reads the model in place
    // instead of copying it for the call (docs/writing-plugins.md, Speed).
    @inline(__always)
    func sample(at t: Double, into frame: Frame<Self>) {
        frame[.opacity] = opacity(at: t)
    }

    /// Down for half the period, back up for the other half, easeInOut.
    private func opacity(at t: Double) -> Double {
        guard !still.value(at: t) else { return 1 }
        let phase = t.truncatingRemainder(dividingBy: periodValue) / periodValue
        return 1 - (1 - dimmestValue) * CubicBezier.easeInOut.value(at: phase < 0.5 ? phase * 2 : 2 - phase * 2)
    }

    // The look: a 24 pt dot (ids 1 and 2), faded as the channel says.
    static var draws: Bool { true }

    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        canvas.draw(
            Circle().fill(RGBA(red: 0x2F, green: 0x6F, blue: 0xD6), id: 2).frame(width: 24, height: 24)
                .opacity(opacity(at: t), id: 1))
    }

    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        DrawingExtent(bounds: Rect(x: 0, y: 0, width: 24, height: 24), maxItems: 3)
    }
}

private let plugin = PluginExport(
    info: PluginInfo(
        id: "blink", name: "Blink", version: "0.1.0", author: "you", license: "MIT",
        summary: "A template plugin: one blinking dot."),
    effects: [EffectKind(Blink.self)])

@_cdecl("effect_plugin_entry")
public func effectPluginEntry() -> UnsafePointer<effect_plugin_api>? {
    plugin.table
}
