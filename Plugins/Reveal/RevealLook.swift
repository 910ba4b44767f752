import EffectABI

enum RevealWeight: String, ParamChoice {
    case regular, medium, semibold, bold

    var weight: Font.Weight {
        switch self {
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        }
    }
}

/// The colours a reveal draws with: live params, so they change over time.
struct RevealColors {
    var text: Steps<AdaptiveColor>
    var highlight: Steps<RGBA>
    var ink: Steps<RGBA>

    /// The colours at create.
    init(_ params: ParamTimeline) {
        text = Steps(initial: params.value(TextReveal.color, at: 0))
        highlight = Steps(initial: params.value(TextReveal.highlightColor, at: 0))
        ink = Steps(initial: params.value(TextReveal.highlightInk, at: 0))
    }

    /// The colours from one more event time on.
    mutating func advance(to time: Double, _ params: ParamTimeline) {
        text.append(params.value(TextReveal.color, at: time), at: time)
        highlight.append(params.value(TextReveal.highlightColor, at: time), at: time)
        ink.append(params.value(TextReveal.highlightInk, at: time), at: time)
    }
}

/// How Text Reveal looks, after the seed's body: chunks wrapped by
/// WordFlow; each unit offset, faded, blurred and scaled about its bottom
/// edge inside its chunk's rise mask; behind a highlighted chunk the block,
/// wiped in by its horizontal scale from its leading edge, and over it an
/// ink copy of the phrase uncovered by the same wipe.
struct RevealLook {
    /// Display-list ids (docs/effects.md): each base plus the chunk's or
    /// the unit's index.
    enum Part {
        static let blockGroup: DrawID = 0x100_0000
        static let block: DrawID = 0x200_0000
        static let mask: DrawID = 0x300_0000
        static let unitGroup: DrawID = 0x400_0000
        static let unit: DrawID = 0x500_0000
        static let inkGroup: DrawID = 0x600_0000
        static let ink: DrawID = 0x700_0000
    }

    let font: Font
    let tracking: Double
    /// What each unit draws: its text, joined to its neighbours where Arabic letters connect.
    let units: [CString]
    /// Each unit's tracking: `tracking`, but none between the letters of a
    /// word that joins them (Arabic), which keeps it for the word's end, as
    /// the word drawn whole does.
    let unitTracking: [Double]
    let space: CString
    var colors: RevealColors
    /// Each unit's and the space's reference metrics, measured once: a draw
    /// that brings no measurer reads these instead of measuring again.
    let referenceUnits: [TextMetrics]
    let referenceSpace: TextMetrics
    /// Items a frame draws: the same for every t.
    let itemCount: Int

    init(
        params: ParamTimeline, units: [CString], untracked: [Bool], space: CString, colors: RevealColors, chunks: [RevealChunk]
    ) {
        font = .system(size: params.created(TextReveal.fontSize), weight: params.created(TextReveal.fontWeight).weight)
        let tracking = params.created(TextReveal.tracking)
        self.tracking = tracking
        self.units = units
        unitTracking = untracked.map { $0 ? 0 : tracking }
        self.space = space
        self.colors = colors
        referenceUnits = zip(units, unitTracking).map { [font] in ReferenceMetrics.measure($0, font: font, tracking: $1) }
        referenceSpace = ReferenceMetrics.measure(space, font: font, tracking: tracking)
        // Per chunk its mask group; per unit a group and its text; per
        // highlighted chunk the block's group and shape, and the ink group
        // with a text per unit.
        itemCount = chunks.reduce(0) { count, chunk in
            count + 2 + 3 * chunk.unitCount + (chunk.highlighted ? 5 + chunk.unitCount : 0)
        }
    }

    private func metrics(ofUnit unit: Int, _ canvas: inout Canvas) -> TextMetrics {
        canvas.usesReferenceMetrics ? referenceUnits[unit] : canvas.measure(units[unit], font: font, tracking: unitTracking[unit])
    }

    private func spaceMetrics(_ canvas: inout Canvas) -> TextMetrics {
        canvas.usesReferenceMetrics ? referenceSpace : canvas.measure(space, font: font, tracking: tracking)
    }

