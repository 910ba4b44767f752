import CEffect

/// The caller's item buffer, written in order. Items past the capacity are
/// counted but not written, so one pass tells a caller how many it needs.
struct ItemBuffer {
    let items: UnsafeMutablePointer<effect_draw_item>?
    let capacity: Int
    /// Items so far, written or not.
    public private(set) var count = 0

    init(items: UnsafeMutablePointer<effect_draw_item>?, capacity: Int) {
        self.items = items
        self.capacity = items == nil ? 0 : capacity
    }

    /// Whether every number in the items written so far is finite: every
    /// member of every kind is made of doubles and 32-bit fields, and its
    /// doubles sit at 8-byte offsets in known ranges, which is all a check
    /// needs to read. (Plain loops: this runs inside draw, which must not
    /// allocate.)
    var writtenItemsAreFinite: Bool {
        guard let items else { return true }
        func finite(_ raw: UnsafeRawPointer, from start: Int, to end: Int, skipping skipped: Int = -1) -> Bool {
            var offset = start
            while offset < end {
                if offset != skipped, !raw.load(fromByteOffset: offset, as: Double.self).isFinite { return false }
                offset += 8
            }
            return true
        }
        var index = 0
        while index < min(count, capacity) {
            let raw = UnsafeRawPointer(items + index)
            let ok: Bool
            switch items[index].head.kind {
            case EFFECT_ITEM_GROUP: ok = finite(raw, from: 8, to: 136, skipping: 88)
            case EFFECT_ITEM_SHAPE:
                ok = finite(raw, from: 16, to: 72) && finite(raw, from: 80, to: 112) && finite(raw, from: 120, to: 128)
            case EFFECT_ITEM_TEXT: ok = finite(raw, from: 16, to: 80)
            case EFFECT_ITEM_SEGMENT: ok = finite(raw, from: 16, to: 64)
            default: ok = true
            }
            if !ok { return false }
            index += 1
        }
        return true
    }

    /// An item whose bytes past its member are zero: the union's member
    /// initialisers leave them as whatever the stack held, which would
    /// reach the host's memory and make equal frames differ in bytes.
    @inline(__always)
    static func zeroed(_ fill: (inout effect_draw_item) -> Void) -> effect_draw_item {
        var item = effect_draw_item()
        fill(&item)
        return item
    }

    mutating func append(_ item: effect_draw_item) {
        if count < capacity, let items { items[count] = item }
        count += 1
    }
}

/// A group's transform, in the ABI's terms: scale and turn about `anchor`,
/// then move by `translate`.
public struct Transform: Sendable, Equatable {
    public var anchor = Point.zero
    public var translate = Point.zero
    public var scaleX = 1.0
    public var scaleY = 1.0
    public var rotation = 0.0

    public init() {}

    public static let identity = Transform()

    @inlinable public var isIdentity: Bool {
        translate == .zero && scaleX == 1 && scaleY == 1 && rotation == 0
    }

    @inlinable var movesOnly: Bool { scaleX == 1 && scaleY == 1 && rotation == 0 }

    var c: effect_transform {
        effect_transform(
            anchor_x: anchor.x, anchor_y: anchor.y, translate_x: translate.x, translate_y: translate.y, scale_x: scaleX,
            scale_y: scaleY, rotation: rotation)
    }
}

/// A clip in a group's content coordinates.
public enum Clip: Sendable, Equatable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    case capsule(Rect)
    case ellipse(Rect)
}

/// Everything a group item carries besides its id.
public struct GroupEffects: Sendable, Equatable {
    public var transform = Transform()
    public var opacity = 1.0
    public var blur = 0.0
    public var saturation = 1.0
    public var clip: Clip?

    public init() {}
}

/// What a shape item draws: its outline, fill and stroke.
public enum Outline: Sendable, Equatable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    case capsule(Rect)
    case ellipse(Rect)
    /// Segments built once, with the model, moved by `offset` as drawn.
    case path([PathSegment], offset: Point)
}

/// One segment of a path, in the path's own coordinates.
public enum PathSegment: Sendable, Equatable {
    case move(to: Point)
    case line(to: Point)
    case cubic(to: Point, control1: Point, control2: Point)
    case close
}

extension ItemBuffer {
    mutating func beginGroup(_ id: DrawID, _ effects: GroupEffects) {
        var group = effect_draw_group()
        group.kind = EFFECT_ITEM_GROUP
        group.id = id.value
        group.transform = effects.transform.c
        group.opacity = effects.opacity
        group.blur = effects.blur
        group.saturation = effects.saturation
        group.clip_shape = EFFECT_SHAPE_NONE
        switch effects.clip {
        case nil: break
        case let .rect(rect)?: (group.clip_shape, group.clip) = (EFFECT_SHAPE_RECT, rect.c)
        case let .roundedRect(rect, radius)?:
            (group.clip_shape, group.clip, group.clip_corner_radius) = (EFFECT_SHAPE_ROUNDED_RECT, rect.c, radius)
        case let .capsule(rect)?: (group.clip_shape, group.clip) = (EFFECT_SHAPE_CAPSULE, rect.c)
        case let .ellipse(rect)?: (group.clip_shape, group.clip) = (EFFECT_SHAPE_ELLIPSE, rect.c)
        }
        append(Self.zeroed { $0.group = group })
    }

