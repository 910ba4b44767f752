/// A piece of an effect's look, declared like a SwiftUI view: it sizes
/// itself for a proposal and renders into a frame its parent chose.
/// Drawings are small values built for one frame and thrown away; they
/// hold no closures and allocate nothing.
public protocol Drawing {
    /// The size it takes when offered `proposal` (SwiftUI's sizeThatFits).
    func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size
    /// Writes its items for the frame its parent gave it.
    func render(in frame: Rect, on canvas: inout Canvas)
    /// The id a group wrapping it takes when its modifier names none.
    var derivedGroupID: DrawID { get }

    // A container's children: a drawing is one child, but a `Pair` of
    // builder statements or an `if` are as many as they hold, so a row of
    // four children is the same code as a row of two.
    /// How many children it is now (an absent `if` is none).
    var childCount: Int { get }
    func childSize(_ index: Int, _ proposal: ProposedSize, in canvas: inout Canvas) -> Size
    func renderChild(_ index: Int, in frame: Rect, on canvas: inout Canvas)
}

extension Drawing {
    @inlinable
    public var derivedGroupID: DrawID { 0 }
    @inlinable
    public var childCount: Int { 1 }

    @inlinable
    public func childSize(_ index: Int, _ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        sizeThatFits(proposal, in: &canvas)
    }

    @inlinable
    public func renderChild(_ index: Int, in frame: Rect, on canvas: inout Canvas) {
        render(in: frame, on: &canvas)
    }
}

/// Builds a drawing from the statements of a closure, as SwiftUI's
/// ViewBuilder does: up to four drawings side by side, and `if`.
@resultBuilder
public enum DrawingBuilder {
    @inlinable
    public static func buildBlock<A: Drawing>(_ a: A) -> A { a }
    @inlinable
    public static func buildBlock<A: Drawing, B: Drawing>(_ a: A, _ b: B) -> Pair<A, B> { Pair(a, b) }
    @inlinable
    public static func buildBlock<A: Drawing, B: Drawing, C: Drawing>(_ a: A, _ b: B, _ c: C) -> Pair<A, Pair<B, C>> {
        Pair(a, Pair(b, c))
    }
    @inlinable
    public static func buildBlock<A: Drawing, B: Drawing, C: Drawing, D: Drawing>(_ a: A, _ b: B, _ c: C, _ d: D)
        -> Pair<A, Pair<B, Pair<C, D>>>
    { Pair(a, Pair(b, Pair(c, d))) }
    @inlinable
    public static func buildOptional<A: Drawing>(_ a: A?) -> A? { a }
    @inlinable
    public static func buildEither<A: Drawing, B: Drawing>(first: A) -> Either<A, B> { .first(first) }
    @inlinable
    public static func buildEither<A: Drawing, B: Drawing>(second: B) -> Either<A, B> { .second(second) }
}

/// Two drawings, one after the other.
public struct Pair<A: Drawing, B: Drawing>: Drawing {
    public let first: A
    public let second: B

    @inlinable
    init(_ first: A, _ second: B) {
        self.first = first
        self.second = second
    }

    @inlinable
    public var childCount: Int { first.childCount + second.childCount }

    @inlinable
    public func childSize(_ index: Int, _ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        let head = first.childCount
        if index < head { return first.childSize(index, proposal, in: &canvas) }
        return second.childSize(index - head, proposal, in: &canvas)
    }

    @inlinable
    public func renderChild(_ index: Int, in frame: Rect, on canvas: inout Canvas) {
        let head = first.childCount
        if index < head {
            first.renderChild(index, in: frame, on: &canvas)
        } else {
            second.renderChild(index - head, in: frame, on: &canvas)
        }
    }

    // As one drawing (outside a container), both share the frame: a ZStack.
    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        let a = first.sizeThatFits(proposal, in: &canvas)
        let b = second.sizeThatFits(proposal, in: &canvas)
        return Size(width: max(a.width, b.width), height: max(a.height, b.height))
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        first.render(in: frame, on: &canvas)
        second.render(in: frame, on: &canvas)
    }
}

extension Optional: Drawing where Wrapped: Drawing {
    @inlinable
    public var childCount: Int { self?.childCount ?? 0 }

    @inlinable
    public func childSize(_ index: Int, _ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        self?.childSize(index, proposal, in: &canvas) ?? .zero
    }

    @inlinable
    public func renderChild(_ index: Int, in frame: Rect, on canvas: inout Canvas) {
        self?.renderChild(index, in: frame, on: &canvas)
    }

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        self?.sizeThatFits(proposal, in: &canvas) ?? .zero
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        self?.render(in: frame, on: &canvas)
    }
}

/// One of two drawings: an `if` with an `else`.
public enum Either<A: Drawing, B: Drawing>: Drawing {
    case first(A)
    case second(B)

    @inlinable
    public func sizeThatFits(_ proposal: ProposedSize, in canvas: inout Canvas) -> Size {
        switch self {
        case let .first(a): a.sizeThatFits(proposal, in: &canvas)
        case let .second(b): b.sizeThatFits(proposal, in: &canvas)
        }
    }

    @inlinable
    public func render(in frame: Rect, on canvas: inout Canvas) {
        switch self {
        case let .first(a): a.render(in: frame, on: &canvas)
        case let .second(b): b.render(in: frame, on: &canvas)
        }
    }
}
