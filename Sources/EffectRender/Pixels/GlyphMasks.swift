import EffectHost
import Glibc

/// Rendered runs of text, kept: a run's glyph outlines filled once into an
/// alpha mask (by FreeType's rasteriser, `FreeTypeRaster`) for the
/// transform it is drawn under and its origin's place within a pixel (in
/// eighths), then composited wherever the same run is drawn there again.
/// Filling outlines was most of a text frame's time; an eighth of a pixel
/// keeps the run within a sixteenth of a pixel of its exact place, and the
/// whole run filled at once covers what the outlines cover
/// (Benchmarks/compare-pixels: within 0.71/255 on average).
///
/// A mask is kept once its run is drawn a second time: a run whose
/// spacing or scale changes every frame never repeats, and keeping every
/// mask filled memory with thousands no frame used again, each new one in
/// memory no cache held.
///
/// The run, not each glyph, is the unit: a glyph's place within the run
/// stays exact, so a run whose letter-spacing changes by a hair moves its
/// glyphs by a hair, never a whole eighth of a pixel (masks kept per glyph
/// were tried: every glyph's own rounding made two draws of moments a
/// rounding error apart differ by a quarter of a level's range at edges).
final class GlyphMasks: @unchecked Sendable {
    struct Key: Hashable {
        /// The files and faces of the run's fonts: a freed font's masks never stand for another's.
        let font: String
        let text: String
        let size: Double
        let tracking: Double
        /// The map from user space to device pixels, less its translation.
        let a, b, c, d: Double
        /// The run origin's place within its pixel, in `steps`ths.
        let x, y: Int
    }

    struct Mask {
        let surface: Cairo.Surface
        /// Where the mask's top-left pixel sits from the pixel the run's origin is in.
        let left, top: Int
    }

    private var masks: [Key: Mask] = [:]
    /// Runs drawn once, whose masks were not kept.
    private var seen: Set<Key> = []
    /// Colour glyphs' decoded pictures; each holds its font, so the font's
    /// identity cannot pass to another while the picture is kept.
    private var pictures: [PictureKey: Picture] = [:]
    private struct PictureKey: Hashable {
        let font: ObjectIdentifier
        let glyph: UInt32
    }
    private struct Picture {
        let font: ShapedFont
        let surface: Cairo.Surface
    }
    private var lock = pthread_mutex_t()
    /// Masks kept at most; past it the cache starts again, so a long
    /// animation of scaling text cannot grow it without end.
    static let capacity = 2048
    /// Places within a pixel a run is rendered at, each way.
    static let steps = 8
    /// A mask's largest side: a run larger than this (past the largest
    /// canvas) is filled from its outlines each time instead.
    static let maxSide = 8192

    init() { pthread_mutex_init(&lock, nil) }

    static let shared = GlyphMasks()

    /// Draws `text`, laid out as `shaped`, with the context's current
    /// source; colour glyphs (emoji) paint their own pictures at `alpha`.
    func draw(_ text: DrawText, _ shaped: ShapedText, cairo: Cairo, context: OpaquePointer, alpha: Double) {
        let size = text.size
        let matrix = cairo.matrix(context)
        var fonts = ""
        var last: ShapedFont?
        for glyph in shaped.glyphs where glyph.font !== last {
            last = glyph.font
            fonts += "\(glyph.font.index):\(glyph.font.file)\n"
        }
        if shaped.glyphs.contains(where: { !$0.font.hasColorBitmaps }) {
            let device = matrix.apply(text.x, text.y)
            // The nearest eighth, so runs are not all nudged one way.
            let (stepsX, stepsY) = ((device.x * Double(Self.steps)).rounded(), (device.y * Double(Self.steps)).rounded())
            let (pixelX, pixelY) = ((stepsX / Double(Self.steps)).rounded(.down), (stepsY / Double(Self.steps)).rounded(.down))
            let key = Key(
                font: fonts, text: text.text, size: size, tracking: text.tracking, a: matrix.a, b: matrix.b, c: matrix.c, d: matrix.d,
                x: Int(stepsX - pixelX * Double(Self.steps)), y: Int(stepsY - pixelY * Double(Self.steps)))
            // The run's outlines in points from its origin, y down.
            func outlines(from x: Double, _ y: Double) -> [DrawSegment] {
                shaped.glyphs.flatMap { glyph -> [DrawSegment] in
                    guard !glyph.font.hasColorBitmaps else { return [] }
                    return ShapeOutline.path(
                        ofGlyph: glyph.font.outline(of: glyph.glyph), x: x + glyph.x * size, y: y - glyph.y * size,
                        scale: glyph.scale(size: size))
                }
            }
            if let mask = mask(key, cairo, outlines(from: 0, 0)) {
                cairo.identityMatrix(context)
                cairo.maskSurface(context, mask.surface, pixelX + Double(mask.left), pixelY + Double(mask.top))
                cairo.setMatrix(context, matrix)
                cairo.surfaceDestroy(mask.surface)
            } else {
                cairo.path(context, outlines(from: text.x, text.y))
                cairo.fill(context)
            }
        }
        for glyph in shaped.glyphs where glyph.font.hasColorBitmaps {
            guard let bitmap = glyph.font.colorBitmap(of: glyph.glyph), let picture = picture(glyph, bitmap, cairo) else { continue }
            let scale = glyph.scale(size: size)
            let (width, height) = (Double(cairo.imageSurfaceWidth(picture)), Double(cairo.imageSurfaceHeight(picture)))
            cairo.save(context)
            cairo.concatenate(
                context,
                Affine.translation(text.x + glyph.x * size + bitmap.left * scale, text.y - glyph.y * size - bitmap.top * scale)
                    .concatenating(.scale(bitmap.width * scale / width, bitmap.height * scale / height)))
            cairo.setSourceSurface(context, picture, 0, 0)
            cairo.paintWithAlpha(context, alpha)
            cairo.restore(context)
            cairo.surfaceDestroy(picture)
        }
    }

