import EffectHost
import EffectRender

/// Which samples of a track to keep as keyframes so that an engine
/// interpolating between them stays within a tolerance of every sample.
public enum KeyframeFit {
    /// Indices of the samples to keep (always the first and the last) so
    /// that straight lines between consecutive kept samples pass within
    /// `tolerance[c]` of component c of every sample in between. Greedy:
    /// each keyframe reaches as far as the next one can.
    public static func linear(times: [Double], values: [[Double]], tolerance: [Double]) -> [Int] {
        let count = times.count
        guard count > 2 else { return Array(0..<count) }
        var kept = [0]
        var from = 0
        while from < count - 1 {
            var to = from + 1
            while to + 1 < count, fits(times, values, tolerance, from, to + 1) { to += 1 }
            kept.append(to)
            from = to
        }
        return kept
    }

    /// Indices where a value held from one keyframe to the next changes:
    /// the first sample, each sample that differs from the one before, and
    /// the last.
    public static func holds(values: [[Double]]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var kept = [0]
        for k in values.indices.dropFirst() where values[k] != values[k - 1] { kept.append(k) }
        if kept.last != values.count - 1 { kept.append(values.count - 1) }
        return kept
    }

    /// Whether a line from sample `a` to sample `b` passes within the
    /// tolerance of every sample between them.
    private static func fits(_ times: [Double], _ values: [[Double]], _ tolerance: [Double], _ a: Int, _ b: Int) -> Bool {
        let span = times[b] - times[a]
        guard span > 0 else { return values[a] == values[b] }
        for k in (a + 1)..<b {
            let u = (times[k] - times[a]) / span
            for c in values[k].indices {
                let line = values[a][c] + (values[b][c] - values[a][c]) * u
                if !(abs(line - values[k][c]) <= tolerance[c]) { return false }
            }
        }
        return true
    }

    /// A cubic-bezier easing from one keyframe to the next, as Lottie
    /// writes it: time handles at 1/3 and 2/3 (so time runs straight
    /// through the curve) and value handles that give the segment the
    /// slopes the samples have at its ends: a cubic Hermite segment.
    public struct Easing: Equatable, Sendable {
        public let out: Double
        public let into: Double

        public static let linear = Easing(out: 1.0 / 3, into: 2.0 / 3)

        /// The fraction of the way from one keyframe's value to the next at
        /// the fraction `u` of the time between them.
        public func progress(_ u: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * out + 3 * v * u * u * into + u * u * u
        }
    }

    /// Keyframes (sample indices, always the first and the last) with the
    /// easing of the segment each one starts, so that every component of
    /// every sample between two keyframes lies within its tolerance of the
    /// eased curve between them. Each segment is as long as a Hermite or a
    /// straight easing can reach.
    public static func eased(times: [Double], values: [[Double]], tolerance: [Double]) -> [(index: Int, easing: Easing)] {
        let count = times.count
        guard count > 1 else { return count == 1 ? [(0, .linear)] : [] }
        var kept: [(index: Int, easing: Easing)] = []
        var from = 0
        while from < count - 1 {
            var to = from + 1
            var easing = Easing.linear
            while to + 1 < count, let next = fit(times, values, tolerance, from, to + 1) {
                to += 1
                easing = next
            }
            kept.append((from, easing))
            from = to
        }
        kept.append((count - 1, .linear))
        return kept
    }

    /// An easing from sample `a` to sample `b` that passes within the
    /// tolerance of every sample between them, or nil.
    private static func fit(_ times: [Double], _ values: [[Double]], _ tolerance: [Double], _ a: Int, _ b: Int) -> Easing? {
        let span = times[b] - times[a]
        guard span > 0 else { return values[a] == values[b] ? .linear : nil }
        // The component that moves furthest for its tolerance sets the slopes.
        var lead = 0
        var reach = -1.0
        for c in values[a].indices {
            let moved = abs(values[b][c] - values[a][c]) / max(tolerance[c], 1e-12)
            if moved > reach { (lead, reach) = (c, moved) }
        }
        var candidates = [Easing.linear]
        let change = values[b][lead] - values[a][lead]
        if change != 0, b - a >= 2 {
            // One-sided second-order slopes, from inside the segment only:
            // an event's kink on either side never leaks into it.
            let start = slope(times, values, lead, a, a + 1, a + 2)
            let end = slope(times, values, lead, b, b - 1, b - 2)
            candidates.insert(Easing(out: start * span / change / 3, into: 1 - end * span / change / 3), at: 0)
        }
        for candidate in candidates where passes(candidate, times, values, tolerance, a, b) { return candidate }
        return nil
    }

    /// The slope of component c at sample i, from samples j and k beyond it
    /// on one side (the three-point one-sided difference).
    private static func slope(_ times: [Double], _ values: [[Double]], _ c: Int, _ i: Int, _ j: Int, _ k: Int) -> Double {
        let (t0, t1, t2) = (times[i], times[j], times[k])
        let (v0, v1, v2) = (values[i][c], values[j][c], values[k][c])
        // The derivative at t0 of the parabola through the three samples.
        let d1 = (v1 - v0) / (t1 - t0)
        let d2 = (v2 - v0) / (t2 - t0)
        return (d1 * (t2 - t0) - d2 * (t1 - t0)) / (t2 - t1)
    }

    private static func passes(
        _ easing: Easing, _ times: [Double], _ values: [[Double]], _ tolerance: [Double], _ a: Int, _ b: Int
    ) -> Bool {
        let span = times[b] - times[a]
        for k in (a + 1)..<b {
            let p = easing.progress((times[k] - times[a]) / span)
            for c in values[k].indices {
                let curve = values[a][c] + (values[b][c] - values[a][c]) * p
                if !(abs(curve - values[k][c]) <= tolerance[c]) { return false }
            }
        }
        return true
    }
}
