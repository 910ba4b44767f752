import EffectHost

/// Draws any display list into a cairo context, knowing no effect: each
/// item straight from the list, with no SVG between. Groups move, turn and
/// scale about their anchor, clip, desaturate, blur (σ = radius / 2 in the
/// group's own units, as SVG's feGaussianBlur) and fade in the ABI's order;
/// shapes fill and stroke their outline (`ShapeOutline`, the stroke trimmed
/// to the part the trim keeps); text is its glyphs' outlines, shaped by
/// HarfBuzz in the fonts it was measured in, each run rendered once for
/// its transform and place within a pixel (`GlyphMasks`).
///
/// A group that fades a single paint (one fill, one stroke, one run of
/// text, or one layer) passes its opacity down instead of compositing a
/// layer: the pixels are the same, and most of the cost of a frame was
/// those layers. A layer that is needed is bounded to its group's ink.
public struct CairoPainter {
    let cairo: Cairo
    /// The fonts text was measured in; nil: cairo's own sans-serif,
    /// stretched to the measured advance.
    public let fonts: FontBook?

    /// Where gradient fills are computed; kept by a canvas across frames.
    let gradients: GradientFill

    public init(fonts: FontBook?) throws(NativeError) {
        try self.init(fonts: fonts, gradients: GradientFill())
    }

    init(fonts: FontBook?, gradients: GradientFill) throws(NativeError) {
        cairo = try Cairo.shared.get()
        self.fonts = fonts
        self.gradients = gradients
    }

    /// Draws `list` with the context's current transform as the view's
    /// coordinates (points); leaves the context's state as it found it.
    public func draw(_ list: DisplayList, into context: OpaquePointer) {
        let plan = GroupPlan(list.items)
        cairo.save(context)
        cairo.setMiterLimit(context, 4)  // SVG's default, which the SVG frames get
        var walk = DisplayListWalk(list)
        // By the index of each group drawn: the alpha its content is painted
        // with (the alpha around it times its opacity, or 1 in a layer), and
        // the blur's σ in device units of one that takes a layer.
        var alpha: [Int: Double] = [:]
        var layers: [Int: Double] = [:]
        while let step = walk.next() {
            let around = alpha[step.parent] ?? 1
            switch step.kind {
            case let .enter(group, end):
                let paints = plan.paints[step.index] ?? 0
                let opacity = min(1, max(0, group.opacity))
                guard opacity > 0, paints > 0 else {
                    walk.skipGroup()
                    continue
                }
                cairo.save(context)
                cairo.concatenate(context, group.transform.matrix)
                guard GroupPlan.needsLayer(group, paints: paints) else {
                    clip(group, context)
                    alpha[step.index] = around * opacity
                    continue
                }
                layers[step.index] = openLayer(group, list.items, step.index + 1..<end, context)
                alpha[step.index] = 1
            case let .leave(group, start):
                if let sigma = layers[start] { closeLayer(group, sigma: sigma, context, alpha: around) }
                cairo.restore(context)
            case let .shape(shape): drawShape(shape, context, alpha: around)
            case let .text(text): drawText(text, context, alpha: around)
            }
        }
        cairo.restore(context)
    }

    private func clip(_ group: DrawGroup, _ context: OpaquePointer) {
        guard let clip = group.clip else { return }
        cairo.path(context, ShapeOutline.path(of: clip))
        cairo.clip(context)
    }

    /// Starts the layer a group's content is drawn into, bounded to its ink
    /// and its blur's spread; returns the blur's σ in device units.
    private func openLayer(_ group: DrawGroup, _ items: [DrawItem], _ content: Range<Int>, _ context: OpaquePointer) -> Double {
        let matrix = cairo.matrix(context)
        let sigma = max(0, group.blur) / 2 * abs(matrix.determinant).squareRoot()
        // The layer holds the group's ink and the blur's spread, no more.
        if let box = InkBounds.of(items, content, matrix, fonts: fonts) {
            let spread = 3 * sigma + 2
            cairo.identityMatrix(context)
            cairo.rectangle(context, box.minX - spread, box.minY - spread, box.maxX - box.minX + 2 * spread, box.maxY - box.minY + 2 * spread)
            cairo.clip(context)
            cairo.setMatrix(context, matrix)
        }
        cairo.pushGroup(context)
        return sigma
    }

    /// Filters the group's layer, clips it and composites it with its opacity.
    private func closeLayer(_ group: DrawGroup, sigma: Double, _ context: OpaquePointer, alpha: Double) {
        guard let layer = cairo.popGroup(context) else { return }
        defer { cairo.patternDestroy(layer) }
        var surface: Cairo.Surface?
        if group.blur > 0 || group.saturation != 1, cairo.patternGetSurface(layer, &surface) == 0, let surface {
            filter(surface, saturation: max(0, group.saturation), sigma: sigma)
        }
        // SVG clips after the filter: what the blur spreads past the clip is cut.
        clip(group, context)
        cairo.setSource(context, layer)
        cairo.paintWithAlpha(context, alpha * min(1, max(0, group.opacity)))
    }