    /// Whether a run of `text` has been drawn since the cache last started again.
    func hasDrawn(_ text: String) -> Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return seen.contains { $0.text == text } || masks.keys.contains { $0.text == text }
    }

    /// A colour glyph's picture, decoded once; the caller's to release
    /// (`surfaceDestroy`) once painted, as a mask is.
    private func picture(_ glyph: ShapedText.Glyph, _ bitmap: ShapedFont.ColorBitmap, _ cairo: Cairo) -> Cairo.Surface? {
        let key = PictureKey(font: ObjectIdentifier(glyph.font), glyph: glyph.glyph)
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = pictures[key] { return cairo.surfaceReference(known.surface) }
        guard let surface = cairo.surface(png: bitmap.png) else { return nil }
        if pictures.count >= Self.capacity {
            for picture in pictures.values { cairo.surfaceDestroy(picture.surface) }
            pictures.removeAll()
        }
        pictures[key] = Picture(font: glyph.font, surface: surface)
        return cairo.surfaceReference(surface)
    }

    /// The run's mask, the caller's to release (`surfaceDestroy`) once
    /// composited: a kept one is referenced again, so emptying the cache
    /// on another thread meanwhile cannot free it.
    private func mask(_ key: Key, _ cairo: Cairo, _ outlines: @autoclosure () -> [DrawSegment]) -> Mask? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = masks[key] {
            _ = cairo.surfaceReference(known.surface)
            return known
        }
        guard let made = FreeTypeRaster.withShared({ Self.render(key, outlines(), cairo, $0) }) else { return nil }
        guard seen.contains(key) else {
            if seen.count >= Self.capacity { seen.removeAll() }
            seen.insert(key)
            return made
        }
        if masks.count >= Self.capacity {
            for mask in masks.values { cairo.surfaceDestroy(mask.surface) }
            masks.removeAll()
        }
        masks[key] = made
        _ = cairo.surfaceReference(made.surface)
        return made
    }

    /// The run's outlines filled into an A8 surface just large enough, its
    /// origin at its place within the pixel; nil for a run larger than `maxSide`.
    private static func render(_ key: Key, _ outlines: [DrawSegment], _ cairo: Cairo, _ raster: FreeTypeRaster?) -> Mask? {
        let map = Affine(a: key.a, b: key.b, c: key.c, d: key.d, tx: Double(key.x) / Double(steps), ty: Double(key.y) / Double(steps))
        guard let (minX, minY, maxX, maxY) = DisplayListInk.controlBox(outlines, map),
            maxX - minX < Double(maxSide), maxY - minY < Double(maxSide)
        else { return nil }
        let (left, top) = (Int(minX.rounded(.down)) - 1, Int(minY.rounded(.down)) - 1)
        let (width, height) = (Int(maxX.rounded(.up)) - left + 1, Int(maxY.rounded(.up)) - top + 1)
        guard let surface = cairo.imageSurfaceCreate(Cairo.formatA8, Int32(width), Int32(height)), cairo.surfaceStatus(surface) == 0 else {
            return nil
        }
        let placed = Affine.translation(Double(-left), Double(-top)).concatenating(map)
        if let raster, let pixels = cairo.imageSurfaceData(surface),
            raster.fill(outlines, placed, into: pixels, width: width, height: height, stride: Int(cairo.imageSurfaceStride(surface)))
        {
            cairo.surfaceMarkDirty(surface)
            return Mask(surface: surface, left: left, top: top)
        }
        // Without FreeType: cairo's own fill.
        guard let context = cairo.create(surface) else {
            cairo.surfaceDestroy(surface)
            return nil
        }
        defer { cairo.destroy(context) }
        cairo.setMatrix(context, placed)
        cairo.path(context, outlines)
        cairo.setSourceRGBA(context, 0, 0, 0, 1)
        cairo.fill(context)
        cairo.surfaceFlush(surface)
        return Mask(surface: surface, left: left, top: top)
    }
}
