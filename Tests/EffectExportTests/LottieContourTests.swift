import EffectExport
import EffectHost
import XCTest

/// Outlines as Lottie contours, against points worked out by hand: where
/// each shape starts (as SVG strokes it, so trims agree), which way it
/// runs, and the circle's quarter handles (4/3 · (√2 − 1) of the radius).
final class LottieContourTests: XCTestCase {
    private let k = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    private func assertPoints(_ points: [(x: Double, y: Double)], _ expected: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(points.count, expected.count, file: file, line: line)
        for (point, want) in zip(points, expected) {
            XCTAssertEqual(point.x, want.0, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(point.y, want.1, accuracy: 1e-9, file: file, line: line)
        }
    }

    func testARectangleRunsClockwiseFromItsTopLeft() {
        let contour = LottieContour.outline(.rect, DrawRect(x: 10, y: 20, width: 30, height: 40), cornerRadius: 0)
        XCTAssertTrue(contour.closed)
        // The first and last vertices meet at the top-left corner and are merged.
        assertPoints(contour.vertices, [(10, 20), (40, 20), (40, 60), (10, 60)])
        XCTAssertTrue(contour.ins.allSatisfy { $0.x == 0 && $0.y == 0 })
        XCTAssertTrue(contour.outs.allSatisfy { $0.x == 0 && $0.y == 0 })
    }

    func testACircleHasFourQuarterArcs() {
        let contour = LottieContour.outline(.ellipse, DrawRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 0)
        XCTAssertTrue(contour.closed)
        // From the rightmost point, clockwise on a y-down screen.
        assertPoints(contour.vertices, [(20, 10), (10, 20), (0, 10), (10, 0)])
        assertPoints(contour.outs, [(0, 10 * k), (-10 * k, 0), (0, -10 * k), (10 * k, 0)])
        assertPoints(contour.ins, [(0, -10 * k), (10 * k, 0), (0, 10 * k), (-10 * k, 0)])
    }

    func testACapsuleRoundsItsShortSide() {
        let contour = LottieContour.outline(.capsule, DrawRect(x: 0, y: 0, width: 100, height: 10), cornerRadius: 0)
        // Radius 5: each straight run ends where its corner's arc begins.
        assertPoints(
            contour.vertices, [(5, 0), (95, 0), (100, 5), (100, 5), (95, 10), (5, 10), (0, 5), (0, 5)])
    }

    func testAPathSplitsIntoContoursAtEachMove() {
        let contours = LottieContour.contours([
            .move(x: 0, y: 0), .line(x: 4, y: 0), .line(x: 4, y: 3), .close,
            .move(x: 10, y: 10), .cubic(x: 16, y: 10, x1: 12, y1: 8, x2: 14, y2: 8),
        ])
        XCTAssertEqual(contours.count, 2)
        XCTAssertTrue(contours[0].closed)
        assertPoints(contours[0].vertices, [(0, 0), (4, 0), (4, 3)])
        XCTAssertFalse(contours[1].closed)
        assertPoints(contours[1].vertices, [(10, 10), (16, 10)])
        // Tangents are relative to their vertex.
        assertPoints(contours[1].outs, [(2, -2), (0, 0)])
        assertPoints(contours[1].ins, [(0, 0), (-2, -2)])
    }

    func testAGlyphsQuadraticsBecomeCubicsWithYFlipped() {
        // A quadratic from (0, 0) through control (30, 60) to (60, 0), in font units, y up.
        let contours = LottieContour.contours([.move(0, 0), .quadratic(30, 60, 60, 0), .line(0, 0), .close], scale: 0.5)
        XCTAssertEqual(contours.count, 1)
        assertPoints(contours[0].vertices, [(0, 0), (30, 0)])
        // Cubic controls two thirds of the way to the quadratic's control (15, −30).
        assertPoints(contours[0].outs, [(10, -20), (0, 0)])
        assertPoints(contours[0].ins, [(0, 0), (-10, -20)])
    }
}
