/// A point in a drawing's coordinates: points, y pointing down.
public struct Point: Sendable, Equatable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

public struct Size: Sendable, Equatable {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Sendable, Equatable {
    public var origin: Point
    public var size: Size

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }

    /// The point at `unit` of this rect: (0, 0) its top-leading corner.
    @inlinable public func point(at unit: UnitPoint) -> Point {
        Point(x: origin.x + unit.x * size.width, y: origin.y + unit.y * size.height)
    }

    /// This rect grown by `amount` on every side.
    @inlinable public func outset(by amount: Double) -> Rect {
        Rect(x: minX - amount, y: minY - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    /// The smallest rect holding both.
    @inlinable public func union(_ other: Rect) -> Rect {
        let x = Swift.min(minX, other.minX)
        let y = Swift.min(minY, other.minY)
        return Rect(x: x, y: y, width: Swift.max(maxX, other.maxX) - x, height: Swift.max(maxY, other.maxY) - y)
    }
}

/// A point relative to a frame, as SwiftUI's UnitPoint: (0, 0) top leading,
/// (1, 1) bottom trailing.
public struct UnitPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// The size a container offers a view, as SwiftUI's ProposedViewSize: nil
/// for a dimension the container leaves to the view (its ideal size).
public struct ProposedSize: Sendable, Equatable {
    public var width: Double?
    public var height: Double?

    @inlinable public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    @inlinable public init(_ size: Size) {
        width = size.width
        height = size.height
    }

    public static let unspecified = ProposedSize(width: nil, height: nil)
}
