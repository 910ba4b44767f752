import CEffect

/// A font as a display list names one: the system face at a size and weight.
public struct Font: Sendable, Equatable {
    public var size: Double
    public var weight: Weight

    @inlinable public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }

    /// SwiftUI's `.system(size:weight:)`.
    @inlinable public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// A weight on the CSS / OpenType scale: 400 regular, 700 bold.
    public struct Weight: Sendable, Equatable {
        public var value: Double

        @inlinable public init(_ value: Double) { self.value = value }

        public static let regular = Weight(EFFECT_WEIGHT_REGULAR)
        public static let medium = Weight(EFFECT_WEIGHT_MEDIUM)
        public static let semibold = Weight(EFFECT_WEIGHT_SEMIBOLD)
        public static let bold = Weight(EFFECT_WEIGHT_BOLD)
    }
}

/// One colour stop of a gradient.
public struct GradientStop: Sendable, Equatable {
    public var offset: Double
    public var color: RGBA

    public init(_ color: RGBA, at offset: Double) {
        self.color = color
        self.offset = offset
    }
}

/// What fills a shape.
public enum Paint: Sendable, Equatable {
    case color(RGBA)
    /// From `start` to `end` of the shape's frame (SwiftUI's
    /// LinearGradient with unit start and end points). The stops array is
    /// built once, with the model, and only read while drawing.
    case linearGradient(stops: [GradientStop], start: UnitPoint, end: UnitPoint)
}

/// How a stroke is drawn: SwiftUI's StrokeStyle.
public struct StrokeStyle: Sendable, Equatable {
    public enum Cap: UInt32, Sendable { case butt = 0, round = 1, square = 2 }
    public enum Join: UInt32, Sendable { case miter = 0, round = 1, bevel = 2 }

    public var lineWidth: Double
    public var lineCap: Cap
    public var lineJoin: Join

    @inlinable public init(lineWidth: Double, lineCap: Cap = .butt, lineJoin: Join = .miter) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
    }
}

/// A stable display-list id: the same visual thing has the same id in every
/// frame. Effects name theirs as constants, and per element as a base plus
/// the element's index.
public struct DrawID: Sendable, Equatable, ExpressibleByIntegerLiteral {
    public var value: UInt32

    @inlinable public init(_ value: UInt32) { self.value = value }
    @inlinable public init(integerLiteral value: UInt32) { self.value = value }

    /// The id `index` places after this one: one of a run of per-element ids.
    @inlinable public func advanced(by index: Int) -> DrawID {
        DrawID(value &+ UInt32(truncatingIfNeeded: index))
    }

    @inlinable public static func + (id: DrawID, index: Int) -> DrawID { id.advanced(by: index) }
}
