import EffectABI
import Glibc

/// The Breathe-app ring of circles from Emin Emini's article: circles on a
/// ring that spread out, grow and fade as you breathe in, turning the group
/// by `rotation`; hold; come back in and turn back as you breathe out; hold.
///
/// The article drives this with withAnimation(.easeInOut) and asyncAfter
/// timers; here every phase boundary is exact, so any t, however far into a
/// forever loop, gives the same frame.
struct BreathingCircles: EventStepping {
    static let info = EffectInfo(
        id: "breathing-circles", name: "Breathing Circles",
        summary: "A ring of circles that spreads, grows, fades and turns as you breathe in, and returns as you breathe out.",
        elementNoun: "circle", timingKinds: [.loops, .ends],
        timingDoc: "loops every breathe_in + hold_in + breathe_out + hold_out; with `breaths` > 0, ends after that many",
        credit: "after Emin Emini, \"Creating a Customizable Breathing Animation with SwiftUI\" (Level Up Coding, 2023)")

    static let breatheIn = Param.number(
        "breathe_in", default: 3, range: 0...600, unit: "s", live: false, doc: "Seconds to breathe in: the circles spread out.")
    static let holdIn = Param.number(
        "hold_in", default: 1, range: 0...600, unit: "s", live: false, doc: "Seconds to hold the breath in.")
    static let breatheOut = Param.number(
        "breathe_out", default: 3, range: 0...600, unit: "s", live: false, doc: "Seconds to breathe out: the circles come back.")
    static let holdOut = Param.number(
        "hold_out", default: 1, range: 0...600, unit: "s", live: false, doc: "Seconds to hold the breath out.")
    static let breaths = Param.integer(
        "breaths", default: 0, range: 0...1_000_000, live: false, doc: "Breaths before it rests; 0 breathes forever.")
    static let circleCount = Param.integer(
        "circle_count", default: 8, range: 1...360, live: false, doc: "How many circles stand on the ring.")
    static let circleSize = Param.number(
        "circle_size", default: 80, range: 1...10_000, unit: "pt", live: false,
        doc: "Each circle's diameter before scaling; no channel depends on it.")
    static let radius = Param.number(
        "radius", default: 70, range: 0...10_000, unit: "pt", live: false,
        doc: "How far each circle travels from the centre on a full breath.")
    static let rotation = Param.number(
        "rotation", default: 100, range: -3600...3600, unit: "deg", live: false,
        doc: "How far the group turns on each breath in (and back on each breath out).")
    static let reduceMotion = Param.reduceMotion(
        doc: "No travel, growth or turning: the circles stay centred and the breath shows as their fade alone.")

    static let params = [
        breatheIn.spec, holdIn.spec, breatheOut.spec, holdOut.spec, breaths.spec, circleCount.spec, circleSize.spec,
        radius.spec, rotation.spec, reduceMotion.spec,
    ]

    enum Channel: Int, ChannelSet {
        case expansion, rotation, phase, breathsTaken, finished

        var spec: ChannelSpec {
            switch self {
            case .expansion:
                ChannelSpec("expansion", range: 0...1, doc: "How far the breath is in: 0 contracted, 1 fully out (easeInOut).")
            case .rotation:
                ChannelSpec("rotation", unit: "deg", range: -3600...3600, doc: "The group's rotation: rotation · expansion.")
            case .phase:
                .discrete(
                    "phase", range: 0...3, labels: BreathingCircles.phaseNames,
                    doc: "The part of the breath: 1 is the hold after breathing in, 3 the one after breathing out; back to 0 once finished, as the component's state is.")
            case .breathsTaken:
                .counter("breaths_taken", doc: "Breaths completed so far, counted at the end of each hold out.")
            case .finished:
                .discrete("finished", range: 0...1, labels: ["breathing", "finished"], doc: "1 once `breaths` breaths are done.")
            }
        }
    }

    enum ElementChannel: Int, ChannelSet {
        case x, y, scale, opacity

