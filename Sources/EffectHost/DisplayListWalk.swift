/// A walk through a display list's items in drawing order, each step with
/// where it is drawn: its transform, opacity, saturation and clip resolved
/// through the groups around it. The one place that knows how effect.h's
/// groups nest: a group's transform maps its content into its parent's
/// coordinates, its opacity and saturation multiply those of the groups
/// around it, and its clip (in its content's coordinates) keeps what the
/// clips around it keep.
///
/// A list read from a plugin is balanced (`DisplayListReader` checks it). A
/// list a host built may not be: an END_GROUP with no group open is passed
/// over, and groups still open at the end of the items are left there, in
/// reverse order, as if closed. An END_GROUP closes the innermost open group
/// whatever id it carries, as effect.h says.
///
/// The state is plain numbers and indexes, so a C iterator can wrap it.
public struct DisplayListWalk: Sequence, IteratorProtocol {
    /// What a step is.
    public enum Kind: Sendable, Equatable {
        /// A group opens; the step's state is the one inside it. `end` is the
        /// index of its END_GROUP (the end of the walked items when it has none).
        case enter(DrawGroup, end: Int)
        /// A group closes; the step's state is still the one inside it.
        /// `start` is the index of its GROUP item.
        case leave(DrawGroup, start: Int)
        case shape(DrawShape)
        case text(DrawText)
    }

    public struct Step: Sendable, Equatable {
        public let kind: Kind
        /// The item's index in the list's items: for `leave`, its END_GROUP's
        /// (the end of the walked items for a group the list left open).
        public let index: Int
        /// The index of the GROUP item of the innermost group around the
        /// item (for `enter` and `leave`, around the group), -1 at the top.
        public let parent: Int
        public let state: DrawState
    }

    public private(set) var clips: [ResolvedClip] = []

    private let items: [DrawItem]
    private let base: DrawState
    private var index: Int
    private let first: Int
    private let endIndex: Int
    /// At each item's offset from `first`: for a GROUP, the index of its END_GROUP.
    private let ends: [Int]
    /// The groups open around the next item: the GROUP's index and the state inside it.
    private var open: [(start: Int, state: DrawState)] = []

    /// Walks `range` of `items` (all of them by default) with `base` mapping
    /// their top level's coordinates into the walk's own.
    public init(_ items: [DrawItem], range: Range<Int>? = nil, base: Affine = .identity) {
        let range = range ?? items.indices
        self.items = items
        self.base = DrawState(matrix: base, opacity: 1, saturation: 1, clip: -1, depth: 0)
        (index, first, endIndex) = (range.lowerBound, range.lowerBound, range.upperBound)
        ends = Self.groupEnds(items, range)
    }

    public init(_ list: DisplayList, base: Affine = .identity) { self.init(list.items, base: base) }

    /// The state of the items at the top of the walk, and of those the
    /// next step is inside.
    public var state: DrawState { open.last?.state ?? base }

    public mutating func next() -> Step? {
        while index < endIndex {
            let at = index
            index += 1
            let parent = open.last?.start ?? -1
            switch items[at] {
            case let .group(group):
                let inside = entered(group, at)
                open.append((at, inside))
                return Step(kind: .enter(group, end: ends[at - first]), index: at, parent: parent, state: inside)
            case .endGroup:
                guard let closed = open.popLast() else { continue }
                return leave(closed, at: at)
            case let .shape(shape):
                return Step(kind: .shape(shape), index: at, parent: parent, state: state)
            case let .text(text):
                return Step(kind: .text(text), index: at, parent: parent, state: state)
            }
        }
        guard let closed = open.popLast() else { return nil }
        return leave(closed, at: endIndex)
    }

    /// Passes over the content of the group the last step entered, and its
    /// leaving: the next step is the first after its END_GROUP. Does
    /// nothing unless the last step was an `enter`.
    public mutating func skipGroup() {
        guard let entered = open.last, entered.start == index - 1 else { return }
        open.removeLast()
        index = Swift.min(endIndex, ends[entered.start - first] + 1)
    }

