/// How many frames a run of an effect plays (the Player's, the command
/// line's and effect_host.h's runs), and the cap on them.
public enum RunLength {
    /// More frames than anyone would wait for, and far below where frame
    /// arithmetic could overflow: exactly what the longest duration at the
    /// highest rate takes (its frame at t = 0 and one every 1/fps), so no
    /// duration and rate each allowed alone are refused together.
    public static let maxFrames = TimeLimits.longestDuration * TimeLimits.frameRates.upperBound + 1

    /// The index of the last frame at `fps`: for `duration`, the last frame
    /// at or before it; otherwise the first frame at or after the effect's
    /// end (one entrance and one period for a looping effect), and never
    /// before `lastEvent`. At most `limit` frames.
    public static func lastFrame(
        of instance: EffectInstance, fps: Double, duration: Double?, lastEvent: Double, limit: Double = maxFrames
    ) throws -> Int {
        let seconds = try duration ?? FrameSpan.seconds(of: instance, lastEvent: lastEvent)
        let last = duration != nil ? FrameSpan.lastFrame(duration: seconds, fps: fps) : FrameSpan.lastFrame(covering: seconds, fps: fps)
        guard last + 1 <= limit else {
            throw RunLengthError.tooManyFrames(last + 1, limit: limit, seconds: seconds, fps: fps, asked: duration != nil)
        }
        return Int(last)
    }
}

/// A run longer than its cap.
public enum RunLengthError: Error, Equatable, Sendable {
    /// `frames` over `seconds` at `fps`, more than `limit`; `asked`: the
    /// duration was asked for, rather than the effect's own span.
    case tooManyFrames(Double, limit: Double, seconds: Double, fps: Double, asked: Bool)

    /// One line, naming no front end's options.
    public var message: String {
        switch self {
        case let .tooManyFrames(frames, limit, seconds, fps, _):
            "\(formatNumber(seconds)) s at \(formatNumber(fps)) fps makes \(formatNumber(frames)) frames, more than \(formatNumber(limit))"
        }
    }
}
