import CEffect
import EffectHost

/// Checked display-list items written back in effect.h's structs, for a C
/// caller that reads them as a plugin writes them.
enum ItemEncoding {
    /// The items in effect.h's layout (a SHAPE followed by its SEGMENT and
    /// STOP items), strings kept by `keep`; and where each of `items`
    /// starts among them.
    static func encode(_ items: [DrawItem], keep: (String) -> UnsafePointer<CChar>) -> ([effect_draw_item], [Int]) {
        var out: [effect_draw_item] = []
        var places: [Int] = []
        places.reserveCapacity(items.count)
        for item in items {
            places.append(out.count)
            switch item {
            case let .group(group): out.append(encoded(group))
            case let .endGroup(id):
                var end = effect_draw_item()
                end.head = effect_draw_head(kind: EFFECT_ITEM_END_GROUP, id: id)
                out.append(end)
            case let .shape(shape): out += encoded(shape)
            case let .text(text):
                var item = effect_draw_item()
                item.text = effect_draw_text(
                    kind: EFFECT_ITEM_TEXT, id: text.id, text: keep(text.text), x: text.x, y: text.y, size: text.size,
                    weight: text.weight, tracking: text.tracking, advance: text.advance, ascent: text.ascent,
                    descent: text.descent, color: text.color, length: 0)
                out.append(item)
            }
        }
        return (out, places)
    }

    static func shapeCode(_ kind: DrawShapeKind) -> UInt32 {
        switch kind {
        case .rect: EFFECT_SHAPE_RECT
        case .roundedRect: EFFECT_SHAPE_ROUNDED_RECT
        case .capsule: EFFECT_SHAPE_CAPSULE
        case .ellipse: EFFECT_SHAPE_ELLIPSE
        case .path: EFFECT_SHAPE_PATH
        }
    }

    static func rect(_ r: DrawRect) -> effect_rect { effect_rect(x: r.x, y: r.y, width: r.width, height: r.height) }

    private static func encoded(_ group: DrawGroup) -> effect_draw_item {
        let t = group.transform
        var g = effect_draw_group()
        (g.kind, g.id) = (EFFECT_ITEM_GROUP, group.id)
        g.transform = effect_transform(
            anchor_x: t.anchorX, anchor_y: t.anchorY, translate_x: t.translateX, translate_y: t.translateY, scale_x: t.scaleX,
            scale_y: t.scaleY, rotation: t.rotation)
        (g.opacity, g.blur, g.saturation) = (group.opacity, group.blur, group.saturation)
        if let clip = group.clip {
            (g.clip_shape, g.clip, g.clip_corner_radius) = (shapeCode(clip.shape), rect(clip.rect), clip.cornerRadius)
        }
        var item = effect_draw_item()
        item.group = g
        return item
    }

    private static func encoded(_ shape: DrawShape) -> [effect_draw_item] {
        var s = effect_draw_shape()
        (s.kind, s.id, s.shape) = (EFFECT_ITEM_SHAPE, shape.id, shapeCode(shape.kind))
        (s.frame, s.corner_radius, s.trim_start, s.trim_end) = (rect(shape.frame), shape.cornerRadius, shape.trimStart, shape.trimEnd)
        var stops: [(offset: Double, color: UInt32)] = []
        switch shape.fill {
        case nil: s.fill = EFFECT_PAINT_NONE
        case let .color(color): (s.fill, s.fill_color) = (EFFECT_PAINT_SOLID, color)
        case let .linearGradient(x0, y0, x1, y1, gradientStops):
            (s.fill, s.gradient_x0, s.gradient_y0, s.gradient_x1, s.gradient_y1) = (EFFECT_PAINT_LINEAR_GRADIENT, x0, y0, x1, y1)
            stops = gradientStops
        }
        if let stroke = shape.stroke {
            (s.stroke_color, s.stroke_width, s.line_cap, s.line_join) = (stroke.color, stroke.width, stroke.cap.rawValue, stroke.join.rawValue)
        }
        (s.segment_count, s.stop_count) = (UInt32(shape.segments.count), UInt32(stops.count))
        var item = effect_draw_item()
        item.shape = s
        var out = [item]
        for segment in shape.segments {
            var p = effect_draw_segment()
            (p.kind, p.id) = (EFFECT_ITEM_SEGMENT, shape.id)
            switch segment {
            case let .move(x, y): (p.verb, p.x, p.y) = (EFFECT_SEGMENT_MOVE, x, y)
            case let .line(x, y): (p.verb, p.x, p.y) = (EFFECT_SEGMENT_LINE, x, y)
            case let .cubic(x, y, x1, y1, x2, y2): (p.verb, p.x, p.y, p.x1, p.y1, p.x2, p.y2) = (EFFECT_SEGMENT_CUBIC, x, y, x1, y1, x2, y2)
            case .close: p.verb = EFFECT_SEGMENT_CLOSE
            }
            var next = effect_draw_item()
            next.segment = p
            out.append(next)
        }
        for stop in stops {
            var next = effect_draw_item()
            next.stop = effect_draw_stop(kind: EFFECT_ITEM_STOP, id: shape.id, offset: stop.offset, color: stop.color, reserved: 0)
            out.append(next)
        }
        return out
    }
}
