import CEffectHost

/// An "in" options struct of effect_host.h: `firstSize` is its size in the
/// API minor that brought it, what a caller built against that minor sets
/// in struct_size. A later minor appends fields past it and leaves this
/// number as it is, so that such a caller keeps working.
protocol OptionsStruct {
    static var firstSize: Int { get }
}

extension effect_host_catalog_options: OptionsStruct { static let firstSize = 24 }
extension effect_host_look: OptionsStruct { static let firstSize = 32 }
extension effect_host_placement: OptionsStruct { static let firstSize = 32 }
extension effect_host_render_options: OptionsStruct { static let firstSize = 80 }
extension effect_host_export_options: OptionsStruct { static let firstSize = 48 }
extension effect_host_validate_options: OptionsStruct { static let firstSize = 24 }
extension effect_host_play_options: OptionsStruct { static let firstSize = 40 }
extension effect_host_draw_options: OptionsStruct { static let firstSize = 32 }
