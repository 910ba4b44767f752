import EffectHost
import XCTest

/// The ink rule a list's bounds are checked against: each item's geometry
/// through its groups, tight for turned ellipses and round corners.
final class DisplayListInkTests: XCTestCase {
    private func boxes(_ items: [DrawItem]) -> [[Double]] {
        DisplayListInk.marks(items).map { [$0.box.minX, $0.box.minY, $0.box.maxX, $0.box.maxY] }
    }

    private func assertBoxes(_ items: [DrawItem], _ expected: [[Double]], file: StaticString = #filePath, line: UInt = #line) {
        let got = boxes(items)
        XCTAssertEqual(got.count, expected.count, "\(got)", file: file, line: line)
        for (a, b) in zip(got, expected) {
            for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-9, "\(got)", file: file, line: line) }
        }
    }

    func testATextRunInksItsMeasuredBox() {
        // Baseline at (5, 16): 11.424 above it, 2.892 below, 27.336 across.
        let text = DrawText(id: 3, text: "ramp", x: 5, y: 16, size: 12, advance: 27.336, ascent: 11.424, descent: 2.892, color: 0xFF)
        assertBoxes([.text(text)], [[5, 4.576, 32.336, 18.892]])
    }

    func testAStrokeAddsHalfItsWidthAndAGroupMovesAndScales() {
        // A 10 x 4 rect stroked 2 wide: 1 more on each side; the group
        // doubles it about (0, 0) and moves it by (100, 50).
        let stroke = DrawStroke(color: 0xFF, width: 2, cap: .butt, join: .miter)
        let shape = DrawShape(id: 2, kind: .rect, frame: DrawRect(x: 0, y: 0, width: 10, height: 4), stroke: stroke)
        let group = DrawGroup(id: 1, transform: DrawTransform(translateX: 100, translateY: 50, scaleX: 2, scaleY: 2))
        assertBoxes([.group(group), .shape(shape), .endGroup(id: 1)], [[98, 48, 122, 60]])
    }

    func testATurnedCircleInksNoMoreThanItsCircle() {
        // A circle of radius 10 about (0, 0) turned 45 degrees: still ±10,
        // where its frame's corners would reach ±10√2.
        let circle = DrawShape(id: 2, kind: .ellipse, frame: DrawRect(x: -10, y: -10, width: 20, height: 20), fill: .color(0xFF))
        let group = DrawGroup(id: 1, transform: DrawTransform(rotation: 45))
        assertBoxes([.group(group), .shape(circle), .endGroup(id: 1)], [[-10, -10, 10, 10]])
    }

    func testTurnedRoundCornersInkTheirInnerRectAndACircle() {
        // A 40 x 20 capsule (corners of radius 10) turned 90 degrees about
        // (0, 0): its inner 20 x 0 rect from x 10 to 30 becomes x 0, y 10
        // to 30; the corners add 10 all round.
        let capsule = DrawShape(id: 2, kind: .capsule, frame: DrawRect(x: 0, y: 0, width: 40, height: 20), fill: .color(0xFF))
        let group = DrawGroup(id: 1, transform: DrawTransform(rotation: 90))
        assertBoxes([.group(group), .shape(capsule), .endGroup(id: 1)], [[-20, 0, 0, 40]])
    }

    func testWhatShowsNothingInksNothingAndAClipCutsInk() {
        let fill = DrawPaint.color(0xFF)
        let trimmed = DrawShape(id: 2, kind: .rect, frame: DrawRect(x: 0, y: 0, width: 50, height: 50), trimStart: 0.5, trimEnd: 0.5, fill: fill)
        let unpainted = DrawShape(id: 3, kind: .rect, frame: DrawRect(x: 0, y: 0, width: 50, height: 50))
        let hidden = DrawGroup(id: 4, opacity: 0)
        let faded = DrawShape(id: 5, kind: .rect, frame: DrawRect(x: 0, y: 0, width: 50, height: 50), fill: fill)
        let clipped = DrawGroup(id: 6, clip: DrawClip(shape: .rect, rect: DrawRect(x: 0, y: 0, width: 20, height: 30)))
        let wide = DrawShape(id: 7, kind: .rect, frame: DrawRect(x: 10, y: 10, width: 100, height: 5), fill: fill)
        let items: [DrawItem] = [
            .shape(trimmed), .shape(unpainted), .group(hidden), .shape(faded), .endGroup(id: 4), .group(clipped), .shape(wide), .endGroup(id: 6),
        ]
        assertBoxes(items, [[10, 10, 20, 15]])
        XCTAssertEqual(DisplayListInk.marks(items).map(\.index), [6])
    }
}
