import EffectHost

/// The part of cairo (libcairo.so.2, Debian's libcairo2, which ffmpeg
/// depends on) the pixel renderer draws with, loaded at run time so that
/// a machine without the -dev package builds and plays.
public struct Cairo: @unchecked Sendable {
    public typealias Context = OpaquePointer
    public typealias Surface = OpaquePointer
    public typealias Pattern = OpaquePointer

    /// cairo_matrix_t: x' = xx x + xy y + x0, y' = yx x + yy y + y0.
    public struct Matrix {
        public var xx = 1.0, yx = 0.0, xy = 0.0, yy = 1.0, x0 = 0.0, y0 = 0.0
        public init(_ map: Affine) { (xx, yx, xy, yy, x0, y0) = (map.a, map.b, map.c, map.d, map.tx, map.ty) }
    }

    /// cairo_text_extents_t.
    struct TextExtents { var xBearing = 0.0, yBearing = 0.0, width = 0.0, height = 0.0, xAdvance = 0.0, yAdvance = 0.0 }

    let imageSurfaceCreate: @convention(c) (Int32, Int32, Int32) -> Surface?
    let imageSurfaceCreateForData: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32) -> Surface?
    let surfaceStatus: @convention(c) (Surface?) -> Int32
    let surfaceFlush: @convention(c) (Surface?) -> Void
    let surfaceMarkDirty: @convention(c) (Surface?) -> Void
    let surfaceDestroy: @convention(c) (Surface?) -> Void
    let surfaceReference: @convention(c) (Surface?) -> Surface?
    let surfaceGetDeviceOffset: @convention(c) (Surface?, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void
    let imageSurfaceData: @convention(c) (Surface?) -> UnsafeMutablePointer<UInt8>?
    let imageSurfaceStride: @convention(c) (Surface?) -> Int32
    let imageSurfaceWidth: @convention(c) (Surface?) -> Int32
    let imageSurfaceHeight: @convention(c) (Surface?) -> Int32
    let create: @convention(c) (Surface?) -> Context?
    let destroy: @convention(c) (Context?) -> Void
    let status: @convention(c) (Context?) -> Int32
    let save: @convention(c) (Context?) -> Void
    let restore: @convention(c) (Context?) -> Void
    let setOperator: @convention(c) (Context?, Int32) -> Void
    let paint: @convention(c) (Context?) -> Void
    let paintWithAlpha: @convention(c) (Context?, Double) -> Void
    let transform: @convention(c) (Context?, UnsafeRawPointer) -> Void
    let setMatrix: @convention(c) (Context?, UnsafeRawPointer) -> Void
    let getMatrix: @convention(c) (Context?, UnsafeMutableRawPointer) -> Void
    let identityMatrix: @convention(c) (Context?) -> Void
    let newPath: @convention(c) (Context?) -> Void
    let moveTo: @convention(c) (Context?, Double, Double) -> Void
    let lineTo: @convention(c) (Context?, Double, Double) -> Void
    let curveTo: @convention(c) (Context?, Double, Double, Double, Double, Double, Double) -> Void
    let closePath: @convention(c) (Context?) -> Void
    let rectangle: @convention(c) (Context?, Double, Double, Double, Double) -> Void
    let setSourceRGBA: @convention(c) (Context?, Double, Double, Double, Double) -> Void
    let setSource: @convention(c) (Context?, Pattern?) -> Void
    let setSourceSurface: @convention(c) (Context?, Surface?, Double, Double) -> Void
    let fill: @convention(c) (Context?) -> Void
    let fillPreserve: @convention(c) (Context?) -> Void
    let stroke: @convention(c) (Context?) -> Void
    let clip: @convention(c) (Context?) -> Void
    let resetClip: @convention(c) (Context?) -> Void
    let clipExtents: @convention(c) (Context?, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void
    let setFillRule: @convention(c) (Context?, Int32) -> Void
    let setLineWidth: @convention(c) (Context?, Double) -> Void
    let setLineCap: @convention(c) (Context?, Int32) -> Void
    let setLineJoin: @convention(c) (Context?, Int32) -> Void
    let setMiterLimit: @convention(c) (Context?, Double) -> Void
    let pushGroup: @convention(c) (Context?) -> Void
    let popGroup: @convention(c) (Context?) -> Pattern?
    let patternGetSurface: @convention(c) (Pattern?, UnsafeMutablePointer<Surface?>) -> Int32
    let patternDestroy: @convention(c) (Pattern?) -> Void
    let selectFontFace: @convention(c) (Context?, UnsafePointer<CChar>, Int32, Int32) -> Void
    let setFontSize: @convention(c) (Context?, Double) -> Void
    let textExtents: @convention(c) (Context?, UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Void
    let textPath: @convention(c) (Context?, UnsafePointer<CChar>) -> Void
    let maskSurface: @convention(c) (Context?, Surface?, Double, Double) -> Void
    let imageSurfaceCreateFromPNGStream: @convention(c) (
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, UInt32) -> Int32, UnsafeMutableRawPointer?
    ) -> Surface?

    init(_ library: DynamicLibrary) throws(NativeError) {
        imageSurfaceCreate = try library.function("cairo_image_surface_create")
        imageSurfaceCreateForData = try library.function("cairo_image_surface_create_for_data")
        surfaceStatus = try library.function("cairo_surface_status")
        surfaceFlush = try library.function("cairo_surface_flush")
        surfaceMarkDirty = try library.function("cairo_surface_mark_dirty")
        surfaceDestroy = try library.function("cairo_surface_destroy")
        surfaceReference = try library.function("cairo_surface_reference")
        surfaceGetDeviceOffset = try library.function("cairo_surface_get_device_offset")
        imageSurfaceData = try library.function("cairo_image_surface_get_data")
        imageSurfaceStride = try library.function("cairo_image_surface_get_stride")
        imageSurfaceWidth = try library.function("cairo_image_surface_get_width")
        imageSurfaceHeight = try library.function("cairo_image_surface_get_height")
        create = try library.function("cairo_create")
        destroy = try library.function("cairo_destroy")
        status = try library.function("cairo_status")
        save = try library.function("cairo_save")
        restore = try library.function("cairo_restore")
        setOperator = try library.function("cairo_set_operator")
        paint = try library.function("cairo_paint")
        paintWithAlpha = try library.function("cairo_paint_with_alpha")
        transform = try library.function("cairo_transform")
        setMatrix = try library.function("cairo_set_matrix")
        getMatrix = try library.function("cairo_get_matrix")
        identityMatrix = try library.function("cairo_identity_matrix")
        newPath = try library.function("cairo_new_path")
        moveTo = try library.function("cairo_move_to")
        lineTo = try library.function("cairo_line_to")
        curveTo = try library.function("cairo_curve_to")
        closePath = try library.function("cairo_close_path")
        rectangle = try library.function("cairo_rectangle")
        setSourceRGBA = try library.function("cairo_set_source_rgba")
        setSource = try library.function("cairo_set_source")
        setSourceSurface = try library.function("cairo_set_source_surface")
        fill = try library.function("cairo_fill")
        fillPreserve = try library.function("cairo_fill_preserve")
        stroke = try library.function("cairo_stroke")
        clip = try library.function("cairo_clip")
        resetClip = try library.function("cairo_reset_clip")
        clipExtents = try library.function("cairo_clip_extents")
        setFillRule = try library.function("cairo_set_fill_rule")
        setLineWidth = try library.function("cairo_set_line_width")
        setLineCap = try library.function("cairo_set_line_cap")
        setLineJoin = try library.function("cairo_set_line_join")
        setMiterLimit = try library.function("cairo_set_miter_limit")
        pushGroup = try library.function("cairo_push_group")
        popGroup = try library.function("cairo_pop_group")
        patternGetSurface = try library.function("cairo_pattern_get_surface")
        patternDestroy = try library.function("cairo_pattern_destroy")
        selectFontFace = try library.function("cairo_select_font_face")
        setFontSize = try library.function("cairo_set_font_size")
        textExtents = try library.function("cairo_text_extents")
        textPath = try library.function("cairo_text_path")
        maskSurface = try library.function("cairo_mask_surface")
        imageSurfaceCreateFromPNGStream = try library.function("cairo_image_surface_create_from_png_stream")
    }

    /// Loaded once per process; the reason when cairo is missing or too old.
    public static let shared: Result<Cairo, NativeError> = {
        do throws(NativeError) {
            return .success(try Cairo(DynamicLibrary(["libcairo.so.2"], package: "libcairo2")))
        } catch {
            return .failure(error)
        }
    }()

    // The C enums' values, from cairo.h.
    static let formatARGB32: Int32 = 0
    static let formatA8: Int32 = 2
    static let operatorClear: Int32 = 0
    static let operatorSource: Int32 = 1
    static let fillRuleEvenOdd: Int32 = 1
    static let fontSlantNormal: Int32 = 0

    func matrix(_ context: Context) -> Affine {
        var m = Matrix(Affine())
        withUnsafeMutableBytes(of: &m) { getMatrix(context, $0.baseAddress!) }
        return Affine(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    func concatenate(_ context: Context, _ map: Affine) {
        var m = Matrix(map)
        withUnsafeBytes(of: &m) { transform(context, $0.baseAddress!) }
    }

    func setMatrix(_ context: Context, _ map: Affine) {
        var m = Matrix(map)
        withUnsafeBytes(of: &m) { setMatrix(context, $0.baseAddress!) }
    }

    /// An RGBA colour (0xRRGGBBAA) as the source, its alpha times `alpha`.
    func setColor(_ context: Context, _ rgba: UInt32, alpha: Double = 1) {
        setSourceRGBA(
            context, Double(rgba >> 24) / 255, Double((rgba >> 16) & 0xFF) / 255, Double((rgba >> 8) & 0xFF) / 255,
            Double(rgba & 0xFF) / 255 * alpha)
    }

    /// A PNG file's bytes decoded into an ARGB32 surface the caller
    /// destroys; nil when they are not a PNG cairo can read.
    func surface(png: [UInt8]) -> Surface? {
        let reader = PNGReader(png)
        let surface = withExtendedLifetime(reader) {
            imageSurfaceCreateFromPNGStream(
                { closure, data, length in
                    let reader = Unmanaged<PNGReader>.fromOpaque(closure!).takeUnretainedValue()
                    return reader.read(into: data, count: Int(length)) ? 0 : 11  // CAIRO_STATUS_READ_ERROR
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        guard surfaceStatus(surface) == 0 else {
            surfaceDestroy(surface)
            return nil
        }
        return surface
    }

    /// Lays `segments` out as the current path.
    func path(_ context: Context, _ segments: [DrawSegment]) {
        newPath(context)
        for segment in segments {
            switch segment {
            case let .move(x, y): moveTo(context, x, y)
            case let .line(x, y): lineTo(context, x, y)
            case let .cubic(x, y, x1, y1, x2, y2): curveTo(context, x1, y1, x2, y2, x, y)
            case .close: closePath(context)
            }
        }
    }
}

/// Hands cairo's PNG reader the bytes of one picture, in the pieces it asks for.
private final class PNGReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into data: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
        guard let data, count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + offset, count: count) }
        offset += count
        return true
    }
}
