import EffectHost

/// The part of HarfBuzz (libharfbuzz.so.0, 4.0 or later) that shapes runs,
/// draws glyph outlines, tells a character's script and hands out colour
/// glyphs' bitmaps, loaded at run time. HarfBuzz reads the font itself (its
/// OpenType implementation, as `hb-shape` does by default), so no FreeType
/// is needed.
struct HarfBuzz: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    /// hb_glyph_info_t and hb_glyph_position_t, as hb.h lays them out.
    struct GlyphInfo { var codepoint, mask, cluster, var1, var2: UInt32 }
    struct GlyphPosition { var xAdvance, yAdvance, xOffset, yOffset: Int32; var reserved: UInt32 }
    /// hb_font_extents_t: ascender, descender (negative below), line gap, reserved.
    struct FontExtents {
        var ascender: Int32 = 0, descender: Int32 = 0, lineGap: Int32 = 0
        var reserved: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    typealias MoveTo = @convention(c) (Pointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Float, Float, UnsafeMutableRawPointer?) -> Void
    typealias QuadraticTo = @convention(c) (
        Pointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Float, Float, Float, Float, UnsafeMutableRawPointer?
    ) -> Void
    typealias CubicTo = @convention(c) (
        Pointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Float, Float, Float, Float, Float, Float,
        UnsafeMutableRawPointer?
    ) -> Void
    /// hb_glyph_extents_t: from the pen, y up; height is negative.
    struct GlyphExtents { var xBearing: Int32 = 0, yBearing: Int32 = 0, width: Int32 = 0, height: Int32 = 0 }
    /// hb_direction_t.
    static let leftToRight: UInt32 = 4
    static let rightToLeft: UInt32 = 5

    typealias ClosePath = @convention(c) (Pointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    let blobFromFile: @convention(c) (UnsafePointer<CChar>) -> Pointer?
    let blobLength: @convention(c) (Pointer?) -> UInt32
    let blobDestroy: @convention(c) (Pointer?) -> Void
    let faceCreate: @convention(c) (Pointer?, UInt32) -> Pointer?
    let faceUpem: @convention(c) (Pointer?) -> UInt32
    let faceGlyphCount: @convention(c) (Pointer?) -> UInt32
    let faceDestroy: @convention(c) (Pointer?) -> Void
    let fontCreate: @convention(c) (Pointer?) -> Pointer?
    let fontSetScale: @convention(c) (Pointer?, Int32, Int32) -> Void
    let fontExtents: @convention(c) (Pointer?, UnsafeMutableRawPointer) -> Int32
    let fontDestroy: @convention(c) (Pointer?) -> Void
    let glyphShape: @convention(c) (Pointer?, UInt32, Pointer?, UnsafeMutableRawPointer?) -> Void
    let bufferCreate: @convention(c) () -> Pointer?
    let bufferAddUTF8: @convention(c) (Pointer?, UnsafePointer<CChar>, Int32, UInt32, Int32) -> Void
    let bufferGuessProperties: @convention(c) (Pointer?) -> Void
    let bufferClear: @convention(c) (Pointer?) -> Void
    let bufferInfos: @convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?
    let bufferPositions: @convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?
    let bufferDestroy: @convention(c) (Pointer?) -> Void
    let shape: @convention(c) (Pointer?, Pointer?, UnsafeRawPointer?, UInt32) -> Void
    let bufferSetDirection: @convention(c) (Pointer?, UInt32) -> Void
    let bufferSetScript: @convention(c) (Pointer?, UInt32) -> Void
    let bufferSetLanguage: @convention(c) (Pointer?, UnsafeRawPointer?) -> Void
    let languageDefault: @convention(c) () -> UnsafeRawPointer?
    let unicodeFuncsDefault: @convention(c) () -> Pointer?
    let unicodeScript: @convention(c) (Pointer?, UInt32) -> UInt32
    let nominalGlyph: @convention(c) (Pointer?, UInt32, UnsafeMutablePointer<UInt32>) -> Int32
    let glyphExtents: @convention(c) (Pointer?, UInt32, UnsafeMutableRawPointer) -> Int32
    let colorHasPNG: @convention(c) (Pointer?) -> Int32
    let colorGlyphPNG: @convention(c) (Pointer?, UInt32) -> Pointer?
    let blobData: @convention(c) (Pointer?, UnsafeMutablePointer<UInt32>?) -> UnsafePointer<UInt8>?
    let drawFuncsCreate: @convention(c) () -> Pointer?
    let drawFuncsDestroy: @convention(c) (Pointer?) -> Void
    let setMoveTo: @convention(c) (Pointer?, MoveTo, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
    let setLineTo: @convention(c) (Pointer?, MoveTo, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
    let setQuadraticTo: @convention(c) (Pointer?, QuadraticTo, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
    let setCubicTo: @convention(c) (Pointer?, CubicTo, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void
    let setClosePath: @convention(c) (Pointer?, ClosePath, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void

    init(_ library: DynamicLibrary) throws(NativeError) {
        blobFromFile = try library.function("hb_blob_create_from_file_or_fail")
        blobLength = try library.function("hb_blob_get_length")
        blobDestroy = try library.function("hb_blob_destroy")
        faceCreate = try library.function("hb_face_create")
        faceUpem = try library.function("hb_face_get_upem")
        faceGlyphCount = try library.function("hb_face_get_glyph_count")
        faceDestroy = try library.function("hb_face_destroy")
        fontCreate = try library.function("hb_font_create")
        fontSetScale = try library.function("hb_font_set_scale")
        fontExtents = try library.function("hb_font_get_h_extents")
        fontDestroy = try library.function("hb_font_destroy")
        glyphShape = try library.function("hb_font_get_glyph_shape")
        bufferCreate = try library.function("hb_buffer_create")
        bufferAddUTF8 = try library.function("hb_buffer_add_utf8")
        bufferGuessProperties = try library.function("hb_buffer_guess_segment_properties")
        bufferClear = try library.function("hb_buffer_clear_contents")
        bufferInfos = try library.function("hb_buffer_get_glyph_infos")
        bufferPositions = try library.function("hb_buffer_get_glyph_positions")
        bufferDestroy = try library.function("hb_buffer_destroy")
        shape = try library.function("hb_shape")
        bufferSetDirection = try library.function("hb_buffer_set_direction")
        bufferSetScript = try library.function("hb_buffer_set_script")
        bufferSetLanguage = try library.function("hb_buffer_set_language")
        languageDefault = try library.function("hb_language_get_default")
        unicodeFuncsDefault = try library.function("hb_unicode_funcs_get_default")
        unicodeScript = try library.function("hb_unicode_script")
        nominalGlyph = try library.function("hb_font_get_nominal_glyph")
        glyphExtents = try library.function("hb_font_get_glyph_extents")
        colorHasPNG = try library.function("hb_ot_color_has_png")
        colorGlyphPNG = try library.function("hb_ot_color_glyph_reference_png")
        blobData = try library.function("hb_blob_get_data")
        drawFuncsCreate = try library.function("hb_draw_funcs_create")
        drawFuncsDestroy = try library.function("hb_draw_funcs_destroy")
        setMoveTo = try library.function("hb_draw_funcs_set_move_to_func")
        setLineTo = try library.function("hb_draw_funcs_set_line_to_func")
        setQuadraticTo = try library.function("hb_draw_funcs_set_quadratic_to_func")
        setCubicTo = try library.function("hb_draw_funcs_set_cubic_to_func")
        setClosePath = try library.function("hb_draw_funcs_set_close_path_func")
    }

    /// Loaded once per process; nil (with the reason) when HarfBuzz is missing or too old.
    static let shared: Result<HarfBuzz, NativeError> = {
        do throws(NativeError) {
            return .success(try HarfBuzz(DynamicLibrary(["libharfbuzz.so.0"], package: "libharfbuzz0b")))
        } catch {
            return .failure(error)
        }
    }()
}
