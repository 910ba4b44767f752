import Foundation

/// Independent references for the tests: the same formulas the seeds and
/// SwiftUI use, computed a different way from the kit (bisection instead
/// of Newton's method, numerical integration instead of the closed form),
/// so a test compares two computations rather than one with itself.
public enum Reference {
    /// A cubic-Bézier timing curve at time fraction x, by bisection on the
    /// curve parameter.
    public static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func component(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - u) * (1 - u) * u * p1 + 3 * (1 - u) * u * u * p2 + u * u * u
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if component(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return component((low + high) / 2, y1, y2)
    }

    public static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }
    public static func easeIn(_ x: Double) -> Double { bezier(0.42, 0, 1, 1, at: x) }
    public static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, at: x) }

    /// A spring released at rest at 0 toward 1 (mass 1, stiffness
    /// (2π/duration)², damping 4π(1 − bounce)/duration), integrated with
    /// fourth-order Runge–Kutta in `steps` steps up to `time`.
    public static func spring(duration: Double, bounce: Double, at time: Double, steps: Int = 20_000) -> Double {
        let stiffness = pow(2 * Double.pi / duration, 2)
        let damping = 4 * Double.pi * (1 - bounce) / duration
        func acceleration(_ x: Double, _ v: Double) -> Double { -stiffness * (x - 1) - damping * v }
        var x = 0.0
        var v = 0.0
        let h = time / Double(steps)
        for _ in 0..<steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    /// The strikethrough seed's channels for one amount `a`, written out
    /// from strikethrough-reveal.txt.
    public struct StrikeFrame {
        public let amount: Double
        public let lineWidth: Double
        public let textOpacity: Double
        public let saturation: Double
        public let scale: Double
        public let tickTrim: Double

        public var values: [Double] { [amount, lineWidth, textOpacity, saturation, scale, tickTrim] }
    }

    public static func strike(amount a: Double, fade: Double = 0.45, tick: Bool = true) -> StrikeFrame {
        let lag = min(max((a - 0.4) / 0.6, 0), 1)
        var scale = 1.0
        if a > 0 && a < 1 {
            let x = min(a / 0.55, 1)
            scale = 1 - 0.015 * exp(-4.2 * x) * cos(7.5 * x)
        }
        return StrikeFrame(
            amount: a, lineWidth: a, textOpacity: 1 - (1 - fade) * lag, saturation: 1 - 0.85 * lag, scale: scale,
            tickTrim: tick ? a : 0)
    }
}

extension Reference {
    /// tracking-breathe's (tracking, opacity) at t, written out from
    /// tracking-breathe.txt with the seed's own millisecond arithmetic.
    public static func trackingBreathe(
        at t: Double, min: Double = 1, max: Double = 9, period: Double = 3.6, phase: Double? = nil,
        reduceMotion: Bool = false
    ) -> (tracking: Double, opacity: Double) {
        func breathe(_ p: Double) -> (Double, Double) {
            let wave = (1 - cos(2 * Double.pi * p)) / 2
            return (min + (max - min) * wave, 1 - 0.02 * wave)
        }
        if reduceMotion { return (min, 1) }
        if let phase { return breathe(Swift.min(Swift.max(phase, 0), 1)) }
        let elapsedMs = t * 1000
        if elapsedMs < 900 {
            let x = Swift.min(Swift.max(elapsedMs / 900, 0), 1)
            let eased = 1 - pow(1 - x, 5)
            let flared = max + 8
            return (flared + (min - flared) * eased, eased)
        }
        let cycle = ((elapsedMs - 900) / Swift.max(period * 1000, 1)).truncatingRemainder(dividingBy: 1)
        return breathe(cycle)
    }

    /// breathing-circles' global state at t, following the article's
    /// runAnimation step by step: breathe in, hold, breathe out, hold, and
    /// the breath count going up at the end of each hold out. When the
    /// breaths run out, the phase has just been set back to breathe in and
    /// the guard stops there.
    public static func breathingCircles(
        at t: Double, phases: [Double] = [3, 1, 3, 1], breaths: Int = 0
    ) -> (expansion: Double, phase: Int, taken: Int, finished: Bool) {
        var clock = 0.0
        var taken = 0
        while breaths == 0 || taken < breaths {
            for (phase, length) in phases.enumerated() {
                if t < clock + length {
                    let progress = easeInOut((t - clock) / length)
                    switch phase {
                    case 0: return (progress, 0, taken, false)
                    case 1: return (1, 1, taken, false)
                    case 2: return (1 - progress, 2, taken, false)
                    default: return (0, 3, taken, false)
                    }
                }
                clock += length
            }
            taken += 1
        }
        return (0, 0, taken, true)
    }
}
