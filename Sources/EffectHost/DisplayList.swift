import CEffect

/// One frame of an effect's display list, read and checked from the ABI's
/// items: groups balanced, every shape with its segments and stops, every
/// number finite, every text valid UTF-8.
public struct DisplayList: Sendable {
    /// The view's own frame, in points.
    public let width: Double
    public let height: Double
    /// Holds the ink of every frame of the instance (for the same context).
    public let bounds: DrawRect
    /// The most items any frame of the instance needs.
    public let maxItemCount: Int
    public let items: [DrawItem]

    /// A list made by a host rather than read from a plugin (channel bars,
    /// a chart), drawn by the same renderers.
    public init(width: Double, height: Double, bounds: DrawRect, maxItemCount: Int? = nil, items: [DrawItem]) {
        (self.width, self.height, self.bounds, self.items) = (width, height, bounds, items)
        self.maxItemCount = maxItemCount ?? items.count
    }
}

public struct DrawRect: Sendable, Equatable {
    public let x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

public struct DrawTransform: Sendable, Equatable {
    public let anchorX, anchorY, translateX, translateY, scaleX, scaleY, rotation: Double

    public static let identity = DrawTransform()

    /// Moved by (translateX, translateY), then turned by `rotation` degrees
    /// and scaled about the anchor.
    public init(
        anchorX: Double = 0, anchorY: Double = 0, translateX: Double = 0, translateY: Double = 0, scaleX: Double = 1,
        scaleY: Double = 1, rotation: Double = 0
    ) {
        (self.anchorX, self.anchorY, self.translateX, self.translateY) = (anchorX, anchorY, translateX, translateY)
        (self.scaleX, self.scaleY, self.rotation) = (scaleX, scaleY, rotation)
    }

    public var isIdentity: Bool { translateX == 0 && translateY == 0 && scaleX == 1 && scaleY == 1 && rotation == 0 }
}

public enum DrawShapeKind: Sendable, Equatable {
    case rect, roundedRect, capsule, ellipse, path
}

public struct DrawClip: Sendable, Equatable {
    public let shape: DrawShapeKind
    public let rect: DrawRect
    public let cornerRadius: Double

    public init(shape: DrawShapeKind, rect: DrawRect, cornerRadius: Double = 0) {
        (self.shape, self.rect, self.cornerRadius) = (shape, rect, cornerRadius)
    }
}

public struct DrawGroup: Sendable, Equatable {
    public let id: UInt32
    public let transform: DrawTransform
    public let opacity: Double
    /// SwiftUI's blur radius; σ ≈ radius / 2.
    public let blur: Double
    public let saturation: Double
    public let clip: DrawClip?

    public init(
        id: UInt32, transform: DrawTransform = .identity, opacity: Double = 1, blur: Double = 0, saturation: Double = 1,
        clip: DrawClip? = nil
    ) {
        (self.id, self.transform, self.opacity, self.blur, self.saturation, self.clip) = (id, transform, opacity, blur, saturation, clip)
    }
}

public enum DrawSegment: Sendable, Equatable {
    case move(x: Double, y: Double)
    case line(x: Double, y: Double)
    case cubic(x: Double, y: Double, x1: Double, y1: Double, x2: Double, y2: Double)
    case close
}

public enum DrawPaint: Sendable, Equatable {
    case color(UInt32)
    case linearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [(offset: Double, color: UInt32)])

    public static func == (a: DrawPaint, b: DrawPaint) -> Bool {
        switch (a, b) {
        case let (.color(x), .color(y)): x == y
        case let (.linearGradient(a0, b0, a1, b1, s), .linearGradient(c0, d0, c1, d1, u)):
            a0 == c0 && b0 == d0 && a1 == c1 && b1 == d1 && s.count == u.count
                && zip(s, u).allSatisfy { $0.offset == $1.offset && $0.color == $1.color }
        default: false
        }
    }
}

public enum DrawCap: UInt32, Sendable { case butt = 0, round = 1, square = 2 }
public enum DrawJoin: UInt32, Sendable { case miter = 0, round = 1, bevel = 2 }

public struct DrawStroke: Sendable, Equatable {
    public let color: UInt32
    public let width: Double
    public let cap: DrawCap
    public let join: DrawJoin

    public init(color: UInt32, width: Double, cap: DrawCap, join: DrawJoin) {
        (self.color, self.width, self.cap, self.join) = (color, width, cap, join)
    }
}

public struct DrawShape: Sendable, Equatable {
    public let id: UInt32
    public let kind: DrawShapeKind
    /// Every kind but `path`.
    public let frame: DrawRect
    public let cornerRadius: Double
    public let trimStart: Double
    public let trimEnd: Double
    public let fill: DrawPaint?
    public let stroke: DrawStroke?
    /// `path` only.
    public let segments: [DrawSegment]

    public init(
        id: UInt32, kind: DrawShapeKind, frame: DrawRect = DrawRect(x: 0, y: 0, width: 0, height: 0), cornerRadius: Double = 0,
        trimStart: Double = 0, trimEnd: Double = 1, fill: DrawPaint? = nil, stroke: DrawStroke? = nil, segments: [DrawSegment] = []
    ) {
        (self.id, self.kind, self.frame, self.cornerRadius) = (id, kind, frame, cornerRadius)
        (self.trimStart, self.trimEnd, self.fill, self.stroke, self.segments) = (trimStart, trimEnd, fill, stroke, segments)
    }
}

public struct DrawText: Sendable, Equatable {
    public let id: UInt32
    public let text: String
    /// The start of the baseline.
    public let x: Double
    public let y: Double
    public let size: Double
    public let weight: Double
    public let tracking: Double
    public let advance: Double
    public let ascent: Double
    public let descent: Double
    public let color: UInt32

    /// `advance`, `ascent` and `descent` as measured for `size`, `weight`
    /// and `tracking`; an advance of 0 leaves the run its natural width.
    public init(
        id: UInt32, text: String, x: Double, y: Double, size: Double, weight: Double = 400, tracking: Double = 0,
        advance: Double = 0, ascent: Double = 0, descent: Double = 0, color: UInt32
    ) {
        (self.id, self.text, self.x, self.y, self.size, self.weight) = (id, text, x, y, size, weight)
        (self.tracking, self.advance, self.ascent, self.descent, self.color) = (tracking, advance, ascent, descent, color)
    }
}

public enum DrawItem: Sendable, Equatable {
    case group(DrawGroup)
    case endGroup(id: UInt32)
    case shape(DrawShape)
    case text(DrawText)

    public var id: UInt32 {
        switch self {
        case let .group(group): group.id
        case let .endGroup(id): id
        case let .shape(shape): shape.id
        case let .text(text): text.id
        }
    }
}
