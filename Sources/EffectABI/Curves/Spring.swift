import Glibc

/// SwiftUI's `spring(duration:bounce:)` as a closed-form step response:
/// mass 1, stiffness (2π/duration)², damping 4π(1 − bounce)/duration,
/// starting at rest at 0 and heading for 1.
///
/// bounce 0 is critically damped (SwiftUI's `.smooth`); 0 < bounce < 1 is
/// underdamped and overshoots. The damping ratio works out to 1 − bounce.
public struct Spring: Sendable, Equatable {
    public let duration: Double
    public let bounce: Double

    /// Returns nil unless duration is finite and positive and
    /// 0 ≤ bounce < 1 (a bounce of 1 would never come to rest).
    public init?(duration: Double, bounce: Double = 0) {
        guard duration.isFinite, duration > 0, bounce >= 0, bounce < 1 else { return nil }
        self.duration = duration
        self.bounce = bounce
        naturalFrequency = 2 * Double.pi / duration
        dampingRatio = 1 - bounce
        dampedFrequency = naturalFrequency * (1 - dampingRatio * dampingRatio).squareRoot()
    }

    /// SwiftUI's `.smooth(duration:)`: a spring with no bounce.
    public static func smooth(duration: Double) -> Spring? {
        Spring(duration: duration, bounce: 0)
    }

    public var stiffness: Double { naturalFrequency * naturalFrequency }
    public var damping: Double { 4 * Double.pi * (1 - bounce) / duration }

    // Derived once here rather than per sample: a division and a square
    // root per unit per frame showed in text-reveal's profile.
    @usableFromInline let naturalFrequency: Double
    @usableFromInline let dampingRatio: Double
    @usableFromInline let dampedFrequency: Double

    /// Progress at `elapsed` seconds: 0 before the start, then toward 1,
    /// past it on the way for a bouncy spring.
    @inlinable
    public func value(at elapsed: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        return 1 - displacement(at: elapsed)
    }

    /// Distance from rest, 1 − value, at `elapsed` ≥ 0.
    @inlinable
    func displacement(at elapsed: Double) -> Double {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        if bounce == 0 {
            return exp(-w0 * elapsed) * (1 + w0 * elapsed)
        }
        let wd = dampedFrequency
        let decay = exp(-zeta * w0 * elapsed)
        return decay * (cos(wd * elapsed) + (zeta * w0 / wd) * sin(wd * elapsed))
    }

    /// The first time after which the spring stays within `tolerance` of
    /// rest for good.
    ///
    /// Critically damped, the distance only shrinks, so one crossing is
    /// found by bisection. Underdamped, the distance peaks where the velocity
    /// is zero, at kπ/ωd, with height e^(−ζω₀kπ/ωd); the last peak above the
    /// tolerance is found directly, and the crossing after it by bisection.
    public func settleTime(tolerance: Double = 1e-3) -> Double {
        let epsilon = clamp(tolerance, to: 1e-12...0.5)
        var low: Double
        var high: Double
        if bounce == 0 {
            low = 0
            high = duration
            while displacement(at: high) > epsilon { high *= 2 }
        } else {
            let halfCycle = Double.pi / dampedFrequency
            let decayPerHalfCycle = dampingRatio * naturalFrequency * halfCycle
            let lastPeak = (log(1 / epsilon) / decayPerHalfCycle).rounded(.down)
            low = lastPeak * halfCycle
            high = (lastPeak + 1) * halfCycle
            if abs(displacement(at: low)) <= epsilon { low = max(0, low - halfCycle) }
        }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if abs(displacement(at: middle)) > epsilon { low = middle } else { high = middle }
            if high - low < 1e-12 { break }
        }
        return high
    }
}