    /// A chunk's size: its units side by side (the seed's HStack of
    /// spacing 0), a space between words.
    private func size(of chunk: RevealChunk, _ canvas: inout Canvas) -> Size {
        var size = Size.zero
        var unit = chunk.firstUnit
        // Index loops throughout: an array's own iterator is generic code
        // that a debug build runs unspecialised, and it allocates there.
        for index in chunk.words.indices {
            if index > 0, !chunk.joined[index] {
                let gap = spaceMetrics(&canvas)
                size.width += gap.advance
                size.height = max(size.height, gap.height)
            }
            for _ in 0..<chunk.words[index].count {
                let measured = metrics(ofUnit: unit, &canvas)
                size.width += measured.advance
                size.height = max(size.height, measured.height)
                unit += 1
            }
        }
        return size
    }

    func draw(chunks: [RevealChunk], flow: WordFlow, plan: RevealPlan, at t: Double, on canvas: inout Canvas) -> Size {
        let (gap, extent) = layout(chunks: chunks, flow: flow, on: &canvas)
        draw(chunks: chunks, flow: flow, gap: gap, extent: extent, plan: plan, at: t, on: &canvas)
        return extent
    }

    /// The frame and the extent from one layout.
    func drawFrame(
        chunks: [RevealChunk], flow: WordFlow, plans: SharedArray<RevealPlan>, plan: RevealPlan, at t: Double, on canvas: inout Canvas
    ) -> (size: Size, extent: DrawingExtent) {
        let (gap, extent) = layout(chunks: chunks, flow: flow, on: &canvas)
        draw(chunks: chunks, flow: flow, gap: gap, extent: extent, plan: plan, at: t, on: &canvas)
        return (extent, self.extent(of: extent, plans: plans))
    }

    /// The gap between chunks and the size of the whole flow, for the canvas's proposal.
    private func layout(chunks: [RevealChunk], flow: WordFlow, on canvas: inout Canvas) -> (gap: Double, extent: Size) {
        func chunkSize(_ index: Int) -> Size { size(of: chunks[index], &canvas) }
        let gap = flow.gap(size: chunkSize)
        return (gap, flow.extent(gap: gap, containerWidth: canvas.proposal.width ?? .infinity, size: chunkSize))
    }

    private func draw(
        chunks: [RevealChunk], flow: WordFlow, gap: Double, extent: Size, plan: RevealPlan, at t: Double,
        on canvas: inout Canvas
    ) {
        func chunkSize(_ index: Int) -> Size { size(of: chunks[index], &canvas) }
        let containerWidth = canvas.proposal.width ?? .infinity
        var rows = WordFlow.Rows(flow, gap: gap, containerWidth: containerWidth)
        var y = 0.0
        while let row = rows.next(size: chunkSize) {
            var x = flow.alignment.start(ofRow: row.width, in: extent.width)
            for offset in 0..<(row.end - row.first) {
                let (index, gapBefore) = flow.placed(offset, in: row, gap: gap)
                x += gapBefore
                let box = chunkSize(index)
                let padding = flow.padding(index)
                let frame = Rect(
                    x: flow.direction.x(leading: x + padding, width: box.width, in: extent.width), y: y + row.height - box.height,
                    width: box.width, height: box.height)
                draw(chunks[index], number: index, in: frame, direction: flow.direction(of: index), plan: plan, at: t, on: &canvas)
                x += box.width + 2 * padding
            }
            y += row.height
        }
    }

