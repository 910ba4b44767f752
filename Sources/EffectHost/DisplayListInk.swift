/// Where a display list's items put ink, by effect.h's geometry: what
/// `effect_drawing.bounds` must hold. A shape inks its outline (a rect, an
/// ellipse or round corners in its frame, or a path's points and control
/// points, between which a curve lies) grown by half its stroke; a text run inks its measured box, from x to
/// x + advance and from the baseline's ascent above to its descent below;
/// both through the transforms of the groups around them, and within
/// their clips. What no renderer can see puts down none: a shape trimmed
/// to nothing or with neither fill nor stroke, an empty run, anything
/// inside a group of opacity 0. A miter's spike and a blur's spread are
/// not counted: they are a renderer's margin, not the item's geometry.
public enum DisplayListInk {
    public typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// One item's ink, in the list's coordinates.
    public struct Mark: Sendable {
        /// The item's index in the list's items.
        public let index: Int
        public let item: DrawItem
        public let box: Box
    }

    /// The ink of each shape and text run of `items` that puts any down, in
    /// drawing order.
    public static func marks(_ items: [DrawItem]) -> [Mark] {
        var marks: [Mark] = []
        var walk = DisplayListWalk(items)
        while let step = walk.next() {
            guard step.state.opacity > 0 else { continue }
            let box: Box?
            switch step.kind {
            case .enter, .leave: continue
            case let .shape(shape):
                guard !shape.drawsNothing, shape.fill != nil || shape.stroke != nil else { continue }
                box = Self.box(of: shape, step.state.matrix)
            case let .text(text):
                guard !text.text.isEmpty else { continue }
                box = step.state.matrix.bounds(of: Self.box(of: text), outset: 0)
            }
            guard var kept = box else { continue }
            if step.state.clip >= 0 {
                let clip = walk.clips[step.state.clip].visible
                kept = (max(kept.minX, clip.minX), max(kept.minY, clip.minY), min(kept.maxX, clip.maxX), min(kept.maxY, clip.maxY))
                // Clipped away whole.
                guard kept.minX <= kept.maxX, kept.minY <= kept.maxY else { continue }
            }
            marks.append(Mark(index: step.index, item: items[step.index], box: kept))
        }
        return marks
    }

    /// The box, in `matrix`'s output, of a shape's outline grown by half its
    /// stroke: exact for rects, ellipses and round corners under any turn
    /// or scale, the control points' box for a path.
    public static func box(of shape: DrawShape, _ matrix: Affine) -> Box? {
        let reach = max(0, shape.stroke?.width ?? 0) / 2
        let f = shape.frame
        let radius: Double
        switch shape.kind {
        case .path, .rect:
            guard let outline = outline(of: shape) else { return nil }
            return matrix.bounds(of: outline, outset: reach)
        case .ellipse:
            // A turned ellipse's half extents: the longest its radii reach along each axis.
            let (rx, ry) = (abs(f.width) / 2 + reach, abs(f.height) / 2 + reach)
            let centre = matrix.apply(f.x + f.width / 2, f.y + f.height / 2)
            let (hx, hy) = ((matrix.a * rx).hypot(matrix.c * ry), (matrix.b * rx).hypot(matrix.d * ry))
            return (centre.x - hx, centre.y - hy, centre.x + hx, centre.y + hy)
        case .capsule: radius = min(abs(f.width), abs(f.height)) / 2
        case .roundedRect: radius = min(max(0, shape.cornerRadius), min(abs(f.width), abs(f.height)) / 2)
        }
        // Round corners: the rect inside them, grown by a circle of their radius.
        let inner = matrix.bounds(
            of: DrawRect(x: min(f.x, f.x + f.width) + radius, y: min(f.y, f.y + f.height) + radius, width: abs(f.width) - 2 * radius, height: abs(f.height) - 2 * radius),
            outset: 0)
        let r = radius + reach
        let (hx, hy) = ((matrix.a * r).hypot(matrix.c * r), (matrix.b * r).hypot(matrix.d * r))
        return (inner.minX - hx, inner.minY - hy, inner.maxX + hx, inner.maxY + hy)
    }

    /// A text run's measured box in its own coordinates.
    public static func box(of text: DrawText) -> DrawRect {
        DrawRect(x: text.x, y: text.y - text.ascent, width: max(0, text.advance), height: text.ascent + text.descent)
    }

    /// The rect around a shape's outline in its own coordinates: its frame,
    /// or the box of a path's points and control points; nil for a path
    /// with no points or one that is not finite.
    public static func outline(of shape: DrawShape) -> DrawRect? {
        guard shape.kind == .path else { return shape.frame }
        guard let box = controlBox(shape.segments, .identity) else { return nil }
        return DrawRect(x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY)
    }

    /// The box around every point and control point of `segments` under
    /// `matrix`; nil for no points, or a point that is not finite.
    public static func controlBox(_ segments: [DrawSegment], _ matrix: Affine) -> Box? {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func add(_ x: Double, _ y: Double) {
            let p = matrix.apply(x, y)
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        for segment in segments {
            switch segment {
            case let .move(x, y), let .line(x, y): add(x, y)
            case let .cubic(x, y, x1, y1, x2, y2):
                add(x, y)
                add(x1, y1)
                add(x2, y2)
            case .close: break
            }
        }
        guard minX <= maxX, minY <= maxY, minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        return (minX, minY, maxX, maxY)
    }
}

extension Double {
    fileprivate func hypot(_ other: Double) -> Double { (self * self + other * other).squareRoot() }
}

extension DrawShape {
    /// Trimmed to nothing, a shape draws nothing (SwiftUI's trim): no fill,
    /// and none of the round caps a zero-length dash would paint.
    public var drawsNothing: Bool { !(min(1, trimEnd) > max(0, trimStart)) }
}
