import EffectHost
import Glibc

/// Terminal facts and the escape sequences the renderers use.
public enum Terminal {
    public static let reset = "\u{1B}[0m"
    public static let clearLine = "\u{1B}[2K"

    /// TERM=dumb: a terminal that takes no escape sequences at all.
    public static var isDumb: Bool { getenv("TERM").map { String(cString: $0) } == "dumb" }

    /// The variables among `names` that are set, with their values.
    public static func environment(_ names: [String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// Bidirectional overrides and isolates, zero-width characters and
    /// line separators: invisible, and able to make a line show something
    /// other than what it holds (text that reads backwards, a name that
    /// looks like another).
    private static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB: true
        default: false
        }
    }

    /// Text from a plugin or a user made safe to print: control characters
    /// (escape sequences included) and invisible format characters are
    /// written as visible \u{...} escapes instead of reaching the terminal.
    public static func sanitize(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isPrintable(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }

    /// Whether `scalar` reaches a terminal as itself: not a control
    /// character and not an invisible format character.
    public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        !(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || isInvisibleFormat(scalar.value))
    }
}

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