    private func draw(
        _ chunk: RevealChunk, number: Int, in box: Rect, direction: LayoutDirection, plan: RevealPlan, at t: Double,
        on canvas: inout Canvas
    ) {
        let rightToLeft = direction == .rightToLeft
        let wipe = chunk.highlighted ? plan.highlight(lastUnit: chunk.lastUnit, at: t) : 0
        if chunk.highlighted {
            // scaleEffect(x: wipe, anchor: .leading) of the block's own
            // frame, which starts at the text's leading edge (the right,
            // right to left); with reduce motion the block fades instead.
            var effects = GroupEffects()
            effects.transform.anchor = Point(x: rightToLeft ? box.maxX : box.minX, y: box.minY + 0.52 * box.height)
            if plan.reduceMotion { effects.opacity = wipe } else { effects.transform.scaleX = wipe }
            let block = WordFlow.block(around: box)
            canvas.group(Part.blockGroup + number, effects) { canvas in
                canvas.shape(
                    Part.block + number, .roundedRect(block.rect, cornerRadius: block.cornerRadius),
                    fill: .color(colors.highlight.value(at: t)))
            }
        }
        // The rise mask: open above and 40 pt to each side, closed at the
        // chunk's bottom edge; without the masked rise it is far enough
        // away to clip nothing.
        var mask = GroupEffects()
        if plan.masked {
            mask.clip = .rect(Rect(x: box.minX - 40, y: box.minY - 400, width: box.width + 80, height: box.height + 400))
        }
        let ink = colors.text.value(at: t, for: canvas.appearance)
        canvas.group(Part.mask + number, mask) { canvas in
            forEachUnit(of: chunk, in: box, direction: direction, &canvas) { unit, frame, metrics, canvas in
                let state = plan.unit(unit, at: t)
                // A masked unit rises from 1.05 of its own measured height.
                let offset = plan.masked ? 1.05 * frame.height * (1 - state.progress) : state.offsetY
                var effects = GroupEffects()
                effects.opacity = state.opacity
                effects.blur = state.blur
                // Offset, then scaled about the unit's bottom edge.
                effects.transform.anchor = Point(x: frame.minX + frame.width / 2, y: frame.maxY)
                (effects.transform.scaleX, effects.transform.scaleY) = (state.scale, state.scale)
                effects.transform.translate = Point(x: 0, y: state.scale * offset)
                canvas.group(Part.unitGroup + unit, effects) { canvas in
                    canvas.text(
                        Part.unit + unit, units[unit], at: Point(x: frame.minX, y: frame.minY + metrics.ascent), font: font,
                        tracking: unitTracking[unit], color: ink, metrics: metrics)
                }
            }
        }
        if chunk.highlighted {
            // The ink copy, at rest, uncovered by the same wipe (faded with
            // reduce motion), so the colour flips exactly under the block.
            var effects = GroupEffects()
            let uncovered = plan.reduceMotion ? box.width : wipe * box.width
            effects.clip = .rect(
                Rect(x: rightToLeft ? box.maxX - uncovered : box.minX, y: box.minY, width: uncovered, height: box.height))
            if plan.reduceMotion { effects.opacity = wipe }
            let inkColor = colors.ink.value(at: t)
            canvas.group(Part.inkGroup + number, effects) { canvas in
                forEachUnit(of: chunk, in: box, direction: direction, &canvas) { unit, frame, metrics, canvas in
                    canvas.text(
                        Part.ink + unit, units[unit], at: Point(x: frame.minX, y: frame.minY + metrics.ascent), font: font,
                        tracking: unitTracking[unit], color: inkColor, metrics: metrics)
                }
            }
        }
    }

    /// Each unit of a chunk with its frame: side by side from the chunk's
    /// leading edge (the right, right to left), a space between words,
    /// centred in the chunk's height.
    private func forEachUnit(
        of chunk: RevealChunk, in box: Rect, direction: LayoutDirection, _ canvas: inout Canvas,
        _ body: (Int, Rect, TextMetrics, inout Canvas) -> Void
    ) {
        var x = 0.0
        var unit = chunk.firstUnit
        for index in chunk.words.indices {
            if index > 0, !chunk.joined[index] { x += spaceMetrics(&canvas).advance }
            for _ in 0..<chunk.words[index].count {
                let measured = metrics(ofUnit: unit, &canvas)
                let frame = Rect(
                    x: box.minX + direction.x(leading: x, width: measured.advance, in: box.width),
                    y: box.minY + (box.height - measured.height) / 2, width: measured.advance, height: measured.height)
                body(unit, frame, measured, &canvas)
                x += measured.advance
                unit += 1
            }
        }
    }

    /// The drawing as a whole for the canvas's proposal.
    func extent(chunks: [RevealChunk], flow: WordFlow, plans: SharedArray<RevealPlan>, on canvas: inout Canvas) -> DrawingExtent {
        extent(of: layout(chunks: chunks, flow: flow, on: &canvas).extent, plans: plans)
    }

    /// The laid-out text of `extent`, with room for what moves outside it:
    /// the unmasked rise's 10 pt (a bouncy spring overshoots a little), the
    /// block's padding, and three blur radii.
    private func extent(of extent: Size, plans: SharedArray<RevealPlan>) -> DrawingExtent {
        var blur = 0.0
        for index in plans.indices where plans[index].preset == .blur { blur = max(blur, plans[index].blurRadius) }
        let margin = 12 + 0.2 * font.size + 3 * blur
        return DrawingExtent(
            bounds: Rect(x: 0, y: 0, width: extent.width, height: extent.height).outset(by: margin), maxItems: itemCount)
    }
}
