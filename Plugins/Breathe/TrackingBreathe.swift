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

    static let text = Param.string(
        "text", default: "BREATHE", multiline: true, doc: "The text; shown uppercased when `uppercase` is on.")
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
        let shown = params.created(Self.uppercase) ? ScalarProperties.uppercased(text) : text
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
    /// it breathes. Its rows are the settled layout's: a text wider than
    /// the width proposed breaks where it does at `min_tracking`, where the
    /// entrance settles and the breath starts, and keeps those rows while
    /// the tracking flares and breathes (see `rows`).
    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        let state = states.value(at: t)
        let (tracking, opacity) = Self.trackingAndOpacity(state, at: t)
        let frame = extent(on: &canvas)
        let color = colors.value(at: t, for: canvas.appearance)
        let body = text(tracking: tracking, settledAt: state.minTracking, in: canvas.proposal.width, color: color)
            .opacity(opacity, id: Part.breath)
            .offset(x: tracking / 2)
        let size = body.sizeThatFits(.unspecified, in: &canvas)
        canvas.draw(
            body,
            in: Rect(x: (frame.width - size.width) / 2, y: (frame.height - size.height) / 2, width: size.width, height: size.height))
        return frame
    }

    /// The text at `tracking`, in the rows it takes at `settled` in the
    /// width proposed. The seed is one `Text` whose `.tracking()` a
    /// TimelineView sets every frame, shown in a preview that proposes no
    /// width, where a title takes its ideal size: one line. It is made to
    /// be read as a title, the letters opening and closing within it, and
    /// the entrance "settles in" to that title (and with reduce motion it
    /// is all there is). Rewrapping as the tracking moves would jump a
    /// title between one line and two and back (any two words past 12
    /// letters do during the 17 pt entrance at 432 pt); rows decided at
    /// the widest tracking would split a title that fits at rest. So the
    /// settled tracking decides where rows break, once per state, and the
    /// flare and the breath only move the letters (the frame grows to hold
    /// them when that is wider than the width proposed).
    private func text(tracking: Double, settledAt settled: Double, in width: Double?, color: RGBA = RGBA(red: 0, green: 0, blue: 0))
        -> Text
    {
        Text(paragraph, font: font, color: color, tracking: tracking, id: Part.text).lineBreaks(atTracking: settled, width: width)
    }

    /// The frame at its widest, with room on either side for the nudge.
    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        let frame = extent(on: &canvas)
        let nudge = abs(Self.widestTracking(states)) / 2 + 2
        return DrawingExtent(
            bounds: Rect(x: -nudge, y: 0, width: frame.width + 2 * nudge, height: frame.height).outset(by: 2),
            maxItems: 2 + paragraph.maxRuns)
    }

    /// The frame: each state's rows at the widest tracking it reaches (or
    /// the width proposed, if wider). With fixed rows a row only widens as
    /// the tracking grows, so its widest tracking is its widest moment.
    /// States in a row with the same settled tracking share rows and are
    /// laid out once, so events that toggle other params cost one layout.
    private func extent(on canvas: inout Canvas) -> Size {
        let width = canvas.proposal.width
        var size = Size(width: width ?? 0, height: 0)
        let all = states.allValues
        var settled = all[0].minTracking
        var widest = -Double.infinity
        for index in all.indices {
            let state = all[index]
            if state.minTracking != settled {
                size = Self.union(size, text(tracking: widest, settledAt: settled, in: width).sizeThatFits(.unspecified, in: &canvas))
                (settled, widest) = (state.minTracking, -Double.infinity)
            }
            widest = max(widest, Self.widestTracking(state))
        }
        return Self.union(size, text(tracking: widest, settledAt: settled, in: width).sizeThatFits(.unspecified, in: &canvas))
    }

    private static func union(_ a: Size, _ b: Size) -> Size { Size(width: max(a.width, b.width), height: max(a.height, b.height)) }

    /// The widest tracking a state reaches: its settled tracking when
    /// motion is reduced; otherwise the entrance's flare, 8 pt past
    /// max_tracking (a state set after the entrance may never flare: the
    /// frame allows for it all the same), or min_tracking, if wider.
    private static func widestTracking(_ state: State) -> Double {
        state.reduceMotion ? state.minTracking : max(state.minTracking, state.maxTracking + 8)
    }

    /// The widest tracking any state reaches.
    private static func widestTracking(_ states: Steps<State>) -> Double {
        var widest = -Double.infinity
        let all = states.allValues
        for index in all.indices { widest = max(widest, widestTracking(all[index])) }
        return widest
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
