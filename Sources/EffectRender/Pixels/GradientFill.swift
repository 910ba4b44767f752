import EffectHost

/// Fills a shape with a linear gradient computed here, in device pixels,
/// and handed to cairo as a plain image aligned to the pixel grid,
/// composited through the shape's coverage as FreeType's rasteriser fills
/// it (cairo's own fill where FreeType cannot be used).
///
/// pixman walks a gradient's stops for every pixel it composites, which was
/// four fifths of breathing-circles' frame; an untransformed image source
/// takes pixman's fast path instead. The colours are those of cairo's own
/// gradients (sampled at pixel centres, stops sorted by offset, padded past
/// the ends, interpolated unpremultiplied), read from a table of
/// `GradientFill.steps` entries along the gradient, which puts them within
/// a tenth of a level of cairo's.
final class GradientFill {
    /// Entries in the colour table between the gradient's ends.
    static let steps = 1024

    private let pixels = ReusedBuffer<UInt32>()
    /// The shape's coverage, one byte a pixel of the image.
    private let coverage = ReusedBuffer<UInt8>()
    private var table = [UInt32](repeating: 0, count: GradientFill.steps + 1)
    /// What `table` was made from.
    private var tableFor: (stops: [(offset: Double, color: UInt32)], alpha: Double)?

    /// Fills `outline` (in the context's current coordinates) with the
    /// gradient from (x0, y0) to (x1, y1), its alpha times `alpha`. As SVG
    /// paints them: no stops paint nothing, and ends that meet paint the
    /// last stop's colour.
    func fill(
        _ outline: [DrawSegment], from x0: Double, _ y0: Double, to x1: Double, _ y1: Double,
        stops: [(offset: Double, color: UInt32)], alpha: Double, cairo: Cairo, context: OpaquePointer
    ) {
        let sorted = Self.sorted(stops)
        guard let last = sorted.last else { return }
        let (dx, dy) = (x1 - x0, y1 - y0)
        let length2 = dx * dx + dy * dy
        guard length2 > 1e-12, length2.isFinite else {
            cairo.path(context, outline)
            cairo.setColor(context, last.color, alpha: alpha)
            cairo.fill(context)
            return
        }
        // A map that flattens the plane leaves the shape no area to fill.
        let matrix = cairo.matrix(context)
        guard let inverse = matrix.inverted, let ink = DisplayListInk.controlBox(outline, matrix) else { return }
        cairo.save(context)
        defer { cairo.restore(context) }
        cairo.identityMatrix(context)
        var clip = (0.0, 0.0, 0.0, 0.0)
        cairo.clipExtents(context, &clip.0, &clip.1, &clip.2, &clip.3)
        let left = Int(max(ink.minX, clip.0).rounded(.down)), top = Int(max(ink.minY, clip.1).rounded(.down))
        let right = Int(min(ink.maxX, clip.2).rounded(.up)), bottom = Int(min(ink.maxY, clip.3).rounded(.up))
        guard right > left, bottom > top else { return }
        let (width, height) = (right - left, bottom - top)

        // t at device point p is ((M⁻¹p − start) · d) / |d|²: linear in p.
        let scale = Double(Self.steps) / length2
        let perX = (inverse.a * dx + inverse.b * dy) * scale
        let perY = (inverse.c * dx + inverse.d * dy) * scale
        let origin = ((inverse.tx - x0) * dx + (inverse.ty - y0) * dy) * scale
        guard perX.isFinite, perY.isFinite, origin.isFinite else { return }
        makeTable(sorted, alpha: alpha)
        let image = pixels.reserve(width * height)
        table.withUnsafeBufferPointer { colours in
            let end = Double(Self.steps)
            for row in 0..<height {
                let start = origin + perX * (Double(left) + 0.5) + perY * (Double(top + row) + 0.5)
                let line = image + row * width
                // The step in 48.16 fixed point, where a row's t stays well
                // inside it: no conversion from Double a pixel.
                let last = start + perX * Double(width)
                if max(abs(start), abs(last), abs(perX) * Double(width)) < 1e12 {
                    var t = Int64(((start + 0.5) * 65536).rounded(.down))
                    let step = Int64((perX * 65536).rounded())
                    let top = Int64(Self.steps)
                    for column in 0..<width {
                        line[column] = colours[Int(min(top, max(0, t >> 16)))]
                        t &+= step
                    }
                    continue
                }
                var t = start
                for column in 0..<width {
                    line[column] = colours[Int(min(end, max(0, t)) + 0.5)]
                    t += perX
                }
            }
        }
        guard let surface = cairo.imageSurfaceCreateForData(image, Cairo.formatARGB32, Int32(width), Int32(height), Int32(width * 4))
        else { return }
        defer { cairo.surfaceDestroy(surface) }
        cairo.setSourceSurface(context, surface, Double(left), Double(top))
        // The shape's coverage filled by FreeType and the image composited through it in one
        // pass: cairo's own fill of a large shape with an image source cost two thirds of a
        // breathing-circles frame.
        let placed = Affine.translation(Double(-left), Double(-top)).concatenating(matrix)
        let maskStride = (width + 3) & ~3
        let mask = coverage.reserve(maskStride * height)
        mask.update(repeating: 0, count: maskStride * height)
        let filled = FreeTypeRaster.withShared { raster in
            raster?.fill(outline, placed, into: mask, width: width, height: height, stride: maskStride) ?? false
        }
        if filled, let shape = cairo.imageSurfaceCreateForData(mask, Cairo.formatA8, Int32(width), Int32(height), Int32(maskStride)) {
            cairo.maskSurface(context, shape, Double(left), Double(top))
            cairo.surfaceDestroy(shape)
            return
        }
        cairo.setMatrix(context, matrix)
        cairo.path(context, outline)
        cairo.fill(context)
    }

