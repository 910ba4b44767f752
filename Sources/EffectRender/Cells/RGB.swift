import EffectHost

/// An sRGB colour with 8-bit channels.
public struct RGB: Equatable, Sendable {
    public var r: Int
    public var g: Int
    public var b: Int

    public init(_ r: Int, _ g: Int, _ b: Int) {
        self.r = r
        self.g = g
        self.b = b
    }

    public init(packed: UInt32) {
        self.init(Int(packed >> 24 & 0xFF), Int(packed >> 16 & 0xFF), Int(packed >> 8 & 0xFF))
    }

    /// This colour laid over `background` at `opacity`.
    public func over(_ background: RGB, opacity: Double) -> RGB {
        let a = max(0, min(1, opacity))
        func mix(_ top: Int, _ bottom: Int) -> Int { Int((Double(bottom) + (Double(top) - Double(bottom)) * a).rounded()) }
        return RGB(mix(r, background.r), mix(g, background.g), mix(b, background.b))
    }

    /// The colour with its saturation scaled, keeping Rec. 709 luminance, as
    /// SwiftUI's `.saturation` does.
    public func saturated(_ amount: Double) -> RGB {
        let (sr, sg, sb) = Self.saturate(Double(r), Double(g), Double(b), amount)
        func level(_ channel: Double) -> Int { Int(max(0, min(255, channel.rounded()))) }
        return RGB(level(sr), level(sg), level(sb))
    }

    /// Channels (of any scale) with their saturation scaled about their
    /// Rec. 709 luminance: SVG's feColorMatrix "saturate", unclamped.
    public static func saturate(_ r: Double, _ g: Double, _ b: Double, _ amount: Double) -> (Double, Double, Double) {
        let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
        return (luminance + (r - luminance) * amount, luminance + (g - luminance) * amount, luminance + (b - luminance) * amount)
    }
}
