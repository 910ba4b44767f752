import EffectHost
import Glibc

/// Rendered runs of text, kept: a run's glyph outlines filled once into an
/// alpha mask for the transform it is drawn under and its origin's place
/// within a pixel (in eighths), then composited wherever the same run is
/// drawn there again. Filling outlines was most of a text frame's time;
/// an eighth of a pixel keeps the run within a sixteenth of a pixel of its
/// exact place, and the whole run filled at once covers what the outlines
/// cover (Benchmarks/compare-pixels: within 0.74/255 on average).
final class GlyphMasks: @unchecked Sendable {
    struct Key: Hashable {
        let font: ObjectIdentifier
        let text: String
        let tracking: Double
        /// The map from font units to device pixels, less its translation.
        let a, b, c, d: Double
        /// The run origin's place within its pixel, in `steps`ths.
        let x, y: Int
    }

    struct Mask {
        let surface: Cairo.Surface
        /// Where the mask's top-left pixel sits from the pixel the run's origin is in.
        let left, top: Int
    }

    private var masks: [Key: Mask?] = [:]
    private var lock = pthread_mutex_t()
    /// Masks kept at most; past it the cache starts again, so a long
    /// animation of scaling text cannot grow it without end.
    static let capacity = 2048
    /// Places within a pixel a run is rendered at, each way.
    static let steps = 8

    init() { pthread_mutex_init(&lock, nil) }

    static let shared = GlyphMasks()

    /// Draws `text` with the context's current source: its baseline starting
    /// at (x, y) in user space, `tracking` points after each glyph.
    func draw(_ text: DrawText, in font: ShapedFont, cairo: Cairo, context: OpaquePointer) {
        let scale = text.size / font.unitsPerEm
        let matrix = cairo.matrix(context)
        let device = matrix.apply(text.x, text.y)
        // The nearest eighth, so runs are not all nudged one way.
        let (stepsX, stepsY) = ((device.x * Double(Self.steps)).rounded(), (device.y * Double(Self.steps)).rounded())
        let (pixelX, pixelY) = ((stepsX / Double(Self.steps)).rounded(.down), (stepsY / Double(Self.steps)).rounded(.down))
        // Font units (y up) to device pixels.
        let key = Key(
            font: ObjectIdentifier(font), text: text.text, tracking: text.tracking / scale, a: matrix.a * scale, b: matrix.b * scale,
            c: -matrix.c * scale, d: -matrix.d * scale, x: Int(stepsX - pixelX * Double(Self.steps)),
            y: Int(stepsY - pixelY * Double(Self.steps)))
        guard let mask = mask(key, font, cairo) else { return }
        cairo.identityMatrix(context)
        cairo.maskSurface(context, mask.surface, pixelX + Double(mask.left), pixelY + Double(mask.top))
        cairo.setMatrix(context, matrix)
    }

    private func mask(_ key: Key, _ font: ShapedFont, _ cairo: Cairo) -> Mask? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = masks[key] { return known }
        if masks.count >= Self.capacity {
            for case let mask? in masks.values { cairo.surfaceDestroy(mask.surface) }
            masks.removeAll()
        }
        let glyphs = font.shape(key.text, tracking: key.tracking).glyphs
        let outline = glyphs.map { (x: $0.x, y: $0.y, segments: font.outline(of: $0.glyph)) }
        let made = Self.render(key, outline, cairo)
        masks[key] = made
        return made
    }

    /// The run's outlines filled into an A8 surface just large enough, its
    /// origin at its place within the pixel.
    private static func render(_ key: Key, _ glyphs: [(x: Double, y: Double, segments: [ShapedFont.GlyphSegment])], _ cairo: Cairo) -> Mask? {
        let map = Affine(a: key.a, b: key.b, c: key.c, d: key.d, tx: Double(key.x) / Double(steps), ty: Double(key.y) / Double(steps))
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for glyph in glyphs {
            for segment in glyph.segments {
                let points: [(Double, Double)] =
                    switch segment {
                    case let .move(x, y), let .line(x, y): [(x, y)]
                    case let .quadratic(cx, cy, x, y): [(cx, cy), (x, y)]
                    case let .cubic(ax, ay, bx, by, x, y): [(ax, ay), (bx, by), (x, y)]
                    case .close: []
                    }
                for (x, y) in points {
                    let p = map.apply(glyph.x + x, glyph.y + y)
                    (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y))
                }
            }
        }
        guard minX <= maxX, minY <= maxY, maxX - minX < 16384, maxY - minY < 4096 else { return nil }
        let (left, top) = (Int(minX.rounded(.down)) - 1, Int(minY.rounded(.down)) - 1)
        let (width, height) = (Int(maxX.rounded(.up)) - left + 1, Int(maxY.rounded(.up)) - top + 1)
        guard let surface = cairo.imageSurfaceCreate(Cairo.formatA8, Int32(width), Int32(height)), cairo.surfaceStatus(surface) == 0 else {
            return nil
        }
        guard let context = cairo.create(surface) else {
            cairo.surfaceDestroy(surface)
            return nil
        }
        defer { cairo.destroy(context) }
        cairo.setMatrix(context, Affine.translation(Double(-left), Double(-top)).concatenating(map))
        cairo.newPath(context)
        for glyph in glyphs {
            var pen = (x: 0.0, y: 0.0)
            func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (glyph.x + x, glyph.y + y) }
            for segment in glyph.segments {
                switch segment {
                case let .move(x, y):
                    pen = point(x, y)
                    cairo.moveTo(context, pen.x, pen.y)
                case let .line(x, y):
                    pen = point(x, y)
                    cairo.lineTo(context, pen.x, pen.y)
                case let .quadratic(cx, cy, x, y):
                    // A quadratic is the cubic with controls two thirds of the way to its control.
                    let (q, p) = (point(cx, cy), point(x, y))
                    cairo.curveTo(
                        context, pen.x + 2 * (q.x - pen.x) / 3, pen.y + 2 * (q.y - pen.y) / 3, p.x + 2 * (q.x - p.x) / 3,
                        p.y + 2 * (q.y - p.y) / 3, p.x, p.y)
                    pen = p
                case let .cubic(ax, ay, bx, by, x, y):
                    let (a, b, p) = (point(ax, ay), point(bx, by), point(x, y))
                    cairo.curveTo(context, a.x, a.y, b.x, b.y, p.x, p.y)
                    pen = p
                case .close: cairo.closePath(context)
                }
            }
        }
        cairo.setSourceRGBA(context, 0, 0, 0, 1)
        cairo.fill(context)
        cairo.surfaceFlush(surface)
        return Mask(surface: surface, left: left, top: top)
    }
}
