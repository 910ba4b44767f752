import CEffect
import CEffectHost
import EffectExport
import EffectHost
import EffectRender

/// What an effect_host_look asks for, checked.
struct Look {
    let appearance: Appearance
    let width: Double
    /// The fonts loaded, and what they said as they loaded (`LoadedFonts`).
    let loaded: LoadedFonts
    let fontFile: String?
    let ground: GroundChoice

    init(_ pointer: UnsafePointer<effect_host_look>?) throws {
        var defaults = effect_host_look()
        defaults.struct_size = UInt32(MemoryLayout<effect_host_look>.size)
        let look = try options(pointer, defaults: defaults, named: "effect_host_look")
        switch look.appearance {
        case EFFECT_APPEARANCE_LIGHT: appearance = .light
        case EFFECT_APPEARANCE_DARK: appearance = .dark
        default: throw Failure(EFFECT_ERR_RANGE, "appearance \(look.appearance) is neither EFFECT_APPEARANCE_LIGHT nor _DARK")
        }
        width = look.width == 0 ? ExportSettings.defaultWidth : look.width
        try PictureLimits.checkProposedWidth(width)
        switch look.ground {
        case EFFECT_HOST_GROUND_DEFAULT: ground = .byDefault
        case EFFECT_HOST_GROUND_TRANSPARENT: ground = .transparent
        case EFFECT_HOST_GROUND_COLOR: ground = .color(ColorText.css(look.ground_color))
        default: throw Failure(EFFECT_ERR_RANGE, "ground \(look.ground) is not one of EFFECT_HOST_GROUND_*")
        }
        let choice = try look.font.map { name throws(Failure) in FontBook.Choice.named(try text(name, "font")) } ?? .family(FontBook.defaultFamily)
        fontFile = if case let .file(path)? = choice { path } else { nil }
        loaded = try LoadedFonts(choice)
    }

    /// A picture's style: the appearance the instance draws, and its
    /// ground, by default the appearance's window colour.
    func style(for instance: EffectInstance) -> PictureStyle {
        let appearance = instance.drawnAppearance(appearance)
        var style = PictureStyle(appearance: appearance)
        style.background = ground.css(default: PictureStyle.ground(for: appearance))
        style.fonts = fonts
        return style
    }

    var fonts: FontBook? { loaded.fonts }
}
