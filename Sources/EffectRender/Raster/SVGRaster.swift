import EffectHost
import Glibc

/// Pixels from SVG: librsvg renders each frame's document into one cairo
/// image surface, reused for the whole run. Both libraries are loaded at
/// run time (Debian's librsvg2-2 and libcairo2; ffmpeg depends on them).
public final class SVGRaster {
    public let width: Int
    public let height: Int
    private let api: API
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// RsvgRectangle: where the document's viewport goes, in pixels.
    private struct Viewport { var x = 0.0, y = 0.0, width: Double, height: Double }

    private struct API: @unchecked Sendable {
        let handleFromData: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
        let renderDocument: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
        let unref: @convention(c) (OpaquePointer?) -> Void
        let errorFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
        let surfaceCreate: @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
        let surfaceStatus: @convention(c) (OpaquePointer?) -> Int32
        let surfaceFlush: @convention(c) (OpaquePointer?) -> Void
        let surfaceData: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
        let surfaceStride: @convention(c) (OpaquePointer?) -> Int32
        let surfaceDestroy: @convention(c) (OpaquePointer?) -> Void
        let writePNG: @convention(c) (OpaquePointer?, UnsafePointer<CChar>) -> Int32
        let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let destroy: @convention(c) (OpaquePointer?) -> Void
        let setOperator: @convention(c) (OpaquePointer?, Int32) -> Void
        let paint: @convention(c) (OpaquePointer?) -> Void
        let save: @convention(c) (OpaquePointer?) -> Void
        let restore: @convention(c) (OpaquePointer?) -> Void

        init() throws(NativeError) {
            let rsvg = try DynamicLibrary(["librsvg-2.so.2"], package: "librsvg2-2")
            let cairo = try DynamicLibrary(["libcairo.so.2"], package: "libcairo2")
            let gobject = try DynamicLibrary(["libgobject-2.0.so.0"], package: "libglib2.0-0")
            let glib = try DynamicLibrary(["libglib-2.0.so.0"], package: "libglib2.0-0")
            handleFromData = try rsvg.function("rsvg_handle_new_from_data")
            renderDocument = try rsvg.function("rsvg_handle_render_document")
            unref = try gobject.function("g_object_unref")
            errorFree = try glib.function("g_error_free")
            surfaceCreate = try cairo.function("cairo_image_surface_create")
            surfaceStatus = try cairo.function("cairo_surface_status")
            surfaceFlush = try cairo.function("cairo_surface_flush")
            surfaceData = try cairo.function("cairo_image_surface_get_data")
            surfaceStride = try cairo.function("cairo_image_surface_get_stride")
            surfaceDestroy = try cairo.function("cairo_surface_destroy")
            writePNG = try cairo.function("cairo_surface_write_to_png")
            create = try cairo.function("cairo_create")
            destroy = try cairo.function("cairo_destroy")
            setOperator = try cairo.function("cairo_set_operator")
            paint = try cairo.function("cairo_paint")
            save = try cairo.function("cairo_save")
            restore = try cairo.function("cairo_restore")
        }

        static let shared: Result<API, NativeError> = {
            do throws(NativeError) { return .success(try API()) } catch { return .failure(error) }
        }()
    }

    /// The longest side a canvas may have, in pixels: 8K, which every
    /// encoder here takes, and a frame (256 MB of RGBA) a pipe carries.
    public static let maxSide = 8192

    /// A canvas for `picture` at `scale` pixels a point, or of exactly
    /// `size` pixels; with even sides if `even` (4:2:0 video needs them).
    public convenience init(for picture: FramePicture, scale: Double, size: (width: Int, height: Int)? = nil, even: Bool = false) throws {
        var (width, height) =
            size ?? (Int((picture.width * scale).rounded(.up)), Int((picture.height * scale).rounded(.up)))
        if even {
            width += width % 2
            height += height % 2
        }
        guard width <= Self.maxSide, height <= Self.maxSide else {
            throw RenderError("the picture would be \(width) × \(height) pixels, more than \(Self.maxSide) a side", kind: .tooLarge)
        }
        do {
            try self.init(width: max(1, width), height: max(1, height))
        } catch {
            throw RenderError(error.description)
        }
    }

    /// A canvas of `width` × `height` pixels (each at least 1).
    public init(width: Int, height: Int) throws(NativeError) {
        api = try API.shared.get()
        self.width = width
        self.height = height
        // CAIRO_FORMAT_ARGB32: premultiplied, B G R A in memory on little-endian machines.
        guard width > 0, height > 0, width <= 32_767, height <= 32_767, let surface = api.surfaceCreate(0, Int32(width), Int32(height)),
            api.surfaceStatus(surface) == 0, let context = api.create(surface)
        else {
            throw NativeError("cairo cannot make a \(width) × \(height) picture")
        }
        self.surface = surface
        self.context = context
    }

    deinit {
        api.destroy(context)
        api.surfaceDestroy(surface)
    }

    /// Draws `svg` over a cleared canvas, its viewBox fitted to the canvas
    /// (centred, aspect kept).
    public func render(_ svg: TextBuffer) throws(NativeError) {
        api.save(context)
        api.setOperator(context, 0)  // CAIRO_OPERATOR_CLEAR
        api.paint(context)
        api.restore(context)
        var error: UnsafeMutableRawPointer?
        let handle = svg.bytes.withUnsafeBufferPointer { api.handleFromData($0.baseAddress, $0.count, &error) }
        guard let handle else { throw failure(error, "librsvg cannot read a frame's SVG") }
        defer { api.unref(handle) }
        var viewport = Viewport(width: Double(width), height: Double(height))
        let drawn = withUnsafeBytes(of: &viewport) { api.renderDocument(handle, context, $0.baseAddress!, &error) }
        guard drawn != 0 else { throw failure(error, "librsvg cannot draw a frame") }
        api.surfaceFlush(surface)
    }

    private func failure(_ error: UnsafeMutableRawPointer?, _ what: String) -> NativeError {
        // GError: a quark, a code, then the message.
        guard let error else { return NativeError(what) }
        defer { api.errorFree(error) }
        let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
        return NativeError(what + (message.map { ": \($0)" } ?? ""))
    }

    /// The canvas's rows, premultiplied BGRA, `stride` bytes apart.
    public func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> R) throws -> R {
        guard let data = api.surfaceData(surface) else { throw NativeError("cairo has no pixels") }
        return try body(data, Int(api.surfaceStride(surface)))
    }

    /// Writes the canvas as a PNG (RGBA, straight alpha: cairo converts),
    /// beside `path` first and renamed into place, so a failure leaves
    /// nothing under that name.
    public func writePNG(to path: String) throws(FileError) {
        let temporary = try Files.reserve(beside: path)
        guard api.writePNG(surface, temporary) == 0 else {
            unlink(temporary)
            throw FileError("cannot write \(path): cairo could not write the PNG")
        }
        try Files.moveIntoPlace(temporary, path)
    }
}
