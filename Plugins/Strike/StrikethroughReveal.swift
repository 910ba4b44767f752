import EffectABI
import Glibc

/// syxUI's Strikethrough Reveal as a sampled effect.
///
/// Everything follows from one amount `a` in 0...1 (how struck the text is):
/// the line's width, the text's lagging fade and saturation drain, the dip
/// and the tick. `a` animates with easeInOut whenever `done` changes, and
/// SwiftUI's merging of in-flight animations keeps it continuous when
/// `done` flips mid-strike.
struct StrikethroughReveal: EventStepping {
    static let info = EffectInfo(
        id: "strikethrough-reveal", name: "Strikethrough Reveal",
        summary: "A task striking itself out: line drawn, colour drained, one small dip.",
        timingKinds: .ends,
        timingDoc: "ends `duration` after the last change of `done` (or at the last event, if later)",
        credit: "Strikethrough Reveal by syxUI (https://syxui.dev/components/strikethrough-reveal)")

    static let text = Param.string("text", default: "Ship the component", multiline: true, doc: "The task's text.")
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
        doc: "Colour of the line and the tick; no channel depends on it.")
    static let color = Param.color(
        "color", light: RGBA(red: 0x1D, green: 0x1D, blue: 0x1F), dark: RGBA(red: 0xF5, green: 0xF5, blue: 0xF7),
        doc: "The text's colour (the environment's foreground, .primary, in the component); no channel depends on it.")
    static let reduceMotion = Param.reduceMotion(doc: "Show done's end state at once, with no animation.")

    static let params = [
        text.spec, done.spec, duration.spec, fade.spec, tick.spec, progress.spec, lineColor.spec, color.spec,
        reduceMotion.spec,
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
    /// The text as lines and words: it wraps to the width offered.
    private let paragraph: Paragraph
    /// Right to left for Arabic or Hebrew text: the tick on the right, the
    /// line growing leftwards from the text's leading edge.
    private let direction: LayoutDirection
    private let doneText: CString
    private let notDoneText: CString
    private var accessibilityValue: Steps<CString>
    private var animated = AnimationTrack(initial: 0)
    private var done: Steps<Bool>
    private var progress: Steps<Double?>
    private var reduceMotion: Steps<Bool>
    private var fade: Steps<Double>
    private var tick: Steps<Bool>
    private var lineColors: Steps<RGBA>
    private var colors: Steps<AdaptiveColor>
    private var end = 0.0

    init(params: ParamTimeline, strings: StringPool) {
        label = strings.intern(params.created(Self.text))
        paragraph = Paragraph(params.created(Self.text), strings: strings)
        direction = LayoutDirection.of(params.created(Self.text))
        doneText = strings.intern("Done")
        notDoneText = strings.intern("Not done")
        done = Steps(initial: params.value(Self.done, at: 0))
        accessibilityValue = Steps(initial: done.initial ? doneText : notDoneText)
        progress = Steps(initial: params.value(Self.progress, at: 0))
        reduceMotion = Steps(initial: params.value(Self.reduceMotion, at: 0))
        fade = Steps(initial: params.value(Self.fade, at: 0))
        tick = Steps(initial: params.value(Self.tick, at: 0))
        lineColors = Steps(initial: params.value(Self.lineColor, at: 0))
        colors = Steps(initial: params.value(Self.color, at: 0))
        startAnimation(at: 0, params)
        end = animated.settleTime
        for time in params.eventTimes where time > 0 { advance(to: time, params) }
    }

    /// What changes at one more event time (`EventStepping`).
    mutating func advance(to time: Double, _ params: ParamTimeline) {
        let wasDone = done.final
        done.append(params.value(Self.done, at: time), at: time)
        accessibilityValue.append(done.final ? doneText : notDoneText, at: time)
        progress.append(params.value(Self.progress, at: time), at: time)
        reduceMotion.append(params.value(Self.reduceMotion, at: time), at: time)
        fade.append(params.value(Self.fade, at: time), at: time)
        tick.append(params.value(Self.tick, at: time), at: time)
        lineColors.append(params.value(Self.lineColor, at: time), at: time)
        colors.append(params.value(Self.color, at: time), at: time)
        if done.final != wasDone { startAnimation(at: time, params) }
        end = max(animated.settleTime, time)
    }

    /// The component animates on appear and whenever `done` changes, but
    /// only while no preview override is set and motion is allowed.
    private mutating func startAnimation(at time: Double, _ params: ParamTimeline) {
        guard params.value(Self.progress, at: time) == nil, !params.value(Self.reduceMotion, at: time) else { return }
        animated.animate(
            to: params.value(Self.done, at: time) ? 1 : 0, at: time,
            with: .easeInOut(duration: params.value(Self.duration, at: time)))
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
        let lag = Self.lag(a)
        frame[.amount] = a
        frame[.lineWidth] = a
        frame[.textOpacity] = textOpacity(lag, at: t)
        frame[.saturation] = Self.saturation(lag)
        frame[.scale] = Self.dipScale(a)
        frame[.tickTrim] = tick.value(at: t) ? a : 0
    }

    // MARK: The look

    /// Display-list ids (docs/effects.md).
    enum Part {
        static let row: DrawID = 1
        static let tick: DrawID = 2
        static let textStyle: DrawID = 3
        static let text: DrawID = 4
        static let line: DrawID = 5
    }

    static let font = Font.system(size: 20, weight: .medium)
    /// The tick, in its 16 x 16 box.
    static let tickPath = Path([.move(to: Point(x: 1, y: 8)), .line(to: Point(x: 6, y: 13)), .line(to: Point(x: 15, y: 2))])
    static let tickStroke = StrokeStyle(lineWidth: 2.4, lineCap: .round, lineJoin: .round)

    static var draws: Bool { true }

    /// The row at the width proposed: text wider than it wraps, and the
    /// line crosses the middle of the block, as the seed's overlay does.
    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        let body = body(at: t, in: canvas.appearance)
        let size = body.sizeThatFits(ProposedSize(width: canvas.proposal.width, height: nil), in: &canvas)
        canvas.draw(body, in: Rect(origin: .zero, size: size))
        return size
    }

    /// The seed's body: the tick, 10 pt, then the text, faded and drained
    /// as the line crosses it; the whole row dips.
    private func body(at t: Double, in appearance: Appearance) -> some Drawing {
        let a = amount(at: t)
        let lag = Self.lag(a)
        let line = lineColors.value(at: t)
        return HStack(spacing: 10, direction: direction) {
            if tick.value(at: t) {
                Self.tickPath.trim(from: 0, to: a).stroke(line, style: Self.tickStroke, id: Part.tick)
                    .frame(width: 16, height: 16)
            }
            Text(paragraph, font: Self.font, color: colors.value(at: t, for: appearance), id: Part.text)
                .opacity(textOpacity(lag, at: t), id: Part.textStyle)
                .saturation(Self.saturation(lag))
                .overlay(alignment: direction == .leftToRight ? .leading : .trailing) {
                    Capsule().fill(line, id: Part.line).frame(widthFraction: a, height: 1.6)
                }
        }
        .scaleEffect(Self.dipScale(a), id: Part.row)
    }

    /// The row with the tick shown (16 pt and the 10 pt gap before the
    /// text), a little wider for the stroke's round ends and the dip's
    /// overshoot; nine items and the text's runs at most.
    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        let offered = canvas.proposal.width.map { ProposedSize(width: max(0, $0 - 26), height: nil) } ?? .unspecified
        let text = Text(paragraph, font: Self.font, color: RGBA(red: 0, green: 0, blue: 0), id: Part.text)
            .sizeThatFits(offered, in: &canvas)
        let row = Rect(x: 0, y: 0, width: 26 + text.width, height: max(16, text.height))
        return DrawingExtent(bounds: row.outset(by: 2), maxItems: 9 + paragraph.maxRuns)
    }

    // MARK: The math

    /// The fade lags the line: it starts once the stroke is 40% across.
    private static func lag(_ a: Double) -> Double { clamp01((a - 0.4) / 0.6) }

    private func textOpacity(_ lag: Double, at t: Double) -> Double { 1 - (1 - fade.value(at: t)) * lag }

    private static func saturation(_ lag: Double) -> Double { 1 - 0.85 * lag }

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
