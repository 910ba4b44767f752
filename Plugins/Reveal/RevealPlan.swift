import EffectABI

enum RevealPreset: String, ParamChoice {
    case rise, blur, soften
}

/// One run of the reveal, from hidden, with the params it started with: the
/// stagger, each unit's curve, and when a highlighted chunk's wipe starts.
/// It holds no per-unit or per-chunk data, so a model with many replays
/// stays small.
struct RevealPlan: Equatable {
    let start: Double
    let preset: RevealPreset
    let masked: Bool
    let reduceMotion: Bool
    let delay: Double
    let stagger: Double
    let blurRadius: Double
    let unitHeight: Double
    let animation: Animation
    let animationSettle: Double
    let wipe: Animation
    let wipeSettle: Double
    /// How long after its chunk's last unit starts a wipe starts.
    let landing: Double
    /// When the last unit and the last wipe are at rest, in absolute time.
    let settleTime: Double

    init(
        start: Double, units: Int, lastHighlightedUnit: Int?, preset: RevealPreset, duration: Double,
        delay: Double, masksRise: Bool, blurRadius: Double, highlightDuration: Double, unitHeight: Double,
        reduceMotion: Bool, settleTime: (Animation) -> Double
    ) {
        self.start = start
        self.preset = preset
        self.reduceMotion = reduceMotion
        self.delay = delay
        self.blurRadius = blurRadius
        self.unitHeight = unitHeight
        masked = preset == .rise && masksRise && !reduceMotion
        // Each unit animates for about 0.5 s; what is left of `duration`
        // is spread across the stagger.
        let stagger = units > 1 && !reduceMotion ? max(0, duration - 0.5) / Double(units - 1) : 0
        self.stagger = stagger
        animation = Self.curve(preset: preset, masksRise: masksRise, reduceMotion: reduceMotion)
        let animationSettle = settleTime(animation)
        self.animationSettle = animationSettle
        wipe = reduceMotion ? .easeOut(duration: 0.3) : .spring(Spring.smooth(duration: highlightDuration) ?? Self.fallback)
        let wipeSettle = settleTime(wipe)
        self.wipeSettle = wipeSettle
        let landing = reduceMotion ? 0.2 : 0.42
        self.landing = landing
        let lastUnit = units > 0 ? Self.unitStart(units - 1, start, delay, stagger) + animationSettle : start
        let lastWipe = lastHighlightedUnit.map { Self.unitStart($0, start, delay, stagger) + landing + wipeSettle } ?? start
        self.settleTime = max(lastUnit, lastWipe)
    }

    /// When unit `index` starts, in absolute time. The sampler and the end
    /// both add the settle times to this one value, so at the end every
    /// curve has reached exactly 1: the header promises that any t at or
    /// after the end gives the frame at the end.
    @inline(__always)
    private static func unitStart(_ index: Int, _ start: Double, _ delay: Double, _ stagger: Double) -> Double {
        start + delay + Double(index) * stagger
    }

    private static let fallback = Spring(duration: 0.5, bounce: 0)!

    private static func curve(preset: RevealPreset, masksRise: Bool, reduceMotion: Bool) -> Animation {
        if reduceMotion { return .easeOut(duration: 0.35) }
        switch preset {
        case .rise:
            let spring = masksRise ? Spring(duration: 0.62, bounce: 0) : Spring(duration: 0.5, bounce: 0.12)
            return .spring(spring ?? fallback)
        case .blur: return .easeOut(duration: 0.55)
        case .soften: return .spring(Spring(duration: 0.5, bounce: 0) ?? fallback)
        }
    }

    /// An animation's progress at t when it starts at `begins`; from
    /// `begins + settle` on it is exactly 1, as SwiftUI ends a spring when
    /// it comes to rest.
    @inline(__always)
    private static func progress(_ animation: Animation, settle: Double, from begins: Double, at t: Double) -> Double {
        if t <= begins { return 0 }
        if t >= begins + settle { return 1 }
        return animation.progress(after: t - begins)
    }

