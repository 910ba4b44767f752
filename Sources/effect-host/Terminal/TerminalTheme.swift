import EffectHost
import EffectRender
import Glibc

/// The ground a live view draws on and the appearance it asks effects for.
///
/// Where the terminal says what its background is (it answers OSC 11, or
/// `COLORFGBG` names it), drawings sit on that background, in the
/// appearance that suits it, and blend over its colour. `--theme` names
/// the appearance instead. When neither says, the view paints a light
/// ground of its own, the one the components are designed on: whatever the
/// terminal's colours, the drawing is legible. So is a drawing from a
/// plugin older than ABI 1.3, which has only its light look.
struct TerminalTheme: Equatable {
    let appearance: Appearance
    /// The colour drawings blend over.
    let ground: RGB
    /// Whether the view paints `ground` itself; otherwise the terminal's
    /// own background shows where nothing is drawn.
    let paintsGround: Bool

    /// The light ground painted when nothing better is known.
    static let card = TerminalTheme(appearance: .light, ground: RGB(247, 247, 245), paintsGround: true)

    /// What `--theme` means on a terminal whose colour is not asked:
    /// SwiftUI's own backgrounds, white and black.
    static func named(_ appearance: Appearance) -> TerminalTheme {
        TerminalTheme(appearance: appearance, ground: appearance == .dark ? RGB(0, 0, 0) : RGB(255, 255, 255), paintsGround: false)
    }

    /// The theme for a background colour: dark below half luminance.
    static func on(_ background: RGB) -> TerminalTheme {
        let luminance = 0.2126 * Double(background.r) + 0.7152 * Double(background.g) + 0.0722 * Double(background.b)
        return TerminalTheme(appearance: luminance < 127.5 ? .dark : .light, ground: background, paintsGround: false)
    }

    /// The theme from, in order, `--theme`, the terminal's answer (`ask`
    /// runs only when needed) and `COLORFGBG`; the card otherwise.
    static func choose(option: Appearance?, environment: [String: String], ask: () -> RGB?) -> TerminalTheme {
        if let option { return named(option) }
        if let background = ask() { return on(background) }
        if let background = environment["COLORFGBG"].flatMap(colorFGBG) { return on(background) }
        return card
    }

    /// The background that `COLORFGBG` ("15;0", or rxvt's "0;default;15")
    /// names: its last field, an index into the 16 ANSI colours.
    static func colorFGBG(_ value: String) -> RGB? {
        guard let last = value.split(separator: ";").last, let index = Int(last), ColorDepth.ansi16.indices.contains(index)
        else { return nil }
        return ColorDepth.ansi16[index]
    }

    /// The theme drawings get: a plugin before ABI 1.3 draws its light look
    /// only, which needs a light ground.
    func serving(_ plugin: Plugin) -> TerminalTheme {
        appearance == .dark && !plugin.adaptsToAppearance ? .card : self
    }
}