    private func filter(_ surface: Cairo.Surface, saturation: Double, sigma: Double) {
        cairo.surfaceFlush(surface)
        guard let data = cairo.imageSurfaceData(surface) else { return }
        let image = PremultipliedImage(
            data: data, width: Int(cairo.imageSurfaceWidth(surface)), height: Int(cairo.imageSurfaceHeight(surface)),
            stride: Int(cairo.imageSurfaceStride(surface)))
        if saturation != 1 { image.saturate(saturation) }
        if sigma > 0 { image.blur(sigma: sigma) }
        cairo.surfaceMarkDirty(surface)
    }

    private func drawShape(_ shape: DrawShape, _ context: OpaquePointer, alpha: Double) {
        guard !shape.drawsNothing else { return }
        let outline = ShapeOutline.path(of: shape)
        switch shape.fill {
        case let .color(rgba):
            cairo.path(context, outline)
            cairo.setColor(context, rgba, alpha: alpha)
            cairo.fill(context)
        case let .linearGradient(x0, y0, x1, y1, stops):
            gradients.fill(outline, from: x0, y0, to: x1, y1, stops: stops, alpha: alpha, cairo: cairo, context: context)
        case nil: break
        }
        guard let stroke = shape.stroke, stroke.width > 0 else { return }
        let (start, end) = shape.trim
        cairo.path(context, start > 0 || end < 1 ? ShapeOutline.trimmed(outline, from: start, to: end) : outline)
        cairo.setLineWidth(context, stroke.width)
        cairo.setLineCap(context, Int32(stroke.cap.rawValue))  // butt, round, square: cairo's order
        cairo.setLineJoin(context, Int32(stroke.join.rawValue))  // miter, round, bevel: cairo's order
        cairo.setColor(context, stroke.color, alpha: alpha)
        cairo.stroke(context)
    }

    private func drawText(_ text: DrawText, _ context: OpaquePointer, alpha: Double) {
        guard text.size > 0, !text.text.isEmpty else { return }
        cairo.setColor(context, text.color, alpha: alpha)
        if let fonts, let shaped = fonts.shaped(text.text, weight: text.weight, tracking: text.tracking / text.size) {
            GlyphMasks.shared.draw(text, shaped, cairo: cairo, context: context, alpha: SVG.alpha(text.color) * alpha)
            return
        }
        // No shaping font: cairo's sans-serif, stretched to the measured advance.
        cairo.save(context)
        cairo.selectFontFace(context, "sans-serif", Cairo.fontSlantNormal, text.weight >= 600 ? 1 : 0)
        cairo.setFontSize(context, text.size)
        var extents = Cairo.TextExtents()
        withUnsafeMutableBytes(of: &extents) { cairo.textExtents(context, text.text, $0.baseAddress!) }
        cairo.concatenate(context, .translation(text.x, text.y))
        if text.advance > 0, extents.xAdvance > 0 { cairo.concatenate(context, .scale(text.advance / extents.xAdvance, 1)) }
        cairo.newPath(context)
        cairo.moveTo(context, 0, 0)
        cairo.textPath(context, text.text)
        cairo.fill(context)
        cairo.restore(context)
    }
}

/// How many paints (fills, strokes, runs of text, layers) each group
/// holds: what decides whether its opacity needs a layer.
struct GroupPlan {
    /// By the index of each group item.
    var paints: [Int: Int] = [:]

    init(_ items: [DrawItem]) {
        func add(_ count: Int, to group: Int) { if group >= 0 { paints[group, default: 0] += count } }
        for step in DisplayListWalk(items) {
            switch step.kind {
            case .enter: break
            case let .leave(group, start):
                let held = paints[start, default: 0]
                paints[start] = held
                // A group that needs a layer is one paint to its parent.
                add(Self.needsLayer(group, paints: held) ? min(1, held) : held, to: step.parent)
            case let .shape(shape):
                if !shape.drawsNothing { add((shape.fill == nil ? 0 : 1) + (shape.stroke == nil ? 0 : 1), to: step.parent) }
            case .text: add(1, to: step.parent)
            }
        }
    }

    /// Whether a group holding `paints` paints is drawn into a layer of its
    /// own: to filter it, or to fade more than one paint as one.
    static func needsLayer(_ group: DrawGroup, paints: Int) -> Bool {
        group.blur > 0 || group.saturation != 1 || (group.opacity < 1 && paints > 1)
    }
}
