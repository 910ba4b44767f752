import CEffect

/// Measures runs of text for `draw`: a host's fonts, a terminal's cells.
/// Called from the thread that draws; it must answer the same for the
/// same arguments.
public protocol TextMeasuring: AnyObject, Sendable {
    /// The run's advance (its tracking included), ascent and descent, or nil
    /// when it cannot be measured.
    func measure(_ text: String, size: Double, weight: Double, tracking: Double)
        -> (advance: Double, ascent: Double, descent: Double)?
}

/// The colour scheme a frame is drawn for (effect.h's appearance, since
/// ABI 1.3). A 1.2 plugin draws its one look whatever it is asked:
/// `Plugin.adaptsToAppearance` says which kind a plugin is.
public enum Appearance: String, Sendable, CaseIterable {
    case light, dark

    var abiValue: UInt32 { self == .dark ? EFFECT_APPEARANCE_DARK : EFFECT_APPEARANCE_LIGHT }
}

extension EffectInstance {
    /// The display list of the frame at `t`, the view offered `width`
    /// (nil: its ideal width), its text measured by `measurer` (nil: the
    /// ABI's reference metrics), in `appearance`. Throws UNSUPPORTED for an
    /// effect that does not draw (a 1.0 or 1.1 plugin's, or one that says
    /// so), and INTERNAL for a list that breaks the ABI's rules.
    public func draw(
        at t: Double, width: Double? = nil, measurer: TextMeasuring? = nil, appearance: Appearance = .light
    ) throws(EffectError) -> DisplayList {
        guard let draw = plugin.drawFunction else {
            throw EffectError(
                status: EFFECT_ERR_UNSUPPORTED,
                message: "\(effect.id) comes from an ABI 1.\(plugin.minor) plugin, which does not draw")
        }
        let box = measurer.map { MeasurerBox($0) }
        var context = effect_draw_context()
        context.struct_size = UInt32(MemoryLayout<effect_draw_context>.size)
        context.width = width ?? 0
        context.appearance = appearance.abiValue
        if let box {
            context.measure = measureThunk
            context.measure_context = Unmanaged.passUnretained(box).toOpaque()
        }
        var drawing = effect_drawing()
        // Room for a small drawing; a larger one says what it needs, and a
        // plugin that keeps asking for more is broken.
        var items = [effect_draw_item](repeating: effect_draw_item(), count: 64)
        for _ in 0..<3 {
            drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
            do {
                try items.withUnsafeMutableBufferPointer { buffer throws(EffectError) in
                    try withUnsafePointer(to: &context) { context throws(EffectError) in
                        try call("draw") { draw(rawHandle, t, context, &drawing, buffer.baseAddress, UInt64(buffer.count), $0) }
                    }
                }
            } catch where error.status == EFFECT_ERR_BUFFER && drawing.item_count > UInt64(items.count)
                && drawing.item_count <= Self.maxItems
            {
                let needed = max(drawing.item_count, min(drawing.max_item_count, Self.maxItems))
                items = [effect_draw_item](repeating: effect_draw_item(), count: Int(needed))
                continue
            }
            withExtendedLifetime(box) {}
            return try DisplayListReader.read(
                drawing, items, count: Int(min(drawing.item_count, UInt64(items.count))), textLengths: plugin.hasTextLengths)
        }
        throw EffectError(status: EFFECT_ERR_INTERNAL, message: "the plugin's display list does not fit the capacity it asked for")
    }

    /// More items than any frame of a sane effect draws.
    static let maxItems: UInt64 = 50_000_000
}

/// Keeps a Swift measurer alive and reachable from the C callback.
private final class MeasurerBox {
    let measurer: TextMeasuring
    init(_ measurer: TextMeasuring) { self.measurer = measurer }
}

private let measureThunk: effect_measure_fn = { context, text, size, weight, tracking, out in
    guard let context, let text, let out else { return EFFECT_ERR_NULL_POINTER }
    let box = Unmanaged<MeasurerBox>.fromOpaque(context).takeUnretainedValue()
    guard let string = String(validatingCString: text),
        let metrics = box.measurer.measure(string, size: size, weight: weight, tracking: tracking)
    else { return EFFECT_ERR_RANGE }
    out.pointee = effect_text_metrics(advance: metrics.advance, ascent: metrics.ascent, descent: metrics.descent)
    return EFFECT_OK
}

