import EffectABI
import Glibc

/// syxUI's Strikethrough Reveal as a sampled effect.
///
/// Everything follows from one amount `a` in 0...1 (how struck the text is):
/// the line's width, the text's lagging fade and saturation drain, the dip
/// and the tick. `a` animates with easeInOut whenever `done` changes, and
/// SwiftUI's merging of in-flight animations keeps it continuous when
/// `done` flips mid-strike.
struct StrikethroughReveal: Effect {
    static let info = EffectInfo(
        id: "strikethrough-reveal", name: "Strikethrough Reveal",
        summary: "A task striking itself out: line drawn, colour drained, one small dip.",
        timingKinds: .ends,
        timingDoc: "ends `duration` after the last change of `done` (or at the last event, if later)",
        credit: "Strikethrough Reveal by syxUI (https://syxui.dev/components/strikethrough-reveal)")

    static let text = Param.string("text", default: "Ship the component", doc: "The task's text.")
    static let done = Param.bool(
        "done", default: true, doc: "Whether the task is done; the strike animates toward it on appear and on every change.")
    static let duration = Param.number(
        "duration", default: 0.32, range: 0.001...60, unit: "s",
        doc: "Length of one strike or retract (easeInOut); applies to animations that start after it is set.")
    static let fade = Param.number("fade", default: 0.45, range: 0...1, doc: "The text's opacity once fully struck.")
    static let tick = Param.bool("tick", default: true, doc: "Whether the tick mark beside the text is drawn.")
    static let progress = Param.optionalNumber(
        "progress", range: 0...1, doc: "Preview override: while set, renders that point of the strike and starts no animation.")
    static let lineColor = Param.color(
        "line_color", default: RGBA(red: 0x8A, green: 0x8F, blue: 0x98),
        doc: "Colour of the line and the tick, for renderers; no channel depends on it.")
    static let reduceMotion = Param.reduceMotion(doc: "Show done's end state at once, with no animation.")

    static let params = [
        text.spec, done.spec, duration.spec, fade.spec, tick.spec, progress.spec, lineColor.spec, reduceMotion.spec,
    ]

    enum Channel: Int, ChannelSet {
        case amount, lineWidth, textOpacity, saturation, scale, tickTrim

        var spec: ChannelSpec {
            switch self {
            case .amount:
                ChannelSpec("amount", range: 0...1, doc: "How struck-through the text is: 0 untouched, 1 fully struck.")
            case .lineWidth:
                ChannelSpec("line_width", range: 0...1, doc: "The line's width as a fraction of the text's width, from its leading edge.")
            case .textOpacity:
                ChannelSpec("text_opacity", range: 0...1, doc: "The text's opacity; starts falling once the line is 40% across.")
            case .saturation:
                ChannelSpec("saturation", range: 0.15...1, doc: "The text's colour saturation, draining with the same lag.")
            case .scale:
                ChannelSpec("scale", range: 0.985...1.005, doc: "Scale of the whole row: a quick dip to 0.985 and a slight overshoot back.")
            case .tickTrim:
                ChannelSpec("tick_trim", range: 0...1, doc: "How much of the tick's path is drawn; 0 when `tick` is off.")
            }
        }
    }

    private let label: CString
    private let accessibilityValue: Steps<CString>
    private let animated: AnimationTrack
    private let done: Steps<Bool>
    private let progress: Steps<Double?>
    private let reduceMotion: Steps<Bool>
    private let fade: Steps<Double>
    private let tick: Steps<Bool>
    private let end: Double

    init(params: ParamTimeline, strings: StringPool) {
        label = strings.intern(params.created(Self.text))
        done = params.steps(Self.done)
        progress = params.steps(Self.progress)
        reduceMotion = params.steps(Self.reduceMotion)
        fade = params.steps(Self.fade)
        tick = params.steps(Self.tick)
        let doneText = strings.intern("Done")
        let notDoneText = strings.intern("Not done")
        accessibilityValue = done.map { $0 ? doneText : notDoneText }

        // The component animates on appear and whenever `done` changes, but
        // only while no preview override is set and motion is allowed.
        var track = AnimationTrack(initial: 0)
        let startTimes = [0] + done.changes.map(\.time)
        for time in startTimes where params.value(Self.progress, at: time) == nil {
            guard !params.value(Self.reduceMotion, at: time) else { continue }
            track.animate(
                to: params.value(Self.done, at: time) ? 1 : 0, at: time,
                with: .easeInOut(duration: params.value(Self.duration, at: time)))
        }
        animated = track
        end = max(track.settleTime, params.lastEventTime)
    }

    var timing: Timing { .ends(at: end) }

    func displayStrings(at t: Double) -> DisplayStrings {
        DisplayStrings(text: label, accessibilityLabel: label, accessibilityValue: accessibilityValue.value(at: t))
    }

    // Inlined into the kit's sampler, which then reads the model in place
    // instead of copying it for the call (docs/writing-plugins.md, Speed).
    @inline(__always)
    func sample(at t: Double, into frame: Frame<Self>) {
        let a = amount(at: t)
        // The fade lags the line: it starts once the stroke is 40% across.
        let lag = clamp01((a - 0.4) / 0.6)
        frame[.amount] = a
        frame[.lineWidth] = a
        frame[.textOpacity] = 1 - (1 - fade.value(at: t)) * lag
        frame[.saturation] = 1 - 0.85 * lag
        frame[.scale] = Self.dipScale(a)
        frame[.tickTrim] = tick.value(at: t) ? a : 0
    }

    @inline(__always)
    private func amount(at t: Double) -> Double {
        if reduceMotion.value(at: t) { return done.value(at: t) ? 1 : 0 }
        return progress.value(at: t) ?? animated.value(at: t)
    }

    /// The seed's approximation of spring(response: 0.30, dampingFraction:
    /// 0.70), driven by the amount rather than by time.
    private static func dipScale(_ a: Double) -> Double {
        guard a > 0, a < 1 else { return 1 }
        let x = min(a / 0.55, 1)
        return 1 - 0.015 * exp(-4.2 * x) * cos(7.5 * x)
    }
}