    private func leave(_ closed: (start: Int, state: DrawState), at: Int) -> Step {
        guard case let .group(group) = items[closed.start] else { preconditionFailure("a walk opened a group at a non-group item") }
        return Step(kind: .leave(group, start: closed.start), index: at, parent: open.last?.start ?? -1, state: closed.state)
    }

    private mutating func entered(_ group: DrawGroup, _ at: Int) -> DrawState {
        let outer = state
        var inside = outer
        inside.matrix = outer.matrix.concatenating(group.transform.matrix)
        inside.opacity = outer.opacity * Swift.min(1, Swift.max(0, group.opacity))
        inside.saturation = outer.saturation * Swift.max(0, group.saturation)
        inside.depth = outer.depth + 1
        if let clip = group.clip {
            let box = inside.matrix.bounds(of: clip.rect, outset: 0)
            var kept = box
            if outer.clip >= 0 {
                let o = clips[outer.clip].visible
                kept = (Swift.max(box.minX, o.minX), Swift.max(box.minY, o.minY), Swift.min(box.maxX, o.maxX), Swift.min(box.maxY, o.maxY))
            }
            clips.append(ResolvedClip(clip: clip, matrix: inside.matrix, inverse: inside.matrix.inverted, group: at, outer: outer.clip, bounds: box, visible: kept))
            inside.clip = clips.count - 1
        }
        return inside
    }

    /// For each GROUP in `range`, the index of the END_GROUP that closes it,
    /// or the range's end.
    private static func groupEnds(_ items: [DrawItem], _ range: Range<Int>) -> [Int] {
        var ends = [Int](repeating: range.upperBound, count: range.count)
        var open: [Int] = []
        for at in range {
            switch items[at] {
            case .group: open.append(at)
            case .endGroup: if let start = open.popLast() { ends[start - range.lowerBound] = at }
            case .shape, .text: break
            }
        }
        return ends
    }
}

/// Where an item is drawn, resolved through the groups around it.
public struct DrawState: Sendable, Equatable {
    /// From the item's coordinates to the walk's.
    public var matrix: Affine
    /// The product of the open groups' opacities, each clamped to 0 ... 1.
    public var opacity: Double
    /// The product of the open groups' saturations (each at least 0): nested
    /// saturate matrices compose to the one of the product.
    public var saturation: Double
    /// The index in the walk's `clips` of the innermost clip around the
    /// item, -1 for none; that clip's `outer` leads to the ones around it.
    public var clip: Int
    /// How many groups are open around the item (inside a group: counting it).
    public var depth: Int

    public init(matrix: Affine, opacity: Double, saturation: Double, clip: Int, depth: Int) {
        (self.matrix, self.opacity, self.saturation, self.clip, self.depth) = (matrix, opacity, saturation, clip, depth)
    }
}

/// A group's clip as a walk resolves it: what shows is inside this clip
/// and inside every clip its `outer` chain leads to.
public struct ResolvedClip: Sendable, Equatable {
    public typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// The shape and rectangle, in the coordinates of the group's content.
    public let clip: DrawClip
    /// From the clip's coordinates to the walk's.
    public let matrix: Affine
    /// From the walk's coordinates back to the clip's, to test a point;
    /// nil where the group flattens its content to a line or a point.
    public let inverse: Affine?
    /// The index of the GROUP item that clips.
    public let group: Int
    /// The index in the walk's `clips` of the clip around this one, -1 for none.
    public let outer: Int
    /// The box in the walk's coordinates of this clip alone; exactly its
    /// area when it is a rectangle on a map that does not turn it.
    public let bounds: Box
    /// `bounds` intersected with those of every clip around it: nothing
    /// outside shows (empty when a max is below its min).
    public let visible: Box

    /// Whether `bounds` is exactly the clip's area.
    public var isBox: Bool { clip.shape == .rect && matrix.isAxisAligned }

    public static func == (a: ResolvedClip, b: ResolvedClip) -> Bool {
        a.clip == b.clip && a.matrix == b.matrix && a.inverse == b.inverse && a.group == b.group && a.outer == b.outer && a.bounds == b.bounds
            && a.visible == b.visible
    }
}
