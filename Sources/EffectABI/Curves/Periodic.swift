/// Stepped values that repeat: a caret's blink, a sprite's frames, a
/// count that cycles.
///
/// The natural blink, `t.truncatingRemainder(dividingBy: period) < period / 2`,
/// can differ at t and at t + period: t + period is rounded, and when t is
/// on an edge the rounding can land it a few ulps to the other side, so
/// the effect does not quite repeat (`validate`'s loops check tolerates
/// that much, but a host comparing frames need not). `step` is the same at
/// t and t + period, rounded or not.
public enum Periodic {
    /// How close to an edge, relative to the steps counted from t = 0,
    /// counts as on it: about 4,500 ulps, far more than the rounding of
    /// t + period and t / period, and under a microsecond at t = 10⁶ s
    /// for a one-second period.
    public static let edgeTolerance = 1e-12

    /// Which of `count` equal steps of each period t lies in, from 0 to
    /// count − 1, counting from t = 0 (before it, backwards):
    /// ⌊count · t / period⌋ mod count, where a t whose count · t / period is
    /// within `edgeTolerance` (relative, at least absolute) of a whole
    /// number n counts as exactly on that edge, so in step n mod count.
    /// Step k holds from k · period / count up to the next edge. A caret
    /// on for the first half of each period:
    /// `Periodic.step(t, period: period, count: 2) == 0`. 0 for a t or
    /// period that is not finite, a period ≤ 0 or a count < 1.
    @inlinable
    public static func step(_ t: Double, period: Double, count: Int) -> Int {
        guard t.isFinite, period.isFinite, period > 0, count >= 1 else { return 0 }
        var position = t / period * Double(count)
        guard position.isFinite, abs(position) < 0x1p62 else { return 0 }
        let nearest = position.rounded()
        if abs(position - nearest) <= edgeTolerance * max(1, abs(position)) { position = nearest }
        let index = Int(position.rounded(.down)) % count
        return index < 0 ? index + count : index
    }
}