enum DisplayListReader {
    /// `textLengths`: the plugin's minor has text items' `length` (1.6);
    /// before it the field is reserved, and every run is its whole string.
    static func read(
        _ drawing: effect_drawing, _ raw: [effect_draw_item], count: Int, textLengths: Bool
    ) throws(EffectError) -> DisplayList {
        func broken(_ what: String) -> EffectError {
            EffectError(status: EFFECT_ERR_INTERNAL, message: "the plugin's display list \(what)")
        }
        let numbers = [drawing.width, drawing.height, drawing.bounds.x, drawing.bounds.y, drawing.bounds.width, drawing.bounds.height]
        guard numbers.allSatisfy(\.isFinite) else { throw broken("has a non-finite size or bounds") }
        var items: [DrawItem] = []
        items.reserveCapacity(count)
        var open: [UInt32] = []
        var index = 0
        func finite(_ values: Double...) throws(EffectError) {
            guard values.allSatisfy(\.isFinite) else { throw broken("has a non-finite number in item \(index)") }
        }
        while index < count {
            let item = raw[index]
            switch item.head.kind {
            case EFFECT_ITEM_GROUP:
                let g = item.group
                let t = g.transform
                try finite(t.anchor_x, t.anchor_y, t.translate_x, t.translate_y, t.scale_x, t.scale_y, t.rotation)
                try finite(g.opacity, g.blur, g.saturation, g.clip.x, g.clip.y, g.clip.width, g.clip.height, g.clip_corner_radius)
                let clip: DrawClip?
                if g.clip_shape == EFFECT_SHAPE_NONE {
                    clip = nil
                } else {
                    guard let shape = shapeKind(g.clip_shape), shape != .path else { throw broken("clips to shape \(g.clip_shape)") }
                    clip = DrawClip(shape: shape, rect: rect(g.clip), cornerRadius: g.clip_corner_radius)
                }
                items.append(
                    .group(
                        DrawGroup(
                            id: g.id,
                            transform: DrawTransform(
                                anchorX: t.anchor_x, anchorY: t.anchor_y, translateX: t.translate_x, translateY: t.translate_y,
                                scaleX: t.scale_x, scaleY: t.scale_y, rotation: t.rotation),
                            opacity: g.opacity, blur: g.blur, saturation: g.saturation, clip: clip)))
                open.append(g.id)
            case EFFECT_ITEM_END_GROUP:
                guard let group = open.popLast() else { throw broken("closes a group that is not open at item \(index)") }
                guard group == item.head.id else {
                    throw broken("closes group \(group) with the id \(item.head.id) at item \(index)")
                }
                items.append(.endGroup(id: item.head.id))
            case EFFECT_ITEM_SHAPE:
                let s = item.shape
                guard let kind = shapeKind(s.shape) else { throw broken("has shape kind \(s.shape) at item \(index)") }
                try finite(s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.corner_radius, s.trim_start, s.trim_end)
                try finite(s.gradient_x0, s.gradient_y0, s.gradient_x1, s.gradient_y1, s.stroke_width)
                let segmentCount = kind == .path ? Int(s.segment_count) : 0
                let stopCount = s.fill == EFFECT_PAINT_LINEAR_GRADIENT ? Int(s.stop_count) : 0
                guard index + segmentCount + stopCount < count else { throw broken("ends inside shape \(s.id)") }
                if kind == .path, segmentCount > 0, raw[index + 1].head.kind == EFFECT_ITEM_SEGMENT,
                    raw[index + 1].segment.verb != EFFECT_SEGMENT_MOVE
                {
                    throw broken("has path \(s.id) that does not start with a move")
                }
                var segments: [DrawSegment] = []
                for offset in 0..<segmentCount {
                    let segment = raw[index + 1 + offset]
                    guard segment.head.kind == EFFECT_ITEM_SEGMENT else { throw broken("lacks a segment of shape \(s.id)") }
                    let p = segment.segment
                    try finite(p.x, p.y, p.x1, p.y1, p.x2, p.y2)
                    switch p.verb {
                    case EFFECT_SEGMENT_MOVE: segments.append(.move(x: p.x, y: p.y))
                    case EFFECT_SEGMENT_LINE: segments.append(.line(x: p.x, y: p.y))
                    case EFFECT_SEGMENT_CUBIC: segments.append(.cubic(x: p.x, y: p.y, x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2))
                    case EFFECT_SEGMENT_CLOSE: segments.append(.close)
                    default: throw broken("has segment verb \(p.verb)")
                    }
                }
                var stops: [(offset: Double, color: UInt32)] = []
                for offset in 0..<stopCount {
                    let stop = raw[index + 1 + segmentCount + offset]
                    guard stop.head.kind == EFFECT_ITEM_STOP else { throw broken("lacks a stop of shape \(s.id)") }
                    try finite(stop.stop.offset)
                    stops.append((stop.stop.offset, stop.stop.color))
                }
                let fill: DrawPaint?
                switch s.fill {
                case EFFECT_PAINT_NONE: fill = nil
                case EFFECT_PAINT_SOLID: fill = .color(s.fill_color)
                case EFFECT_PAINT_LINEAR_GRADIENT:
                    fill = .linearGradient(x0: s.gradient_x0, y0: s.gradient_y0, x1: s.gradient_x1, y1: s.gradient_y1, stops: stops)
                default: throw broken("has paint kind \(s.fill)")
                }
                let stroke =
                    s.stroke_width > 0
                    ? DrawStroke(
                        color: s.stroke_color, width: s.stroke_width, cap: DrawCap(rawValue: s.line_cap) ?? .butt,
                        join: DrawJoin(rawValue: s.line_join) ?? .miter) : nil
                items.append(
                    .shape(
                        DrawShape(
                            id: s.id, kind: kind, frame: rect(s.frame), cornerRadius: s.corner_radius, trimStart: s.trim_start,
                            trimEnd: s.trim_end, fill: fill, stroke: stroke, segments: segments)))
                index += segmentCount + stopCount
            case EFFECT_ITEM_TEXT:
                let t = item.text
                try finite(t.x, t.y, t.size, t.weight, t.tracking, t.advance, t.ascent, t.descent)
                let text: String
                switch TextRun.read(t.text, length: textLengths ? t.length : 0) {
                case let .success(run): text = run
                case .failure(.unreadable): throw broken("has text that is NULL or not UTF-8")
                case let .failure(problem): throw broken("has text \(t.id) at item \(index) whose \(problem.description)")
                }
                items.append(
                    .text(
                        DrawText(
                            id: t.id, text: text, x: t.x, y: t.y, size: t.size, weight: t.weight, tracking: t.tracking,
                            advance: t.advance, ascent: t.ascent, descent: t.descent, color: t.color)))
            case EFFECT_ITEM_SEGMENT, EFFECT_ITEM_STOP:
                throw broken("has a \(item.head.kind == EFFECT_ITEM_SEGMENT ? "segment" : "stop") outside a shape at item \(index)")
            default:
                throw broken("has item kind \(item.head.kind) at item \(index)")
            }
            index += 1
        }
        guard open.isEmpty else { throw broken("leaves \(open.count) group(s) open") }
        return DisplayList(
            width: drawing.width, height: drawing.height, bounds: rect(drawing.bounds),
            maxItemCount: Int(clamping: drawing.max_item_count), items: items)
    }

    private static func rect(_ r: effect_rect) -> DrawRect { DrawRect(x: r.x, y: r.y, width: r.width, height: r.height) }

    private static func shapeKind(_ raw: UInt32) -> DrawShapeKind? {
        switch raw {
        case EFFECT_SHAPE_RECT: .rect
        case EFFECT_SHAPE_ROUNDED_RECT: .roundedRect
        case EFFECT_SHAPE_CAPSULE: .capsule
        case EFFECT_SHAPE_ELLIPSE: .ellipse
        case EFFECT_SHAPE_PATH: .path
        default: nil
        }
    }
}
