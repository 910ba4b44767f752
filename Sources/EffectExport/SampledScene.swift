import EffectHost
import EffectRender

/// An effect's display list sampled over its whole timeline, as the
/// exports need it: an entrance that plays once and, for a looping effect,
/// a period that repeats after it; each item of the list a node of one
/// tree that holds for every sample, with the item it was at each sample.
/// Exporters turn each node's samples into keyframes; none of them
/// recomputes what the plugin drew.
public struct SampledScene {
    /// One stretch of the timeline, sampled at its start, every 1/fps, and
    /// its end.
    public struct Segment {
        public let start: Double
        public let duration: Double
        /// The period of a looping effect, which repeats for ever.
        public let repeats: Bool
        /// Seconds from the segment's start; the first is 0, the last `duration`.
        public let times: [Double]
    }

    public final class Node {
        public enum Kind { case group, shape, text }
        public let kind: Kind
        public let id: UInt32
        /// Unique in the scene, usable in CSS and JSON names.
        public let key: Int
        public fileprivate(set) var children: [Node] = []
        /// samples[segment][sample]: the item there, nil where the list
        /// had no such item.
        public fileprivate(set) var samples: [[DrawItem?]]

        fileprivate init(kind: Kind, id: UInt32, key: Int, segments: [Segment]) {
            (self.kind, self.id, self.key) = (kind, id, key)
            samples = segments.map { Array(repeating: nil, count: $0.times.count) }
        }

        /// Every sample of every segment where the node is drawn, in order.
        public var present: [DrawItem] { samples.flatMap { $0.compactMap { $0 } } }
        /// The first sample the node is drawn at.
        public var first: DrawItem? { present.first }
    }

    public let segments: [Segment]
    public let roots: [Node]
    /// Holds the ink of every frame (the plugin's bounds).
    public let bounds: DrawRect
    public let width: Double
    public let height: Double
    /// values[segment][sample]: what assistive technology reads as the
    /// effect's value there.
    public let accessibilityValues: [[String]]
    /// The accessible name at the settled moment (the end, or where the
    /// loop starts).
    public let accessibilityLabel: String

    /// The most samples a scene takes: a minute at 60 fps.
    public static let maxSamples = 3600

    /// Samples `instance` at `fps` from 0 to its end (and its last event),
    /// or through its entrance and one period when it loops.
    public init(_ instance: EffectInstance, fps: Double, lastEvent: Double, draw: (Double) throws -> DisplayList) throws {
        let timing = try instance.info().timing
        var spans: [(start: Double, duration: Double, repeats: Bool)] = []
        switch timing {
        case let .ends(end):
            spans.append((0, max(end, lastEvent), false))
        case let .loops(start, period):
            if start > 0 { spans.append((0, start, false)) }
            spans.append((start, period, true))
        }
        // Counted before any is taken: a far event must be refused, not allocated.
        let count = spans.reduce(0.0) { $0 + Self.sampleCount(duration: $1.duration, fps: fps) }
        guard count <= Double(Self.maxSamples) else {
            throw ExportError.tooManySamples(
                effect: instance.effect.id, samples: count, fps: fps, limit: Self.maxSamples, seconds: spans.reduce(0) { $0 + $1.duration })
        }
        let segments = spans.map { Self.segment(start: $0.start, duration: $0.duration, repeats: $0.repeats, fps: fps) }
        self.segments = segments
        var builder = TreeBuilder(segments: segments)
        var bounds: DrawRect?
        var size = (0.0, 0.0)
        var values: [[String]] = []
        for (s, segment) in segments.enumerated() {
            values.append([])
            for (k, time) in segment.times.enumerated() {
                values[s].append(try instance.strings(at: segment.start + time).accessibilityValue)
                let list = try draw(segment.start + time)
                if bounds == nil {
                    bounds = list.bounds
                    size = (list.width, list.height)
                }
                try builder.add(list.items, segment: s, sample: k, at: segment.start + time)
            }
        }
        roots = builder.roots
        accessibilityValues = values
        let settled = segments.first(where: \.repeats).map(\.start) ?? segments[0].duration
        accessibilityLabel = try instance.strings(at: settled).accessibilityLabel
        self.bounds = bounds ?? DrawRect(x: 0, y: 0, width: 0, height: 0)
        (width, height) = size
    }

    /// Samples a stretch takes: its start, every 1/fps, and its end (one for none).
    private static func sampleCount(duration: Double, fps: Double) -> Double {
        guard duration > 0 else { return 1 }
        return max(1, (duration * fps - 1e-9).rounded(.up)) + 1
    }

    private static func segment(start: Double, duration: Double, repeats: Bool, fps: Double) -> Segment {
        let steps = Int(sampleCount(duration: duration, fps: fps)) - 1
        let times = steps == 0 ? [0] : (0...steps).map { min(duration, Double($0) / fps) }
        return Segment(start: start, duration: max(0, duration), repeats: repeats, times: times)
    }

