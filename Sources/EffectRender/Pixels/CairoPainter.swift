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
/// those layers. A saturation of at most 1 is passed down into every
/// paint's colour whatever the group holds (`Saturation`: the filter
/// commutes with every blend), unless the group holds colour glyphs,
/// whose pictures have no one colour. A layer that is needed is bounded
/// to its group's ink.
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
        let plan = GroupPlan(list.items, drawsPictures: drawsPictures)
        cairo.save(context)
        cairo.setMiterLimit(context, 4)  // SVG's default, which the SVG frames get
        var walk = DisplayListWalk(list)
        // By the index of each group drawn: the alpha its content is painted
        // with (the alpha around it times its opacity, or 1 in a layer), the
        // saturation its content's colours take (likewise), and the blur's σ
        // in device units of one that takes a layer.
        var alpha: [Int: Double] = [:]
        var saturation: [Int: Double] = [:]
        var layers: [Int: Double] = [:]
        while let step = walk.next() {
            let around = alpha[step.parent] ?? 1
            let tint = saturation[step.parent] ?? 1
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
                guard plan.needsLayer(group, at: step.index) else {
                    clip(group, context)
                    alpha[step.index] = around * opacity
                    saturation[step.index] = tint * max(0, group.saturation)
                    continue
                }
                layers[step.index] = openLayer(group, list.items, step.index + 1..<end, context)
                alpha[step.index] = 1
                saturation[step.index] = 1
            case let .leave(group, start):
                if let sigma = layers[start] { closeLayer(group, sigma: sigma, context, alpha: around, saturation: tint) }
                cairo.restore(context)
            case let .shape(shape): drawShape(shape, context, alpha: around, saturation: tint)
            case let .text(text): drawText(text, context, alpha: around, saturation: tint)
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

    /// Filters the group's layer (its own saturation, then the one passed
    /// down to it), clips it and composites it with its opacity.
    private func closeLayer(_ group: DrawGroup, sigma: Double, _ context: OpaquePointer, alpha: Double, saturation: Double) {
        guard let layer = cairo.popGroup(context) else { return }
        defer { cairo.patternDestroy(layer) }
        var surface: Cairo.Surface?
        let saturations = [max(0, group.saturation), saturation].filter { $0 != 1 }
        if group.blur > 0 || !saturations.isEmpty, cairo.patternGetSurface(layer, &surface) == 0, let surface {
            filter(surface, saturations: saturations, sigma: sigma)
        }
        // SVG clips after the filter: what the blur spreads past the clip is cut.
        clip(group, context)
        cairo.setSource(context, layer)
        cairo.paintWithAlpha(context, alpha * min(1, max(0, group.opacity)))
    }

    private func filter(_ surface: Cairo.Surface, saturations: [Double], sigma: Double) {
        cairo.surfaceFlush(surface)
        guard let data = cairo.imageSurfaceData(surface) else { return }
        let image = PremultipliedImage(
            data: data, width: Int(cairo.imageSurfaceWidth(surface)), height: Int(cairo.imageSurfaceHeight(surface)),
            stride: Int(cairo.imageSurfaceStride(surface)))
        for saturation in saturations { image.saturate(saturation) }
        if sigma > 0 { image.blur(sigma: sigma) }
        cairo.surfaceMarkDirty(surface)
    }

    private func drawShape(_ shape: DrawShape, _ context: OpaquePointer, alpha: Double, saturation: Double) {
        guard !shape.drawsNothing else { return }
        let tint = saturation == 1 ? nil : Saturation(saturation)
        let outline = ShapeOutline.path(of: shape)
        switch shape.fill {
        case let .color(rgba):
            cairo.path(context, outline)
            cairo.setColor(context, tint?.apply(rgba) ?? rgba, alpha: alpha)
            cairo.fill(context)
        case let .linearGradient(x0, y0, x1, y1, stops):
            let colours = tint.map { tint in stops.map { ($0.offset, tint.apply($0.color)) } } ?? stops
            gradients.fill(outline, from: x0, y0, to: x1, y1, stops: colours, alpha: alpha, cairo: cairo, context: context)
        case nil: break
        }
        guard let stroke = shape.stroke, stroke.width > 0 else { return }
        let (start, end) = shape.trim
        cairo.path(context, start > 0 || end < 1 ? ShapeOutline.trimmed(outline, from: start, to: end) : outline)
        cairo.setLineWidth(context, stroke.width)
        cairo.setLineCap(context, Int32(stroke.cap.rawValue))  // butt, round, square: cairo's order
        cairo.setLineJoin(context, Int32(stroke.join.rawValue))  // miter, round, bevel: cairo's order
        cairo.setColor(context, tint?.apply(stroke.color) ?? stroke.color, alpha: alpha)
        cairo.stroke(context)
    }

    /// Whether `text` draws colour glyphs (emoji), which no one colour can tint.
    private func drawsPictures(_ text: DrawText) -> Bool {
        guard let fonts, let shaped = fonts.shaped(text.text, weight: text.weight, tracking: text.tracking / max(text.size, 1e-9)) else {
            return false
        }
        return shaped.glyphs.contains { $0.font.hasColorBitmaps }
    }

    private func drawText(_ text: DrawText, _ context: OpaquePointer, alpha: Double, saturation: Double) {
        guard text.size > 0, !text.text.isEmpty else { return }
        cairo.setColor(context, saturation == 1 ? text.color : Saturation(saturation).apply(text.color), alpha: alpha)
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
/// holds, and whether it holds colour glyphs: what decides whether its
/// opacity or its saturation needs a layer.
struct GroupPlan {
    /// By the index of each group item.
    var paints: [Int: Int] = [:]
    /// The groups holding colour glyphs, at any depth.
    var pictures: Set<Int> = []

    /// `drawsPictures`: whether a run of text draws colour glyphs.
    init(_ items: [DrawItem], drawsPictures: (DrawText) -> Bool) {
        func add(_ count: Int, to group: Int) { if group >= 0 { paints[group, default: 0] += count } }
        // Colour glyphs matter only to a saturation, and most lists have none: no shaping looked up then.
        let saturates = items.contains { item in
            if case let .group(group) = item { return group.saturation != 1 }
            return false
        }
        for step in DisplayListWalk(items) {
            switch step.kind {
            case .enter: break
            case let .leave(group, start):
                let held = paints[start, default: 0]
                paints[start] = held
                // A group that needs a layer is one paint to its parent.
                add(needsLayer(group, at: start) ? min(1, held) : held, to: step.parent)
                if pictures.contains(start), step.parent >= 0 { pictures.insert(step.parent) }
            case let .shape(shape):
                if !shape.drawsNothing { add((shape.fill == nil ? 0 : 1) + (shape.stroke == nil ? 0 : 1), to: step.parent) }
            case let .text(text):
                add(1, to: step.parent)
                if saturates, step.parent >= 0, drawsPictures(text) { pictures.insert(step.parent) }
            }
        }
    }

    /// Whether the group at `index` is drawn into a layer of its own: to
    /// blur it, to saturate more than its paints' colours can say (past 1,
    /// where the filter clips, or colour glyphs), or to fade more than one
    /// paint as one.
    func needsLayer(_ group: DrawGroup, at index: Int) -> Bool {
        group.blur > 0 || (group.saturation != 1 && (group.saturation > 1 || pictures.contains(index)))
            || (group.opacity < 1 && paints[index, default: 0] > 1)
    }
}
