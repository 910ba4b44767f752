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
        let lastUnit = units > 0 ? delay + Double(units - 1) * stagger + animationSettle : 0
        let lastWipe = lastHighlightedUnit.map { delay + Double($0) * stagger + landing + wipeSettle } ?? 0
        self.settleTime = start + max(lastUnit, lastWipe)
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

    /// An animation's progress `elapsed` after it starts; once settled it
    /// is exactly 1, as SwiftUI ends a spring when it comes to rest.
    @inline(__always)
    private static func progress(_ animation: Animation, settle: Double, after elapsed: Double) -> Double {
        if elapsed <= 0 { return 0 }
        if elapsed >= settle { return 1 }
        return animation.progress(after: elapsed)
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
        let p = Self.progress(animation, settle: animationSettle, after: t - start - delay - Double(index) * stagger)
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
        let wipeStart = delay + Double(lastUnit) * stagger + landing
        return clamp01(Self.progress(wipe, settle: wipeSettle, after: t - start - wipeStart))
    }
}