    /// The values `read` takes from the node at every sample of every
    /// segment, [segment][sample]; where the node is not drawn, those of
    /// the nearest sample it is drawn at (an exporter hides it there).
    public func values(of node: Node, _ read: (DrawItem) -> [Double]) -> [[[Double]]] {
        node.samples.enumerated().map { s, row in
            row.indices.map { k in (row[k] ?? nearest(node, s, k)).map(read) ?? [] }
        }
    }

    /// The node's item at the sample, or at the nearest sample of the same
    /// segment it is drawn at, or its first.
    public func nearest(_ node: Node, _ segment: Int, _ sample: Int) -> DrawItem? {
        let row = node.samples[segment]
        if let item = row[sample] { return item }
        for distance in 1..<max(2, row.count) {
            if sample - distance >= 0, let item = row[sample - distance] { return item }
            if sample + distance < row.count, let item = row[sample + distance] { return item }
        }
        return node.first
    }

    /// Twice the farthest any ink lies from the view's origin: a bound on
    /// how far ink lies from any anchor inside the drawing, which is what
    /// a scale or a turn moves.
    public var extent: Double {
        let b = bounds
        return max(1, [b.x, b.y, b.x + b.width, b.y + b.height].map(abs).max() ?? 1) * 2
    }

    /// Segment and sample of the settled moment: where the loop starts, or the end.
    public var settled: (segment: Int, sample: Int) {
        if let loop = segments.firstIndex(where: \.repeats) { return (loop, 0) }
        return (0, segments[0].times.count - 1)
    }

    /// Every node, parents before children.
    public var nodes: [Node] {
        var out: [Node] = []
        func visit(_ node: Node) {
            out.append(node)
            node.children.forEach(visit)
        }
        roots.forEach(visit)
        return out
    }

    /// Builds one tree from every sample's list: a node per item (known by
    /// its kind and id), under the same parent in every sample and in the
    /// same order among its siblings, or the motion cannot be one tree of
    /// animated elements and is refused.
    private struct TreeBuilder {
        let segments: [Segment]
        var roots: [Node] = []
        private var byIdentity: [Identity: (node: Node, parent: Identity?)] = [:]
        /// Each node's index among its siblings, kept as they are placed,
        /// so finding it costs O(1) rather than a search of every sibling
        /// (10,000 words are 10,000 siblings, at every sample).
        private var position: [ObjectIdentifier: Int] = [:]

        private struct Identity: Hashable {
            let kind: Node.Kind
            let id: UInt32
        }

        init(segments: [Segment]) { self.segments = segments }

        mutating func add(_ items: [DrawItem], segment: Int, sample: Int, at t: Double) throws {
            // This sample's group nodes, by the index of their GROUP item.
            var groups: [Int: Node] = [:]
            // The last sibling placed under each parent this sample, to keep order.
            var previous: [ObjectIdentifier: Int] = [:]
            for step in DisplayListWalk(items) {
                let kind: Node.Kind
                switch step.kind {
                case .leave: continue
                case .enter: kind = .group
                case .shape: kind = .shape
                case .text: kind = .text
                }
                let item = items[step.index]
                let identity = Identity(kind: kind, id: item.id)
                let parent = groups[step.parent]
                let parentIdentity = parent.map { Identity(kind: .group, id: $0.id) }
                // Where the last sibling placed under this parent this sample sits.
                let slot = parent.map { ObjectIdentifier($0) } ?? ObjectIdentifier(Node.self)
                let node: Node
                if let known = byIdentity[identity] {
                    guard known.parent == parentIdentity else {
                        throw ExportError.cannotExpress("cannot export: \(ItemName.of(item)) moves from one group to another at t = \(readable(t)) s; an export animates one tree of elements")
                    }
                    node = known.node
                } else {
                    node = Node(kind: kind, id: item.id, key: byIdentity.count + 1, segments: segments)
                    byIdentity[identity] = (node, parentIdentity)
                    let count = parent?.children.count ?? roots.count
                    let at = min(previous[slot].map { $0 + 1 } ?? 0, count)
                    // In place: a copy of 10,000 siblings for each new one would be quadratic.
                    if let parent { parent.children.insert(node, at: at) } else { roots.insert(node, at: at) }
                    // Appending is the common case; an insertion moves those after it.
                    for index in at...count { position[ObjectIdentifier(parent?.children[index] ?? roots[index])] = index }
                }
                guard node.samples[segment][sample] == nil else {
                    throw ExportError.cannotExpress("cannot export: two items of one kind share id \(item.id) at t = \(readable(t)) s")
                }
                node.samples[segment][sample] = item
                let index = position[ObjectIdentifier(node)] ?? 0
                if let last = previous[slot], index < last {
                    throw ExportError.cannotExpress("cannot export: \(ItemName.of(item)) changes its place among its siblings at t = \(readable(t)) s; an export keeps one stacking order")
                }
                previous[slot] = index
                if kind == .group { groups[step.index] = node }
            }
        }
    }
}
