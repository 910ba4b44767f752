import EffectHost

/// Part of the draw check: ids stay with their items from one frame to the
/// next (effect.h, Identity), as exports (keyframes per id) and a
/// renderer's transitions rely on. Compared a frame apart (1/60 s): an id
/// drawn in both lists is the same kind of item in the same group; and
/// lists alike in shape (the same kinds of item nested the same way) that
/// give an item another id, while its old one is gone, number their items
/// afresh. An item legitimately replaced by another just as a probed frame
/// passes looks the same once; numbering afresh shows at every t, so it
/// fails where it is seen at two probed times.
struct DrawIdentityCheck {
    static let step = 1.0 / 60

    /// The first renumbering seen, waiting for a second.
    private var seen: String?

    /// Each GROUP, SHAPE and TEXT item's kind, id and the index (in this
    /// array) of the group around it, -1 at the top.
    private struct Node: Equatable {
        let kind: String
        let id: UInt32
        let parent: Int
    }

    private static func nodes(_ items: [DrawItem]) -> [Node] {
        var nodes: [Node] = []
        var position: [Int: Int] = [:]
        for step in DisplayListWalk(items) {
            let kind: String
            switch step.kind {
            case .leave: continue
            case .enter: kind = "group"
            case .shape: kind = "shape"
            case .text: kind = "text"
            }
            position[step.index] = nodes.count
            nodes.append(Node(kind: kind, id: items[step.index].id, parent: step.parent < 0 ? -1 : position[step.parent] ?? -1))
        }
        return nodes
    }

    mutating func check(_ now: DisplayList, _ next: DisplayList, _ effect: EffectDescription, at t: Double) throws {
        let (a, b) = (Self.nodes(now.items), Self.nodes(next.items))
        func parentID(_ nodes: [Node], _ node: Node) -> String { node.parent < 0 ? "the top level" : "group \(nodes[node.parent].id)" }
        let later = Dictionary(b.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for node in a {
            guard let moved = later[node.id] else { continue }
            guard moved.kind == node.kind else {
                throw CheckFailure(
                    "\(effect.id): id \(node.id) is a \(node.kind) at t = \(t) and a \(moved.kind) 1/60 s later; give each item one id for every t")
            }
            guard parentID(a, node) == parentID(b, moved) else {
                throw CheckFailure(
                    "\(effect.id): \(node.kind) \(node.id) is in \(parentID(a, node)) at t = \(t) and in \(parentID(b, moved)) 1/60 s later; "
                        + "an item stays in its group, so give the item in each group an id of its own")
            }
        }
        // Alike in shape: the same kinds, nested the same way.
        guard a.count == b.count, zip(a, b).allSatisfy({ $0.kind == $1.kind && $0.parent == $1.parent }) else { return }
        let ids = Set(b.map(\.id))
        guard let (old, new) = zip(a, b).first(where: { $0.id != $1.id && !ids.contains($0.id) }) else { return }
        let finding =
            "\(effect.id): the display lists at t = \(t) and 1/60 s later are alike, but \(old.kind) \(old.id) becomes \(new.kind) \(new.id): "
            + "its items are numbered afresh; give each item the same id at every t (exports and transitions follow items by id)"
        if let seen { throw CheckFailure(seen) }
        seen = finding
    }
}