        var spec: ChannelSpec {
            switch self {
            case .x: ChannelSpec("x", unit: "pt", doc: "Offset from the centre before the group rotation: cos(angle) · radius · expansion.")
            case .y: ChannelSpec("y", unit: "pt", doc: "Offset from the centre before the group rotation: sin(angle) · radius · expansion.")
            case .scale: ChannelSpec("scale", range: 1...2, doc: "The circle's scale: 1 + expansion.")
            case .opacity: ChannelSpec("opacity", range: 0.2...1, doc: "The circle's opacity: 1 − 0.8 · expansion.")
            }
        }
    }

    enum Attribute: Int, ChannelSet {
        case angle

        var spec: ChannelSpec {
            ChannelSpec("angle", unit: "deg", range: 0...360, doc: "The circle's direction on the ring: 360 · i / circle_count.")
        }
    }

    /// Caption text for each phase, as the ABI's labels of `phase`.
    static let phaseNames = ["Breathe in", "Hold", "Breathe out", "Hold"]

    private let breatheInLength: Double
    private let breatheOutLength: Double
    /// When breathing in, holding in and breathing out end within a cycle,
    /// added up once here rather than on every frame.
    private let breatheInEnd: Double
    private let holdInEnd: Double
    private let breatheOutEnd: Double
    private let cycle: Double
    private let breathLimit: Int
    private let radiusValue: Double
    private let rotationValue: Double
    /// The circles' directions on the ring, as cosines and sines.
    private let cosines: [Double]
    private let sines: [Double]
    private var reduceMotion: Steps<Bool>
    private let curve = CubicBezier.easeInOut
    private let diameter: Double
    let elements: [Element<Attribute>]

    init(params: ParamTimeline, strings: StringPool) throws(EffectFailure) {
        breatheInLength = params.created(Self.breatheIn)
        breatheOutLength = params.created(Self.breatheOut)
        breatheInEnd = breatheInLength
        holdInEnd = breatheInEnd + params.created(Self.holdIn)
        breatheOutEnd = holdInEnd + breatheOutLength
        cycle = breatheOutEnd + params.created(Self.holdOut)
        guard cycle > 0 else {
            throw EffectFailure(
                status: Status.range,
                "breathe_in, hold_in, breathe_out and hold_out add up to 0 s; a breath needs some time")
        }
        breathLimit = params.created(Self.breaths)
        radiusValue = params.created(Self.radius)
        rotationValue = params.created(Self.rotation)
        diameter = params.created(Self.circleSize)
        reduceMotion = Steps(initial: params.value(Self.reduceMotion, at: 0))
        let count = params.created(Self.circleCount)
        let angles = (0..<count).map { 2 * Double.pi / Double(count) * Double($0) }
        cosines = angles.map { cos($0) }
        sines = angles.map { sin($0) }
        elements = angles.map { Element(text: .empty, attributes: [$0 * 180 / .pi]) }
        for time in params.eventTimes where time > 0 { advance(to: time, params) }
    }

    /// What changes at one more event time (`EventStepping`): only
    /// `reduce_motion` may change after create.
    mutating func advance(to time: Double, _ params: ParamTimeline) {
        reduceMotion.append(params.value(Self.reduceMotion, at: time), at: time)
    }

    var timing: Timing {
        let settled = reduceMotion.lastChange
        if breathLimit > 0 { return .ends(at: max(Double(breathLimit) * cycle, settled)) }
        return .loops(start: settled, period: cycle)
    }

    func displayStrings(at t: Double) -> DisplayStrings {
        DisplayStrings(text: .empty, accessibilityLabel: .empty)
    }

    /// easeInOut through a phase `length` long, `elapsed` into it; a phase
    /// of no length is already over.
    @inline(__always)
    private func eased(_ elapsed: Double, over length: Double) -> Double {
        curve.value(at: length > 0 ? elapsed / length : 1)
    }