    struct UnitState {
        let progress: Double
        let opacity: Double
        let offsetY: Double
        let blur: Double
        let scale: Double
    }

    // Inlined into the per-unit loop: the call and its returned struct cost
    // as much as the math.
    @inline(__always)
    func unit(_ index: Int, at t: Double) -> UnitState {
        let p = Self.progress(animation, settle: animationSettle, from: Self.unitStart(index, start, delay, stagger), at: t)
        let moves = !reduceMotion
        var offset = 0.0
        if moves && preset == .rise { offset = (masked ? 1.05 * unitHeight : 10) * (1 - p) }
        return UnitState(
            progress: p,
            opacity: masked ? 1 : clamp01(p),
            offsetY: offset,
            blur: moves && preset == .blur ? max(0, blurRadius * (1 - p)) : 0,
            scale: moves && preset == .soften ? 0.96 + 0.04 * p : 1)
    }

    /// The wipe of a highlighted chunk whose last unit is `lastUnit`: it
    /// starts `landing` after that unit does.
    func highlight(lastUnit: Int, at t: Double) -> Double {
        let begins = Self.unitStart(lastUnit, start, delay, stagger) + landing
        return clamp01(Self.progress(wipe, settle: wipeSettle, from: begins, at: t))
    }
}

/// The reveals of an instance over time: one on appear, and one from
/// hidden each time `replay` changes, each with the params it started with.
struct RevealSchedule {
    private(set) var reveals: Steps<RevealPlan>
    /// When the latest reveal is at rest, or the last event, if later.
    private(set) var end: Double
    private var replay: Int
    private let units: Int
    private let lastHighlightedUnit: Int?
    /// A spring's settle time takes a search to find, and replays mostly
    /// share their curves: the first few are found once. Bounded, because
    /// every version of the model copies it.
    private var settles: [(Animation, Double)] = []
    private static let remembered = 8

    /// The reveal on appear, from the params at create.
    init(_ params: ParamTimeline, units: Int, lastHighlightedUnit: Int?) {
        self.units = units
        self.lastHighlightedUnit = lastHighlightedUnit
        let first = Self.plan(params, at: 0, units: units, lastHighlightedUnit: lastHighlightedUnit, settles: &settles)
        reveals = Steps(initial: first)
        replay = params.value(TextReveal.replay, at: 0)
        end = first.settleTime
    }

    /// The schedule from one more event time on.
    mutating func advance(to time: Double, _ params: ParamTimeline) {
        let now = params.value(TextReveal.replay, at: time)
        if now != replay {
            let next = Self.plan(params, at: time, units: units, lastHighlightedUnit: lastHighlightedUnit, settles: &settles)
            reveals.append(next, at: time)
            replay = now
        }
        end = max(reveals.final.settleTime, time)
    }

    private static func plan(
        _ params: ParamTimeline, at start: Double, units: Int, lastHighlightedUnit: Int?, settles: inout [(Animation, Double)]
    ) -> RevealPlan {
        RevealPlan(
            start: start, units: units, lastHighlightedUnit: lastHighlightedUnit,
            preset: params.value(TextReveal.preset, at: start), duration: params.value(TextReveal.duration, at: start),
            delay: params.value(TextReveal.delay, at: start), masksRise: params.value(TextReveal.masksRise, at: start),
            blurRadius: params.value(TextReveal.blurRadius, at: start),
            highlightDuration: params.value(TextReveal.highlightDuration, at: start),
            unitHeight: params.value(TextReveal.unitHeight, at: start),
            reduceMotion: params.value(TextReveal.reduceMotion, at: start),
            settleTime: { animation in
                if let known = settles.first(where: { $0.0 == animation }) { return known.1 }
                let settle = animation.settleTime
                if settles.count < remembered { settles.append((animation, settle)) }
                return settle
            })
    }
}
