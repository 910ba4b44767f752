import EffectHost
import XCTest

/// The display-list walker: transforms composed from the outermost group
/// in, opacity and saturation multiplied, clips stacked and their boxes
/// intersected, and the nesting rules for lists a host built. Every
/// expected number is worked out by hand in the comments.
final class DisplayListWalkTests: XCTestCase {
    private func group(_ id: UInt32, _ transform: DrawTransform = .identity, opacity: Double = 1, saturation: Double = 1, clip: DrawClip? = nil)
        -> DrawItem
    {
        .group(DrawGroup(id: id, transform: transform, opacity: opacity, saturation: saturation, clip: clip))
    }

    private func dot(_ id: UInt32) -> DrawItem {
        .shape(DrawShape(id: id, kind: .rect, frame: DrawRect(x: 0, y: 0, width: 1, height: 1), fill: .color(0xFF)))
    }

    private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> DrawClip {
        DrawClip(shape: .rect, rect: DrawRect(x: x, y: y, width: width, height: height))
    }

    /// The steps of a walk, with the id of the item each one is about.
    private func walk(_ items: [DrawItem], base: Affine = .identity) -> [(id: UInt32, step: DisplayListWalk.Step)] {
        DisplayListWalk(items, base: base).map { step in
            switch step.kind {
            case let .enter(group, _), let .leave(group, _): (group.id, step)
            case let .shape(shape): (shape.id, step)
            case let .text(text): (text.id, step)
            }
        }
    }

    private func state(of id: UInt32, in steps: [(id: UInt32, step: DisplayListWalk.Step)]) throws -> DrawState {
        try XCTUnwrap(steps.first { $0.id == id }?.step.state)
    }

    private func assertPoint(_ m: Affine, _ p: (Double, Double), _ expected: (Double, Double), line: UInt = #line) {
        let q = m.apply(p.0, p.1)
        XCTAssertEqual(q.x, expected.0, accuracy: 1e-9, line: line)
        XCTAssertEqual(q.y, expected.1, accuracy: 1e-9, line: line)
    }

    func testAnEmptyListHasNoStepsAndTheBaseState() {
        var walk = DisplayListWalk([], base: .translation(3, 4))
        XCTAssertEqual(walk.state, DrawState(matrix: Affine(tx: 3, ty: 4), opacity: 1, saturation: 1, clip: -1, depth: 0))
        XCTAssertNil(walk.next())
        XCTAssertNil(walk.next())
        XCTAssertTrue(walk.clips.isEmpty)
        XCTAssertEqual(DisplayListWalk(DisplayList(width: 10, height: 10, bounds: DrawRect(x: 0, y: 0, width: 10, height: 10), items: [])).map { $0 }.count, 0)
    }

