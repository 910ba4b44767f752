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
}

public struct DrawRect: Sendable, Equatable {
    public let x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

public struct DrawTransform: Sendable, Equatable {
    public let anchorX, anchorY, translateX, translateY, scaleX, scaleY, rotation: Double

    public var isIdentity: Bool { translateX == 0 && translateY == 0 && scaleX == 1 && scaleY == 1 && rotation == 0 }
}

public enum DrawShapeKind: Sendable, Equatable {
    case rect, roundedRect, capsule, ellipse, path
}

public struct DrawClip: Sendable, Equatable {
    public let shape: DrawShapeKind
    public let rect: DrawRect
    public let cornerRadius: Double
}

public struct DrawGroup: Sendable, Equatable {
    public let id: UInt32
    public let transform: DrawTransform
    public let opacity: Double
    /// SwiftUI's blur radius; σ ≈ radius / 2.
    public let blur: Double
    public let saturation: Double
    public let clip: DrawClip?
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
