/// The rates and lengths every front end takes (a render, an export, a
/// player; the command line's options and effect_host.h's fields), in one
/// place, with the one check of each.
public enum TimeLimits {
    /// Frames (or samples) a second.
    public static let frameRates = 0.1...1000.0
    /// The longest duration asked for, and the latest moment, in seconds.
    public static let longestDuration = 1e9
    /// `longestDuration` as people write it, not as 1000000000.
    public static let longestDurationText = "1e9"

    /// `fps`, when a run takes it.
    public static func checkRate(_ fps: Double) throws(TimeLimitError) {
        guard frameRates.contains(fps) else { throw .frameRate(fps) }
    }

    /// A duration asked for, 0 standing for the effect's own span.
    public static func checkDuration(_ seconds: Double) throws(TimeLimitError) {
        guard seconds.isFinite, seconds >= 0, seconds <= longestDuration else { throw .duration(seconds) }
    }

    /// A moment asked for (a still's).
    public static func checkMoment(_ t: Double) throws(TimeLimitError) {
        guard t.isFinite, t >= 0, t <= longestDuration else { throw .moment(t) }
    }
}

/// A rate, a length or a moment outside `TimeLimits`.
public enum TimeLimitError: Error, Equatable, Sendable {
    case frameRate(Double)
    case duration(Double)
    case moment(Double)

    /// One line, naming no front end's options.
    public var message: String {
        let rates = TimeLimits.frameRates
        let longest = TimeLimits.longestDurationText
        return switch self {
        case let .frameRate(fps): "fps must be \(formatNumber(rates.lowerBound)) to \(formatNumber(rates.upperBound)), not \(fps)"
        case let .duration(seconds): "a duration is 0 (the effect's span) to \(longest) seconds, not \(seconds)"
        case let .moment(t): "a still's time must be finite, 0 to \(longest) seconds, not \(t)"
        }
    }
}
