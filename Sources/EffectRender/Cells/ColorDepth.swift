import EffectHost
import Glibc

/// How many colours the terminal shows, from the environment as terminals
/// announce it: `NO_COLOR` (set and not empty) or `TERM=dumb` for none,
/// `COLORTERM=truecolor` or `24bit` for 24-bit colour, a `TERM` naming
/// 256 colours for the xterm palette, and the 16 ANSI colours otherwise.
public enum ColorDepth: Equatable {
    case trueColor, palette256, basic16, none

    /// The depth this process's environment announces.
    public static var current: ColorDepth { from(environment: Terminal.environment(["NO_COLOR", "TERM", "COLORTERM"])) }

    public static func from(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") { return .trueColor }
        if term.contains("256color") { return .palette256 }
        return .basic16
    }

    /// The SGR parameters that set `color` as the foreground or the
    /// background; nil at no colour.
    public func parameters(_ color: RGB, foreground: Bool) -> String? {
        switch self {
        case .trueColor: return "\(foreground ? 38 : 48);2;\(color.r);\(color.g);\(color.b)"
        case .palette256: return "\(foreground ? 38 : 48);5;\(Self.nearest256(color))"
        case .basic16:
            let index = Self.nearest(color, among: Self.ansi16)
            return String((foreground ? 30 : 40) + (index < 8 ? index : 60 + index - 8))
        case .none: return nil
        }
    }

    /// xterm's palette: a 6 × 6 × 6 cube from 16, and 24 greys from 232.
    private static func nearest256(_ color: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ channel: Int) -> Int { levels.indices.min { abs(levels[$0] - channel) < abs(levels[$1] - channel) }! }
        let (r, g, b) = (level(color.r), level(color.g), level(color.b))
        let cube = RGB(levels[r], levels[g], levels[b])
        let grey = min(23, max(0, (((color.r + color.g + color.b) / 3) - 8 + 5) / 10))
        let greyColor = RGB(8 + 10 * grey, 8 + 10 * grey, 8 + 10 * grey)
        return distance(color, greyColor) < distance(color, cube) ? 232 + grey : 16 + 36 * r + 6 * g + b
    }

    /// xterm's 16 ANSI colours: black, red, green, yellow, blue, magenta,
    /// cyan, white, then their bright forms.
    public static let ansi16 = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205),
        RGB(0, 205, 205), RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    private static func nearest(_ color: RGB, among palette: [RGB]) -> Int {
        palette.indices.min { distance(color, palette[$0]) < distance(color, palette[$1]) }!
    }

    private static func distance(_ a: RGB, _ b: RGB) -> Int {
        (a.r - b.r) * (a.r - b.r) + (a.g - b.g) * (a.g - b.g) + (a.b - b.b) * (a.b - b.b)
    }
}