    mutating func endGroup(_ id: DrawID) {
        append(Self.zeroed { $0.head = effect_draw_head(kind: EFFECT_ITEM_END_GROUP, id: id.value) })
    }

    mutating func shape(
        _ id: DrawID, _ outline: Outline, fill: Paint?, stroke: (color: RGBA, style: StrokeStyle)?,
        trim: (from: Double, to: Double)
    ) {
        var shape = effect_draw_shape()
        shape.kind = EFFECT_ITEM_SHAPE
        shape.id = id.value
        shape.trim_start = trim.from
        shape.trim_end = trim.to
        var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
        switch outline {
        case let .rect(rect): (shape.shape, shape.frame, bounds) = (EFFECT_SHAPE_RECT, rect.c, rect)
        case let .roundedRect(rect, radius):
            (shape.shape, shape.frame, shape.corner_radius, bounds) = (EFFECT_SHAPE_ROUNDED_RECT, rect.c, radius, rect)
        case let .capsule(rect): (shape.shape, shape.frame, bounds) = (EFFECT_SHAPE_CAPSULE, rect.c, rect)
        case let .ellipse(rect): (shape.shape, shape.frame, bounds) = (EFFECT_SHAPE_ELLIPSE, rect.c, rect)
        case let .path(segments, _):
            shape.shape = EFFECT_SHAPE_PATH
            shape.segment_count = UInt32(truncatingIfNeeded: segments.count)
        }
        var stops: [GradientStop] = []
        switch fill {
        case nil: shape.fill = EFFECT_PAINT_NONE
        case let .color(color)?: (shape.fill, shape.fill_color) = (EFFECT_PAINT_SOLID, color.packed)
        case let .linearGradient(gradientStops, start, end)?:
            shape.fill = EFFECT_PAINT_LINEAR_GRADIENT
            let (from, to) = (bounds.point(at: start), bounds.point(at: end))
            (shape.gradient_x0, shape.gradient_y0, shape.gradient_x1, shape.gradient_y1) = (from.x, from.y, to.x, to.y)
            shape.stop_count = UInt32(truncatingIfNeeded: gradientStops.count)
            stops = gradientStops
        }
        if let stroke {
            shape.stroke_color = stroke.color.packed
            shape.stroke_width = stroke.style.lineWidth
            shape.line_cap = stroke.style.lineCap.rawValue
            shape.line_join = stroke.style.lineJoin.rawValue
        }
        append(Self.zeroed { $0.shape = shape })
        if case let .path(segments, offset) = outline {
            // Index loops: an array's own iterator is generic code that a
            // debug build runs unspecialised, and it allocates there.
            for index in segments.indices { append(Self.item(segments[index], id, offset)) }
        }
        for index in stops.indices {
            let stop = stops[index]
            let item = effect_draw_stop(
                kind: EFFECT_ITEM_STOP, id: id.value, offset: stop.offset, color: stop.color.packed, reserved: 0)
            append(Self.zeroed { $0.stop = item })
        }
    }

    private static func item(_ segment: PathSegment, _ id: DrawID, _ offset: Point) -> effect_draw_item {
        var out = effect_draw_segment()
        out.kind = EFFECT_ITEM_SEGMENT
        out.id = id.value
        switch segment {
        case let .move(to): (out.verb, out.x, out.y) = (EFFECT_SEGMENT_MOVE, to.x + offset.x, to.y + offset.y)
        case let .line(to): (out.verb, out.x, out.y) = (EFFECT_SEGMENT_LINE, to.x + offset.x, to.y + offset.y)
        case let .cubic(to, c1, c2):
            (out.verb, out.x, out.y) = (EFFECT_SEGMENT_CUBIC, to.x + offset.x, to.y + offset.y)
            (out.x1, out.y1, out.x2, out.y2) = (c1.x + offset.x, c1.y + offset.y, c2.x + offset.x, c2.y + offset.y)
        case .close: out.verb = EFFECT_SEGMENT_CLOSE
        }
        return Self.zeroed { $0.segment = out }
    }

    mutating func text(
        _ id: DrawID, _ string: UnsafePointer<CChar>, length: UInt32, at baseline: Point, font: Font, tracking: Double,
        color: RGBA, metrics: TextMetrics
    ) {
        var text = effect_draw_text()
        text.kind = EFFECT_ITEM_TEXT
        text.id = id.value
        text.text = string
        text.length = length
        (text.x, text.y) = (baseline.x, baseline.y)
        text.size = font.size
        text.weight = font.weight.value
        text.tracking = tracking
        text.advance = metrics.advance
        text.ascent = metrics.ascent
        text.descent = metrics.descent
        text.color = color.packed
        append(Self.zeroed { $0.text = text })
    }
}

extension Rect {
    var c: effect_rect { effect_rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}
