/// How one animated change moves from where it starts (0) to its target (1)
/// over time: a timing curve over a fixed duration, or a spring.
public enum Animation: Sendable, Equatable {
    case timing(CubicBezier, duration: Double)
    case spring(Spring)

    public static func easeInOut(duration: Double) -> Animation { .timing(.easeInOut, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { .timing(.easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { .timing(.easeOut, duration: duration) }
    public static func linear(duration: Double) -> Animation { .timing(.linear, duration: duration) }

    /// Progress `elapsed` seconds after the start: 0 before it, 1 once done.
    /// A zero or negative duration jumps straight to 1.
    @inlinable
    public func progress(after elapsed: Double) -> Double {
        switch self {
        case let .timing(curve, duration):
            guard duration > 0 else { return elapsed >= 0 ? 1 : 0 }
            return curve.value(at: elapsed / duration)
        case let .spring(spring):
            return spring.value(at: elapsed)
        }
    }

    /// Seconds until the motion is over: the duration of a timing curve, or
    /// the time a spring comes within 1e-3 of rest.
    public var settleTime: Double {
        switch self {
        case let .timing(_, duration): return max(0, duration)
        case let .spring(spring): return spring.settleTime()
        }
    }
}