    /// The stops in order of offset (clamped to 0...1), equal offsets in
    /// the order given, as cairo orders them.
    static func sorted(_ stops: [(offset: Double, color: UInt32)]) -> [(offset: Double, color: UInt32)] {
        stops.enumerated()
            .map { (offset: min(1, max(0, $0.element.offset.isNaN ? 0 : $0.element.offset)), color: $0.element.color, order: $0.offset) }
            .sorted { ($0.offset, $0.order) < ($1.offset, $1.order) }
            .map { ($0.offset, $0.color) }
    }

    /// The colour at each of the table's steps, premultiplied ARGB as cairo
    /// stores it, from stops in order: the first and last colours carried
    /// to the ends.
    private func makeTable(_ sorted: [(offset: Double, color: UInt32)], alpha: Double) {
        let opacity = min(1, max(0, alpha))
        // Shapes drawn one after another often share a gradient (the circles' eight).
        if let made = tableFor, made.alpha == opacity, made.stops.elementsEqual(sorted, by: { $0 == $1 }) { return }
        tableFor = (sorted, opacity)
        func channels(_ c: UInt32) -> SIMD4<Double> {
            SIMD4(Double(c >> 24), Double((c >> 16) & 0xFF), Double((c >> 8) & 0xFF), Double(c & 0xFF) * opacity)
        }
        var next = 0
        for step in 0...Self.steps {
            let t = Double(step) / Double(Self.steps)
            while next < sorted.count, sorted[next].offset <= t { next += 1 }
            let colour: SIMD4<Double>
            if next == 0 {
                colour = channels(sorted[0].color)
            } else if next == sorted.count {
                colour = channels(sorted[next - 1].color)
            } else {
                let (a, b) = (sorted[next - 1], sorted[next])
                let span = b.offset - a.offset
                let f = span > 0 ? (t - a.offset) / span : 1
                colour = channels(a.color) + (channels(b.color) - channels(a.color)) * f
            }
            let a = colour[3] / 255
            let r = UInt32(colour[0] * a + 0.5), g = UInt32(colour[1] * a + 0.5), b = UInt32(colour[2] * a + 0.5)
            table[step] = UInt32(colour[3] + 0.5) << 24 | r << 16 | g << 8 | b
        }
    }
}

/// Memory kept for the next call's pixels, grown when a call needs more.
private final class ReusedBuffer<Element> {
    private var start: UnsafeMutablePointer<Element>?
    private var capacity = 0

    /// Room for `count` elements, uninitialised.
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if let start, capacity >= count { return start }
        start?.deallocate()
        let fresh = UnsafeMutablePointer<Element>.allocate(capacity: count)
        (start, capacity) = (fresh, count)
        return fresh
    }

    deinit { start?.deallocate() }
}
