import EffectABI
import Glibc

/// syxUI's Tracking Breathe as a sampled effect: one line of text whose
/// letter-spacing settles in from wide open over a 900 ms entrance, then
/// breathes on a raised cosine, forever, with a 2% opacity lift at its
/// widest.
struct TrackingBreathe: EventStepping {
    static let info = EffectInfo(
        id: "tracking-breathe", name: "Tracking Breathe",
        summary: "Letter-spacing opening and closing on a slow breath, dead centred.",
        timingKinds: [.loops, .ends],
        timingDoc: "a 0.9 s entrance, then loops every `period`; still (ends) with `phase` set or `reduce_motion`",
        credit: "Tracking Breathe by syxUI (https://syxui.dev/components/tracking-breathe)")

    /// The entrance is fixed in the component: not a control.
    static let entranceDuration = 0.9

    static let text = Param.string("text", default: "BREATHE", doc: "The text; shown uppercased when `uppercase` is on.")
    static let minTracking = Param.number(
        "min_tracking", default: 1, range: -20...100, unit: "pt", doc: "Letter-spacing at the breath's narrowest.")
    static let maxTracking = Param.number(
        "max_tracking", default: 9, range: -20...100, unit: "pt",
        doc: "Letter-spacing at the breath's widest; the entrance starts 8 pt wider still.")
    static let period = Param.number(
        "period", default: 3.6, range: 0.05...600, unit: "s", doc: "Seconds for one full breath, open and closed.")
    static let uppercase = Param.bool(
        "uppercase", default: true, live: false, doc: "Whether the displayed text is uppercased.")
    static let fontSize = Param.number(
        "font_size", default: 34, range: 1...1000, unit: "pt", live: false,
        doc: "Semibold font size (the component fixes 34); no channel depends on it.")
    static let color = Param.color(
        "color", light: RGBA(red: 0x12, green: 0x12, blue: 0x12), dark: RGBA(red: 0xED, green: 0xED, blue: 0xED),
        doc: "The text's colour: the component's Color(white: 0.07), and Color(white: 0.93) on a dark ground; no channel depends on it.")
    static let phase = Param.optionalNumber(
        "phase", range: 0...1, doc: "Preview override: while set, that point of one breath, with no entrance.")
    static let reduceMotion = Param.reduceMotion(doc: "Hold still at min_tracking, fully opaque.")

    static let params = [
        text.spec, minTracking.spec, maxTracking.spec, period.spec, uppercase.spec, fontSize.spec, color.spec,
        phase.spec, reduceMotion.spec,
    ]

    enum Channel: Int, ChannelSet {
        case tracking, opacity, offsetX

        var spec: ChannelSpec {
            switch self {
            case .tracking:
                ChannelSpec("tracking", unit: "pt", range: -20...108, doc: "Letter-spacing added after every character.")
            case .opacity:
                ChannelSpec("opacity", range: 0...1, doc: "The text's opacity: the entrance's eased value, then 1 − 0.02 · wave.")
            case .offsetX:
                ChannelSpec(
                    "offset_x", unit: "pt", range: -10...54,
                    doc: "Horizontal nudge of tracking / 2: tracking pads the trailing edge too, so this keeps the line optically centred.")
            }
        }
    }

    private struct State: Equatable {
        let minTracking: Double
        let maxTracking: Double
        let period: Double
        let phase: Double?
        let reduceMotion: Bool
    }

    private let display: CString
    /// The display string as lines and words: it wraps to the width offered.
    private let paragraph: Paragraph
    private let label: CString
    private var states: Steps<State>
    private let font: Font
    private var colors: Steps<AdaptiveColor>

    init(params: ParamTimeline, strings: StringPool) {
        let text = params.created(Self.text)
        label = strings.intern(text)
        let shown = params.created(Self.uppercase) ? text.uppercased() : text
        display = strings.intern(shown)
        paragraph = Paragraph(shown, strings: strings)
        font = .system(size: params.created(Self.fontSize), weight: .semibold)
        colors = Steps(initial: params.value(Self.color, at: 0))
        states = Steps(initial: Self.state(params, at: 0))
        for time in params.eventTimes where time > 0 { advance(to: time, params) }
    }

    /// What changes at one more event time (`EventStepping`).
    mutating func advance(to time: Double, _ params: ParamTimeline) {
        states.append(Self.state(params, at: time), at: time)
        colors.append(params.value(Self.color, at: time), at: time)
    }

    private static func state(_ params: ParamTimeline, at t: Double) -> State {
        State(
            minTracking: params.value(minTracking, at: t), maxTracking: params.value(maxTracking, at: t),
            period: params.value(period, at: t), phase: params.value(phase, at: t),
            reduceMotion: params.value(reduceMotion, at: t))
    }

    /// Once the last event has passed the params hold still: the breath
    /// repeats from then on (it is a function of time since appearing, not
    /// since the event), unless the final state does not move.
    var timing: Timing {
        let final = states.final
        if final.phase != nil || final.reduceMotion { return .ends(at: states.lastChange) }
        return .loops(start: max(Self.entranceDuration, states.lastChange), period: final.period)
    }