    /// Where the breath is at t: the phase, the eased expansion, and how
    /// many breaths are done, up to the counter limit.
    @inline(__always)
    private func breath(at t: Double) -> (phase: Int, expansion: Double, taken: Double, finished: Bool) {
        // After the last hold out the component sets its phase back to
        // breathe in, and its guard stops it there.
        if breathLimit > 0, t >= Double(breathLimit) * cycle { return (0, 0, Double(breathLimit), true) }
        // fmod is exact, so t = 1e6 s lands on exactly the same point of a
        // breath as t = 1e6 mod cycle.
        let within = fmod(t, cycle)
        // A breath of 1e-300 s makes the count overflow to infinity by t = 1e10.
        let taken = min(roundedHalfAway((t - within) / cycle), ChannelSpec.counterLimit)
        // Only the breaths move; the holds need no curve.
        if within < breatheInEnd { return (0, eased(within, over: breatheInLength), taken, false) }
        if within < holdInEnd { return (1, 1, taken, false) }
        if within < breatheOutEnd { return (2, 1 - eased(within - holdInEnd, over: breatheOutLength), taken, false) }
        return (3, 0, taken, false)
    }

    // Inlined into the kit's sampler, which then reads the model in place
    // instead of copying it for the call (docs/writing-plugins.md, Speed).
    @inline(__always)
    func sample(at t: Double, into frame: Frame<Self>) {
        let now = breath(at: t)
        let pose = self.pose(now.expansion, still: reduceMotion.value(at: t))
        frame[.expansion] = now.expansion
        frame[.rotation] = pose.rotation
        frame[.phase] = Double(now.phase)
        frame[.breathsTaken] = now.taken
        frame[.finished] = now.finished ? 1 : 0
        for index in cosines.indices {
            frame[index, .x] = cosines[index] * pose.travel
            frame[index, .y] = sines[index] * pose.travel
            frame[index, .scale] = pose.scale
            frame[index, .opacity] = pose.opacity
        }
    }

    /// What the breath does to the group and to every circle: `animate`'s
    /// rotation, travel, scale 2 and opacity 0.2, eased by expansion e.
    @inline(__always)
    private func pose(_ e: Double, still: Bool) -> (rotation: Double, travel: Double, scale: Double, opacity: Double) {
        // 1 − 0.8e, written so that e = 1 gives exactly 0.2.
        (still ? 0 : rotationValue * e, still ? 0 : radiusValue * e, still ? 1 : 1 + e, 0.2 + 0.8 * (1 - e))
    }

    // MARK: The look

    /// Display-list ids (docs/effects.md); circle i's are the bases + i.
    enum Part {
        static let ring: DrawID = 1
        static let circleGroup: DrawID = 0x100_0000
        static let circle: DrawID = 0x200_0000
    }

    static let gradient = Paint.linearGradient(
        stops: [
            GradientStop(RGBA(red: 32, green: 217, blue: 210), at: 0), GradientStop(RGBA(red: 12, green: 232, blue: 255), at: 1),
        ],
        start: .topLeading, end: .bottomTrailing)

    static var draws: Bool { true }

    /// The article's body: a ZStack of circle_size circles filled with the
    /// teal-to-cyan gradient, each scaled, faded and offset, the stack
    /// turned by the rotation.
    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        let pose = self.pose(breath(at: t).expansion, still: reduceMotion.value(at: t))
        let frame = Rect(x: 0, y: 0, width: diameter, height: diameter)
        var ring = GroupEffects()
        ring.transform.anchor = frame.point(at: .center)
        ring.transform.rotation = pose.rotation
        canvas.group(Part.ring, ring) { canvas in
            for index in cosines.indices {
                let circle = Circle().fill(Self.gradient, id: Part.circle + index)
                    .scaleEffect(pose.scale, id: Part.circleGroup + index)
                    .opacity(pose.opacity)
                    .offset(x: cosines[index] * pose.travel, y: sines[index] * pose.travel)
                canvas.draw(circle, in: frame)
            }
        }
        return frame.size
    }

    /// A full breath: each circle twice its size, `radius` from the centre,
    /// in any direction the turn takes it.
    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        let reach = abs(radiusValue) + diameter
        let centre = diameter / 2
        return DrawingExtent(
            bounds: Rect(x: centre - reach, y: centre - reach, width: 2 * reach, height: 2 * reach),
            maxItems: 2 + 5 * cosines.count)
    }
}
