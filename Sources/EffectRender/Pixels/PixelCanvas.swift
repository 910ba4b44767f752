import CEffectHost
import EffectHost
import Glibc

/// A rectangle of a canvas's pixels.
public struct PixelArea: Equatable, Sendable {
    public let x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The smallest area holding both.
    public func union(_ other: PixelArea) -> PixelArea {
        let (left, top) = (min(x, other.x), min(y, other.y))
        let (right, bottom) = (max(x + width, other.x + other.width), max(y + height, other.y + other.height))
        return PixelArea(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// A picture's pixels: one cairo image surface, kept for a whole run, that
/// each frame is drawn into straight from its display list.
public final class PixelCanvas {
    public let width: Int
    public let height: Int
    let cairo: Cairo
    private let surface: Cairo.Surface
    private let drawing: OpaquePointer
    private let gradients = GradientFill()
    /// Whether the pixels are the canvas's own, which no one else writes:
    /// not a caller's buffer, and its cairo context never handed out.
    private var owned: Bool
    /// What the last clear left, while only this canvas's own `draw` has
    /// drawn since: its colour everywhere but in `drawn`, the pixels those
    /// draws may have changed (nil: none). Clearing again resets just
    /// those: a frame's ink is often a small part of it, and clearing every
    /// pixel was a fifth of a text frame's time. Nil when unknown.
    private var cleared: (color: UInt32?, drawn: PixelArea?)?

    /// The cairo context that draws into the canvas, for a caller's own
    /// drawing: from then on every `clear` clears every pixel.
    public var context: OpaquePointer {
        (owned, cleared) = (false, nil)
        return drawing
    }

    /// The longest side a canvas may have, in pixels: 8K, which every
    /// encoder here takes, and a frame (256 MB of RGBA) a pipe carries
    /// (effect_host.h states it).
    public static let maxSide = Int(EFFECT_HOST_PIXELS_SIDE_MAX)

    /// A canvas of `width` × `height` pixels (each 1 to `maxSide`).
    public convenience init(width: Int, height: Int) throws(NativeError) {
        let cairo = try Cairo.shared.get()
        // CAIRO_FORMAT_ARGB32: premultiplied, B G R A in memory on little-endian machines.
        let fits = width > 0 && height > 0 && width <= Self.maxSide && height <= Self.maxSide
        try self.init(cairo, width: width, height, fits ? cairo.imageSurfaceCreate(Cairo.formatARGB32, Int32(width), Int32(height)) : nil,
                      owned: true, refusal: "cairo cannot make a \(width) × \(height) picture")
    }

    /// The longest stride cairo takes: its strides are C ints, and a
    /// multiple of 4.
    public static let maxStride = Int(Int32.max) & ~3

    /// A canvas that draws straight into the caller's pixels: `width` ×
    /// `height` (each 1 to `maxSide`) premultiplied native-endian ARGB
    /// words, rows `stride` bytes apart (a multiple of 4, at least 4 ×
    /// width, at most `maxStride`). The memory must outlive the canvas.
    public convenience init(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws(NativeError) {
        let cairo = try Cairo.shared.get()
        let fits =
            width > 0 && height > 0 && width <= Self.maxSide && height <= Self.maxSide && stride >= 4 * width && stride % 4 == 0
            && stride <= Self.maxStride
        let surface = fits ? cairo.imageSurfaceCreateForData(pixels, Cairo.formatARGB32, Int32(width), Int32(height), Int32(stride)) : nil
        try self.init(
            cairo, width: width, height, surface, owned: false, refusal: "cairo cannot draw on \(width) × \(height) pixels \(stride) bytes a row")
    }

    /// A canvas on `surface`, which it owns from here; `refusal` says why
    /// there is none when it is nil or in error.
    private init(_ cairo: Cairo, width: Int, _ height: Int, _ surface: Cairo.Surface?, owned: Bool, refusal: String) throws(NativeError) {
        guard let surface, cairo.surfaceStatus(surface) == 0 else {
            if let surface { cairo.surfaceDestroy(surface) }
            throw NativeError(refusal)
        }
        guard let context = cairo.create(surface), cairo.status(context) == 0 else {
            cairo.surfaceDestroy(surface)
            throw NativeError("cairo cannot draw on a \(width) × \(height) picture")
        }
        (self.cairo, self.width, self.height, self.surface, self.drawing, self.owned) = (cairo, width, height, surface, context, owned)
    }

    /// Finishes cairo's drawing, so the pixels are all in memory.
    public func flush() {
        cairo.surfaceFlush(surface)
    }

    /// Tells cairo its pixels were written by other hands.
    public func markDirty() {
        cleared = nil
        cairo.surfaceMarkDirty(surface)
    }

    /// The pixels of a canvas for `picture` at `scale` (a finite scale
    /// above 0) pixels a point, rounded up and at least 1, or exactly `size`;
    /// with even sides if `even`. A side over `maxSide` is `.tooLarge`.
    public static func pixelSize(
        of picture: FramePicture, scale: Double, size: (width: Int, height: Int)? = nil, even: Bool = false
    ) throws -> (width: Int, height: Int) {
        var (width, height) = size ?? (Int((picture.width * scale).rounded(.up)), Int((picture.height * scale).rounded(.up)))
        if even {
            width += width % 2
            height += height % 2
        }
        guard width <= maxSide, height <= maxSide else {
            throw RenderError("the picture would be \(width) × \(height) pixels, more than \(maxSide) a side", kind: .tooLarge)
        }
        return (max(1, width), max(1, height))
    }

    /// A canvas for `picture` at `scale` pixels a point, or of exactly
    /// `size` pixels; with even sides if `even` (4:2:0 video needs them).
    public convenience init(for picture: FramePicture, scale: Double, size: (width: Int, height: Int)? = nil, even: Bool = false) throws {
        let (width, height) = try Self.pixelSize(of: picture, scale: scale, size: size, even: even)
        do {
            try self.init(width: width, height: height)
        } catch {
            throw RenderError(error.description)
        }
    }

    deinit {
        cairo.destroy(drawing)
        cairo.surfaceDestroy(surface)
    }

    /// Sets every pixel to a CSS colour (#RRGGBB or #RRGGBBAA; nil or
    /// unreadable: transparent) and puts the context's transform back to
    /// one unit a pixel. One pass over the pixels, where clearing and then
    /// painting the colour over took two: most of a small frame's time.
    /// After a clear to the same colour and nothing but `draw` since, only
    /// the pixels those draws may have changed are set.
    public func clear(to css: String? = nil) {
        let color = css.flatMap(Self.rgba)
        let context = drawing
        cairo.identityMatrix(context)
        defer { cleared = owned ? (color, nil) : nil }
        var area: PixelArea? = PixelArea(x: 0, y: 0, width: width, height: height)
        if let cleared, cleared.color == color { area = cleared.drawn }
        guard let area else { return }
        // Transparent or opaque: each pixel is the colour's own word, set here a
        // row at a time; pixman's fill stored a word at a time (docs/benchmarks.md).
        if let word = color == nil ? 0 : color.flatMap(Self.opaqueWord), let data = cairo.imageSurfaceData(surface) {
            cairo.surfaceFlush(surface)
            let stride = Int(cairo.imageSurfaceStride(surface))
            for row in area.y..<(area.y + area.height) {
                let pixels = UnsafeMutableRawPointer(data + row * stride + area.x * 4)
                if word == 0 || word == .max {
                    memset(pixels, Int32(word & 0xFF), area.width * 4)
                } else {
                    pixels.assumingMemoryBound(to: UInt32.self).update(repeating: word, count: area.width)
                }
            }
            cairo.surfaceMarkDirty(surface)
            return
        }
        cairo.save(context)
        cairo.resetClip(context)
        if let color {
            cairo.setOperator(context, Cairo.operatorSource)
            cairo.setColor(context, color)
        } else {
            cairo.setOperator(context, Cairo.operatorClear)
        }
        cairo.newPath(context)
        cairo.rectangle(context, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo.fill(context)
        cairo.restore(context)
    }

    /// A colour, 0xRRGGBBAA, as cairo's premultiplied native-endian ARGB
    /// word, when it is opaque (and the word is then exact); nil otherwise.
    private static func opaqueWord(_ rgba: UInt32) -> UInt32? {
        rgba & 0xFF == 0xFF ? 0xFF00_0000 | rgba >> 8 : nil
    }

    /// Maps `viewBox` onto the canvas: by default as an SVG viewport does
    /// (scaled to fit, aspect kept, centred); otherwise at `placement`'s
    /// share of that size, in its place.
    public func fit(_ viewBox: DrawRect, placement: Placement = .fitted) {
        guard let (scale, x, y) = placed(viewBox, placement) else { return }
        cairo.setMatrix(drawing, Affine.translation(x - viewBox.x * scale, y - viewBox.y * scale).concatenating(.scale(scale, scale)))
    }

    /// The pixels `viewBox` covers when fitted at `placement`, rounded out
    /// to whole pixels and cut to the canvas; nil when it covers none.
    public func area(of viewBox: DrawRect, placement: Placement = .fitted) -> PixelArea? {
        guard let (scale, x, y) = placed(viewBox, placement) else { return nil }
        let left = max(0, (x).rounded(.down)), top = max(0, (y).rounded(.down))
        let right = min(Double(width), (x + viewBox.width * scale).rounded(.up))
        let bottom = min(Double(height), (y + viewBox.height * scale).rounded(.up))
        guard left < right, top < bottom else { return nil }
        return PixelArea(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// Whether `viewBox` fitted at `placement` covers every pixel of the
    /// canvas whole, leaving none in part.
    func coversWhole(_ viewBox: DrawRect, placement: Placement = .fitted) -> Bool {
        guard let (scale, x, y) = placed(viewBox, placement) else { return false }
        return x <= 0 && y <= 0 && x + viewBox.width * scale >= Double(width) && y + viewBox.height * scale >= Double(height)
    }

    /// Where `viewBox`'s corner lands, and at what scale.
    private func placed(_ viewBox: DrawRect, _ placement: Placement) -> (scale: Double, x: Double, y: Double)? {
        guard viewBox.width > 0, viewBox.height > 0 else { return nil }
        let scale = min(Double(width) / viewBox.width, Double(height) / viewBox.height) * placement.size
        return (scale, (Double(width) - viewBox.width * scale) * placement.x, (Double(height) - viewBox.height * scale) * placement.y)
    }

    /// Runs `body` with cairo's drawing held inside `area`.
    public func clipped<R>(to area: PixelArea, _ body: () throws(NativeError) -> R) throws(NativeError) -> R {
        let context = drawing
        cairo.save(context)
        defer { cairo.restore(context) }
        cairo.identityMatrix(context)
        cairo.newPath(context)
        cairo.rectangle(context, Double(area.x), Double(area.y), Double(area.width), Double(area.height))
        cairo.clip(context)
        return try body()
    }

    /// Fills `rect` (in the current transform's units) with a CSS colour:
    /// #RRGGBB or #RRGGBBAA.
    public func fill(_ rect: DrawRect, css: String) {
        guard let rgba = Self.rgba(css) else { return }
        let context = self.context
        cairo.newPath(context)
        cairo.rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo.setColor(context, rgba)
        cairo.fill(context)
    }

    /// Fills every pixel of the canvas with a CSS colour (#RRGGBB or
    /// #RRGGBBAA), over what it holds, whatever the current transform.
    public func paint(css: String) {
        let context = self.context
        cairo.save(context)
        cairo.identityMatrix(context)
        fill(DrawRect(x: 0, y: 0, width: Double(width), height: Double(height)), css: css)
        cairo.restore(context)
    }

    /// The colour of #RRGGBB (opaque) or #RRGGBBAA, as 0xRRGGBBAA (`ColorText`).
    public static func rgba(_ css: String) -> UInt32? { ColorText.parse(css) }

    /// Draws `list` with the view's points mapped by the current transform.
    public func draw(_ list: DisplayList, fonts: FontBook?) throws(NativeError) {
        if let known = cleared, let ink = inkArea(list, fonts) {
            cleared = (known.color, known.drawn.map { $0.union(ink) } ?? ink)
        }
        try CairoPainter(fonts: fonts, gradients: gradients).draw(list, into: drawing)
    }

    /// The pixels drawing `list` under the current transform may change:
    /// its ink's box (`InkBounds`, generous already) rounded out and two
    /// pixels more, cut to the canvas; the whole canvas when the box is not
    /// finite, nil when there is no ink on the canvas.
    private func inkArea(_ list: DisplayList, _ fonts: FontBook?) -> PixelArea? {
        guard let box = InkBounds.of(list.items, list.items.indices, cairo.matrix(drawing), fonts: fonts) else { return nil }
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            return PixelArea(x: 0, y: 0, width: width, height: height)
        }
        let (left, top) = (max(0, box.minX.rounded(.down) - 2), max(0, box.minY.rounded(.down) - 2))
        let (right, bottom) = (min(Double(width), box.maxX.rounded(.up) + 2), min(Double(height), box.maxY.rounded(.up) + 2))
        guard left < right, top < bottom else { return nil }
        return PixelArea(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// The canvas's rows, premultiplied BGRA, `stride` bytes apart, to read
    /// or write: cairo's drawing is finished first, and the next `clear`
    /// clears every pixel.
    public func withPixels<R>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> R) throws -> R {
        cleared = nil
        return try readingPixels { try body(UnsafeMutablePointer(mutating: $0), $1) }
    }

    /// The canvas's rows, premultiplied BGRA, `stride` bytes apart, to read
    /// only: cairo's drawing is finished first.
    public func readingPixels<R>(_ body: (UnsafePointer<UInt8>, Int) throws -> R) throws -> R {
        cairo.surfaceFlush(surface)
        guard let data = cairo.imageSurfaceData(surface) else { throw NativeError("cairo has no pixels") }
        return try body(data, Int(cairo.imageSurfaceStride(surface)))
    }

    /// Writes the canvas as a PNG (`PNGEncoder`: RGB when every pixel is
    /// opaque, otherwise RGBA with straight alpha) under a temporary name
    /// beside `path`, renamed into place, so a failure leaves nothing under
    /// that name.
    public func writePNG(to path: String) throws(FileError) {
        do {
            var encoder = try PNGEncoder()
            cairo.surfaceFlush(surface)
            guard let data = cairo.imageSurfaceData(surface) else { throw NativeError("cairo has no pixels") }
            try encoder.encode(data, width: width, height: height, stride: Int(cairo.imageSurfaceStride(surface)))
            try Files.write(encoder.file, to: path)
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError("cannot write \(path): \(error)")
        }
    }
}