    func displayStrings(at t: Double) -> DisplayStrings {
        DisplayStrings(text: display, accessibilityLabel: label)
    }

    // Inlined into the kit's sampler, which then reads the model in place
    // instead of copying it for the call (docs/writing-plugins.md, Speed).
    @inline(__always)
    func sample(at t: Double, into frame: Frame<Self>) {
        let state = states.value(at: t)
        let (tracking, opacity) = Self.trackingAndOpacity(state, at: t)
        frame[.tracking] = tracking
        frame[.opacity] = opacity
        frame[.offsetX] = tracking / 2
    }

    // MARK: The look

    /// Display-list ids (docs/effects.md).
    enum Part {
        static let breath: DrawID = 1
        static let text: DrawID = 2
    }

    static var draws: Bool { true }

    /// The seed's body: one Text with the tracking, the opacity and the
    /// half-tracking nudge, centred in a frame as wide and tall as the text
    /// ever gets (or the width proposed, if wider), so it stays centred as
    /// it breathes. Text wider than the width proposed wraps, as SwiftUI's
    /// Text does, and rewraps as the tracking breathes.
    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        let (tracking, opacity) = Self.trackingAndOpacity(states.value(at: t), at: t)
        let frame = extent(on: &canvas)
        let body = text(tracking: tracking, color: colors.value(at: t, for: canvas.appearance))
            .opacity(opacity, id: Part.breath)
            .offset(x: tracking / 2)
        let size = body.sizeThatFits(offered(canvas), in: &canvas)
        canvas.draw(
            body,
            in: Rect(x: (frame.width - size.width) / 2, y: (frame.height - size.height) / 2, width: size.width, height: size.height))
        return frame
    }

    private func text(tracking: Double, color: RGBA = RGBA(red: 0, green: 0, blue: 0)) -> Text {
        Text(paragraph, font: font, color: color, tracking: tracking, id: Part.text)
    }

    /// The frame at its widest, with room on either side for the nudge.
    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        let frame = extent(on: &canvas)
        let nudge = abs(Self.widestTracking(states)) / 2 + 2
        return DrawingExtent(
            bounds: Rect(x: -nudge, y: 0, width: frame.width + 2 * nudge, height: frame.height).outset(by: 2),
            maxItems: 2 + paragraph.maxRuns)
    }

    /// The width offered to the text: the host's proposal.
    private func offered(_ canvas: Canvas) -> ProposedSize { ProposedSize(width: canvas.proposal.width, height: nil) }

    /// The frame: the text at its widest tracking (or the width proposed,
    /// if wider), as tall as its rows at the widest and the narrowest.
    private func extent(on canvas: inout Canvas) -> Size {
        let widest = text(tracking: Self.widestTracking(states)).sizeThatFits(offered(canvas), in: &canvas)
        let narrowest = text(tracking: Self.narrowestTracking(states)).sizeThatFits(offered(canvas), in: &canvas)
        return Size(width: max(canvas.proposal.width ?? 0, widest.width), height: max(widest.height, narrowest.height))
    }

    /// The widest tracking any state reaches: the entrance flares 8 pt past
    /// max_tracking, and a breath spans min to max.
    private static func widestTracking(_ states: Steps<State>) -> Double {
        var widest = -Double.infinity
        let all = states.allValues
        for index in all.indices { widest = max(widest, all[index].minTracking, all[index].maxTracking + 8) }
        return widest
    }

    /// The narrowest tracking any state reaches.
    private static func narrowestTracking(_ states: Steps<State>) -> Double {
        var narrowest = Double.infinity
        let all = states.allValues
        for index in all.indices { narrowest = min(narrowest, all[index].minTracking, all[index].maxTracking) }
        return narrowest
    }

    // MARK: The math

    @inline(__always)
    private static func trackingAndOpacity(_ state: State, at t: Double) -> (Double, Double) {
        if state.reduceMotion { return (state.minTracking, 1) }
        if let phase = state.phase { return breathe(state, phase: clamp01(phase)) }
        if t < entranceDuration {
            let eased = easeOutQuint(t / entranceDuration)
            let flared = state.maxTracking + 8
            return (flared + (state.minTracking - flared) * eased, eased)
        }
        // The remainder is exact, so the phase stays finite for every legal
        // t; dividing first overflows to infinity once t / period passes
        // the largest double (t ≈ 9e306 at the shortest period).
        let cycle = (t - entranceDuration).truncatingRemainder(dividingBy: state.period) / state.period
        return breathe(state, phase: cycle)
    }

    /// A raised cosine: 0 → 1 → 0 over one period with no corner at either
    /// end, so the loop is seamless. Wider tracking reads 2% lighter.
    @inline(__always)
    private static func breathe(_ state: State, phase: Double) -> (Double, Double) {
        let wave = (1 - cos(2 * Double.pi * phase)) / 2
        return (state.minTracking + (state.maxTracking - state.minTracking) * wave, 1 - 0.02 * wave)
    }
}