    func testNestedTransformsApplyTheInnerGroupFirst() throws {
        // Outer moves by (10, 20), inner scales by (2, 3): a point (1, 1) of
        // the inner content is scaled to (2, 3), then moved to (12, 23).
        // Composed the wrong way round it would land at (22, 63).
        let steps = walk([
            group(1, DrawTransform(translateX: 10, translateY: 20)),
            group(2, DrawTransform(scaleX: 2, scaleY: 3)),
            dot(3),
            .endGroup(id: 2),
            dot(4),
            .endGroup(id: 1),
            dot(5),
        ])
        XCTAssertEqual(try state(of: 3, in: steps).matrix, Affine(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        assertPoint(try state(of: 3, in: steps).matrix, (1, 1), (12, 23))
        // Back in the outer group only its move applies, and at the top nothing.
        XCTAssertEqual(try state(of: 4, in: steps).matrix, .translation(10, 20))
        XCTAssertEqual(try state(of: 5, in: steps).matrix, .identity)
    }

    func testAGroupTurnsAndScalesAboutItsAnchorAfterTheBase() throws {
        // The group turns 90° about (5, 5): (10, 5) is (5, 0) from the anchor,
        // turned to (0, 5) (y down: +x turns to +y), so (5, 10); the base
        // then doubles it to (10, 20).
        let steps = walk([group(1, DrawTransform(anchorX: 5, anchorY: 5, rotation: 90)), dot(2), .endGroup(id: 1)], base: .scale(2, 2))
        assertPoint(try state(of: 2, in: steps).matrix, (10, 5), (10, 20))
        // Anchor (10, 0), scale 2, moved by (1, 0): (12, 0) is 2 from the
        // anchor, scaled to 4, so 14, moved to 15.
        let scaled = walk([group(1, DrawTransform(anchorX: 10, translateX: 1, scaleX: 2, scaleY: 2)), dot(2), .endGroup(id: 1)])
        assertPoint(try state(of: 2, in: scaled).matrix, (12, 0), (15, 0))
    }

    func testOpacityAndSaturationMultiplyAndAreClamped() throws {
        let steps = walk([
            group(1, opacity: 0.5, saturation: 0.5),
            group(2, opacity: 0.4, saturation: 0.5),
            dot(3),
            .endGroup(id: 2),
            group(4, opacity: 1.5, saturation: -2),
            dot(5),
            .endGroup(id: 4),
            group(6, opacity: -0.3),
            dot(7),
            .endGroup(id: 6),
            .endGroup(id: 1),
            dot(8),
        ])
        // 0.5 × 0.4 = 0.2 and 0.5 × 0.5 = 0.25.
        XCTAssertEqual(try state(of: 3, in: steps).opacity, 0.2, accuracy: 1e-15)
        XCTAssertEqual(try state(of: 3, in: steps).saturation, 0.25)
        // 1.5 is clamped to 1 (the outer 0.5 stays), a negative saturation to 0.
        XCTAssertEqual(try state(of: 5, in: steps).opacity, 0.5)
        XCTAssertEqual(try state(of: 5, in: steps).saturation, 0)
        // A negative opacity is clamped to 0.
        XCTAssertEqual(try state(of: 7, in: steps).opacity, 0)
        XCTAssertEqual(try state(of: 8, in: steps).opacity, 1)
        XCTAssertEqual(try state(of: 8, in: steps).saturation, 1)
    }

    func testClipsStackAndTheirBoxesIntersect() throws {
        // Outer: moved by (10, 10), clipped to (0, 0, 100, 50): x 10...110, y 10...60.
        // Inner: doubled as well, clipped to (20, -10, 100, 20): x 20·2+10 = 50
        // to 120·2+10 = 250, y -10·2+10 = -10 to 10·2+10 = 30. Together:
        // x 50...110, y 10...30.
        var walk = DisplayListWalk([
            group(1, DrawTransform(translateX: 10, translateY: 10), clip: rect(0, 0, 100, 50)),
            group(2, DrawTransform(scaleX: 2, scaleY: 2), clip: rect(20, -10, 100, 20)),
            dot(3),
            .endGroup(id: 2),
            group(4, DrawTransform(anchorX: 0, anchorY: 0, rotation: 30), clip: DrawClip(shape: .ellipse, rect: DrawRect(x: 0, y: 0, width: 4, height: 2))),
            dot(5),
            .endGroup(id: 4),
            dot(6),
            .endGroup(id: 1),
            dot(7),
        ])
        var states: [UInt32: DrawState] = [:]
        while let step = walk.next() {
            if case let .shape(shape) = step.kind { states[shape.id] = step.state }
        }
        XCTAssertEqual(walk.clips.count, 3)
        let outer = walk.clips[0]
        XCTAssertEqual(outer.group, 0)
        XCTAssertEqual(outer.outer, -1)
        XCTAssertTrue(outer.bounds == (10, 10, 110, 60))
        XCTAssertTrue(outer.visible == (10, 10, 110, 60))
        XCTAssertTrue(outer.isBox)
        let inner = walk.clips[1]
        XCTAssertEqual(inner.group, 1)
        XCTAssertEqual(inner.outer, 0)
        XCTAssertEqual(inner.matrix, Affine(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 10))
        XCTAssertTrue(inner.bounds == (50, -10, 250, 30))
        XCTAssertTrue(inner.visible == (50, 10, 110, 30))
        // Back from (50, -10) and (250, 30) to the inner clip's corners (20, -10) and (120, 10).
        assertPoint(try XCTUnwrap(inner.inverse), (50, -10), (20, -10))
        assertPoint(try XCTUnwrap(inner.inverse), (250, 30), (120, 10))
        // A turned ellipse's box holds it but is not its area.
        XCTAssertFalse(walk.clips[2].isBox)
        XCTAssertEqual(walk.clips[2].outer, 0)
        XCTAssertEqual(states[3]?.clip, 1)
        XCTAssertEqual(states[5]?.clip, 2)
        XCTAssertEqual(states[6]?.clip, 0)
        XCTAssertEqual(states[7]?.clip, -1)
    }

    func testClipsThatDoNotOverlapLeaveAnEmptyBox() {
        // (0, 0, 10, 10) inside and (20, 0, 10, 10) in the same coordinates: x 20...10 is empty.
        var walk = DisplayListWalk([
            group(1, clip: rect(0, 0, 10, 10)), group(2, clip: rect(20, 0, 10, 10)), dot(3), .endGroup(id: 2), .endGroup(id: 1),
        ])
        while walk.next() != nil {}
        let visible = walk.clips[1].visible
        XCTAssertEqual(visible.minX, 20)
        XCTAssertEqual(visible.maxX, 10)
        XCTAssertGreaterThan(visible.minX, visible.maxX)
    }

    func testAClipUnderAFlatteningScaleHasNoInverse() {
        // Scaled to nothing across, the content is a vertical line: no point maps back into it.
        var walk = DisplayListWalk([group(1, DrawTransform(scaleX: 0, scaleY: 1), clip: rect(0, 0, 10, 10)), dot(2), .endGroup(id: 1)])
        while walk.next() != nil {}
        XCTAssertNil(walk.clips[0].inverse)
        XCTAssertTrue(walk.clips[0].bounds == (0, 0, 0, 10))
    }

    func testStepsCarryTheirIndexParentDepthAndGroupEnds() {
        let items: [DrawItem] = [
            group(1), dot(2), group(3), dot(4), .endGroup(id: 3), .endGroup(id: 1), dot(5),
        ]
        let steps = DisplayListWalk(items).map { $0 }
        // enter 1, dot 2, enter 3, dot 4, leave 3, leave 1, dot 5
        XCTAssertEqual(steps.map(\.index), [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(steps.map(\.parent), [-1, 0, 0, 2, 0, -1, -1])
        XCTAssertEqual(steps.map(\.state.depth), [1, 1, 2, 2, 2, 1, 0])
        XCTAssertEqual(steps[0].kind, .enter(DrawGroup(id: 1), end: 5))
        XCTAssertEqual(steps[2].kind, .enter(DrawGroup(id: 3), end: 4))
        XCTAssertEqual(steps[4].kind, .leave(DrawGroup(id: 3), start: 2))
        XCTAssertEqual(steps[5].kind, .leave(DrawGroup(id: 1), start: 0))
    }

    func testAStrayEndIsPassedOverAndOpenGroupsCloseAtTheEnd() {
        // As a host may build it: an end with nothing open, and two groups never closed.
        let items: [DrawItem] = [.endGroup(id: 9), group(1, opacity: 0.5), group(2), dot(3)]
        let steps = DisplayListWalk(items).map { $0 }
        XCTAssertEqual(steps.map(\.index), [1, 2, 3, 4, 4])
        XCTAssertEqual(steps[0].kind, .enter(DrawGroup(id: 1, opacity: 0.5), end: 4))
        XCTAssertEqual(steps[1].kind, .enter(DrawGroup(id: 2), end: 4))
        // The innermost closes first.
        XCTAssertEqual(steps[3].kind, .leave(DrawGroup(id: 2), start: 2))
        XCTAssertEqual(steps[3].parent, 1)
        XCTAssertEqual(steps[4].kind, .leave(DrawGroup(id: 1, opacity: 0.5), start: 1))
        XCTAssertEqual(steps[4].state.opacity, 0.5)
    }

    func testAnEndClosesTheInnermostGroupWhateverItsId() {
        let steps = DisplayListWalk([group(1), group(2), .endGroup(id: 1), dot(3), .endGroup(id: 2)]).map { $0 }
        XCTAssertEqual(steps[2].kind, .leave(DrawGroup(id: 2), start: 1))
        XCTAssertEqual(steps[3].parent, 0)
        XCTAssertEqual(steps[4].kind, .leave(DrawGroup(id: 1), start: 0))
    }

    func testDeepNestingWalksWithoutRecursion() throws {
        // 20,000 groups each moving by (1, 0.5) around one dot: it sits at
        // (20000, 10000), 20,000 deep, at half opacity 20,000 times over (0).
        let depth = 20_000
        var items: [DrawItem] = []
        for id in 0..<depth { items.append(group(UInt32(id), DrawTransform(translateX: 1, translateY: 0.5), opacity: 0.5)) }
        items.append(dot(UInt32(depth)))
        for id in (0..<depth).reversed() { items.append(.endGroup(id: UInt32(id))) }
        var walk = DisplayListWalk(items)
        var leaves = 0
        var innermost: DrawState?
        while let step = walk.next() {
            switch step.kind {
            case .shape: innermost = step.state
            case .leave: leaves += 1
            default: break
            }
        }
        let state = try XCTUnwrap(innermost)
        XCTAssertEqual(state.depth, depth)
        XCTAssertEqual(state.matrix.tx, 20_000)
        XCTAssertEqual(state.matrix.ty, 10_000)
        XCTAssertEqual(state.opacity, 0)
        XCTAssertEqual(leaves, depth)
    }

    func testSkipGroupPassesOverItsContentAndItsEnd() {
        let items: [DrawItem] = [group(1, opacity: 0.5), group(2), dot(3), .endGroup(id: 2), dot(4), .endGroup(id: 1), dot(5)]
        var walk = DisplayListWalk(items)
        var seen: [Int] = []
        while let step = walk.next() {
            seen.append(step.index)
            if case let .enter(group, _) = step.kind, group.id == 2 { walk.skipGroup() }
        }
        // enter 1, enter 2 (skipped: no dot 3, no leave 2), dot 4, leave 1, dot 5.
        XCTAssertEqual(seen, [0, 1, 4, 5, 6])
        // Skipping after a step that is not an enter does nothing.
        var other = DisplayListWalk(items)
        _ = other.next()
        _ = other.next()
        _ = other.next()
        other.skipGroup()
        XCTAssertEqual(other.next()?.index, 3)
        XCTAssertEqual(other.state.opacity, 0.5)
    }

    func testARangeWalksPartOfTheItemsFromABase() throws {
        // Items 1..<5 are the inside of group 1: group 2 (moved by (3, 0)) and dot 4 after it.
        let items: [DrawItem] = [
            group(1, DrawTransform(translateX: 100)), group(2, DrawTransform(translateX: 3)), dot(3), .endGroup(id: 2), dot(4), .endGroup(id: 1),
        ]
        let steps = DisplayListWalk(items, range: 1..<5, base: .scale(2, 2)).map { $0 }
        XCTAssertEqual(steps.map(\.index), [1, 2, 3, 4])
        XCTAssertEqual(steps[0].kind, .enter(DrawGroup(id: 2, transform: DrawTransform(translateX: 3)), end: 3))
        // (1, 0) in group 2 is (4, 0) at the range's top, (8, 0) under the base; group 1's move is outside the range.
        assertPoint(steps[1].state.matrix, (1, 0), (8, 0))
        XCTAssertEqual(steps[3].state.matrix, .scale(2, 2))
        XCTAssertEqual(steps[3].parent, -1)
    }
}
