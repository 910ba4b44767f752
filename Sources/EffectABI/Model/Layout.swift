/// A layout item's measured size, in the caller's units.
public struct LayoutSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle with rounded corners, y pointing down.
public struct LayoutRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var cornerRadius: Double

    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double = 0) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.cornerRadius = cornerRadius
    }
}

/// Where one layout item goes: its measured box, and a decoration drawn
/// behind it, if any.
public struct LayoutItem: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var size: LayoutSize
    public var decoration: LayoutRect?
    public var row: Int

    public init(x: Double, y: Double, size: LayoutSize, decoration: LayoutRect? = nil, row: Int) {
        self.x = x
        self.y = y
        self.size = size
        self.decoration = decoration
        self.row = row
    }
}

/// A whole layout: the items in order, the widest row and the total height.
public struct Layout: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var items: [LayoutItem]

    public init(width: Double, height: Double, items: [LayoutItem]) {
        self.width = width
        self.height = height
        self.items = items
    }
}
