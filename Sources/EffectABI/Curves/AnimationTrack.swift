/// One animatable value and the timing-curve animations started on it, in
/// the order they started, sampled the way SwiftUI merges them.
///
/// When a new animation starts while an earlier one is still running,
/// SwiftUI keeps the earlier one going underneath and blends from its live
/// value toward the new target:
///
///     value(t) = previous(t) + progress((t − start) / duration) · (target − previous(t))
///
/// which keeps the value continuous through any number of retargets. Once an
/// animation has finished its progress is 1, so everything before it no
/// longer matters; sampling starts from the latest finished one. A spring
/// counts as finished at its settle time, where SwiftUI ends it too, so its
/// last 1e-3 snaps to the target there.
public struct AnimationTrack: Sendable, Equatable {
    @usableFromInline
    struct Segment: Sendable, Equatable {
        @usableFromInline let start: Double
        @usableFromInline let end: Double
        @usableFromInline let target: Double
        @usableFromInline let animation: Animation

        init(start: Double, end: Double, target: Double, animation: Animation) {
            self.start = start
            self.end = end
            self.target = target
            self.animation = animation
        }
    }

    public let initial: Double
    // Shared as the track grows (SharedArray), so one more animation on a
    // copy of a track costs O(1).
    @usableFromInline var segments = SharedArray<Segment>()

    public init(initial: Double) {
        self.initial = initial
        target = initial
    }

    /// The value the track is heading for: its model value in SwiftUI terms.
    public private(set) var target: Double

    /// The time the last animation finishes; 0 if nothing ever animates.
    public private(set) var settleTime: Double = 0
    // Held inline so that frames before the first animation and after the
    // last one settles (most frames) are answered without a search.
    @usableFromInline var firstStart = Double.infinity
    // And so are frames where the latest animation runs alone, every
    // earlier one done (the rest of most frames): from `aloneFrom` on,
    // the value is `base` blended toward the latest's target, which is
    // what the merge below works out for them, in the same arithmetic.
    @usableFromInline var latest: Segment?
    @usableFromInline var aloneFrom = Double.infinity
    @usableFromInline var base = 0.0

    /// Starts an animation toward `target` at time `start`. As in SwiftUI,
    /// setting the value it already has starts nothing. Starts must come in
    /// time order; an earlier one is moved to the latest start so far.
    public mutating func animate(to target: Double, at start: Double, with animation: Animation) {
        guard target != self.target else { return }
        let begin = max(start, segments.last?.start ?? start)
        let end = begin + animation.settleTime
        let segment = Segment(start: begin, end: end, target: target, animation: animation)
        segments.append(segment)
        latest = segment
        aloneFrom = max(begin, settleTime)
        base = self.target
        settleTime = max(settleTime, end)
        firstStart = min(firstStart, begin)
        self.target = target
    }

    /// Sets the value at `time` with no animation.
    public mutating func jump(to target: Double, at time: Double) {
        animate(to: target, at: time, with: .linear(duration: 0))
    }

    /// The presented value at time `t`.
    @inlinable @inline(__always)
    public func value(at t: Double) -> Double {
        if t < firstStart { return initial }
        // Every animation has finished by settleTime, the last one included.
        if t >= settleTime { return target }
        if t >= aloneFrom, let latest {
            return base + latest.animation.progress(after: t - latest.start) * (latest.target - base)
        }
        return Self.blended(at: t, from: initial, segments)
    }

    // Static, and given only what it reads: a method would need the whole
    // track at an address, and its inlined caller copies it to the stack
    // on every frame to give it one.
    @inlinable
    static func blended(at t: Double, from initial: Double, _ segments: SharedArray<Segment>) -> Double {
        let started = countStarted(segments, by: t)
        var first = 0
        var value = initial
        var index = started
        while index > 0 {
            index -= 1
            if segments[index].end <= t {
                value = segments[index].target
                first = index + 1
                break
            }
        }
        var segment = first
        while segment < started {
            let s = segments[segment]
            value += s.animation.progress(after: t - s.start) * (s.target - value)
            segment += 1
        }
        return value
    }

    /// How many segments have started at `t`; starts are in order.
    @inlinable
    static func countStarted(_ segments: SharedArray<Segment>, by t: Double) -> Int {
        var low = 0
        var high = segments.count
        while low < high {
            // Both are counts, far from overflowing; the wrapping add and the
            // shift spare the search an overflow check and a signed division.
            let middle = (low &+ high) &>> 1
            if segments[middle].start <= t { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
