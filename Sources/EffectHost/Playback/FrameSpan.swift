/// Which frames t = start + i / fps a run of an effect covers: what `run`,
/// `render` and the host API take when the caller names no length.
public enum FrameSpan {
    /// How long `instance` plays by itself: to its end, or through its
    /// entrance and one period of its loop, and never less than `lastEvent`.
    public static func seconds(of instance: EffectInstance, lastEvent: Double) throws(EffectError) -> Double {
        let end: Double
        switch try instance.info().timing {
        case let .ends(at): end = at
        case let .loops(start, period): end = start + period
        }
        return max(end, lastEvent)
    }

    /// The last frame's index when frames run for `duration` seconds: the
    /// last frame at or before it. A Double, to be checked against a limit
    /// before it becomes an Int.
    public static func lastFrame(duration: Double, fps: Double) -> Double {
        (duration * fps + 1e-9).rounded(.down)
    }

    /// The last frame's index when frames cover `seconds`: the first frame
    /// at or after its end.
    public static func lastFrame(covering seconds: Double, fps: Double) -> Double {
        (seconds * fps - 1e-9).rounded(.up)
    }

    /// The moment a still shows by default: the settled look, the effect's
    /// end (after its last event) or the start of its loop.
    public static func settledMoment(of instance: EffectInstance, lastEvent: Double) throws(EffectError) -> Double {
        switch try instance.info().timing {
        case let .ends(at): max(at, lastEvent)
        case let .loops(start, _): start
        }
    }

    /// One seamless period of a looping effect at `fps`: where its loop
    /// starts, how long it is and how many frames it takes; nil for an
    /// effect that ends.
    public static func period(of instance: EffectInstance, fps: Double) throws(EffectError)
        -> (start: Double, seconds: Double, frames: Double)?
    {
        guard case let .loops(start, period) = try instance.info().timing else { return nil }
        return (start, period, (period * fps).rounded())
    }
}
