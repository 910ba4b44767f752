@testable import EffectHost
import EffectRender
import XCTest

/// The outline lengths trims are fractions of, against closed forms: a
/// rectangle's perimeter, a rounded rectangle's with its corners' quarter
/// circles, a circle's 2πr, a 3-4-5 triangle, and an ellipse's perimeter
/// from its series (Gauss–Kummer), computed here.
final class OutlineLengthTests: XCTestCase {
    private func shape(
        _ kind: DrawShapeKind, _ width: Double, _ height: Double, cornerRadius: Double = 0, segments: [DrawSegment] = [],
        trim: (Double, Double) = (0, 1)
    ) -> DrawShape {
        DrawShape(
            id: 1, kind: kind, frame: DrawRect(x: 3, y: 4, width: width, height: height), cornerRadius: cornerRadius,
            trimStart: trim.0, trimEnd: trim.1, fill: nil, stroke: nil, segments: segments)
    }

    func testRectanglesAndRoundedCorners() {
        XCTAssertEqual(shape(.rect, 30, 10).outlineLength, 80, accuracy: 1e-12)
        // Four corners of radius 4: 2(30 + 10) − 8·4 + 2π·4.
        XCTAssertEqual(shape(.roundedRect, 30, 10, cornerRadius: 4).outlineLength, 80 - 32 + 8 * Double.pi, accuracy: 1e-9)
        // A radius past half the short side is held there: a capsule.
        XCTAssertEqual(shape(.roundedRect, 30, 10, cornerRadius: 50).outlineLength, 2 * 20 + 10 * Double.pi, accuracy: 1e-9)
        XCTAssertEqual(shape(.capsule, 30, 10).outlineLength, 2 * 20 + 10 * Double.pi, accuracy: 1e-9)
    }

    func testEllipses() {
        XCTAssertEqual(shape(.ellipse, 20, 20).outlineLength, 20 * Double.pi, accuracy: 1e-9)
        // Gauss–Kummer: π(a + b) Σ (C(1/2, n))² hⁿ, h = ((a − b)/(a + b))².
        let (a, b) = (20.0, 5.0)
        let h = ((a - b) / (a + b)) * ((a - b) / (a + b))
        var (term, sum, power) = (1.0, 1.0, 1.0)
        for n in 1..<40 {
            term *= (0.5 - Double(n - 1)) / Double(n)
            power *= h
            sum += term * term * power
        }
        let perimeter = Double.pi * (a + b) * sum
        XCTAssertEqual(shape(.ellipse, 2 * a, 2 * b).outlineLength, perimeter, accuracy: perimeter * 1e-4)
    }

    func testPaths() {
        let triangle: [DrawSegment] = [.move(x: 0, y: 0), .line(x: 3, y: 0), .line(x: 3, y: 4), .close]
        XCTAssertEqual(shape(.path, 0, 0, segments: triangle).outlineLength, 12, accuracy: 1e-12)
        // A cubic whose controls lie on its chord is that chord.
        let straight: [DrawSegment] = [.move(x: 0, y: 0), .cubic(x: 9, y: 12, x1: 3, y1: 4, x2: 6, y2: 8)]
        XCTAssertEqual(shape(.path, 0, 0, segments: straight).outlineLength, 15, accuracy: 1e-9)
        // A quarter circle of radius 10 as one cubic: within 0.1% of 5π.
        let c = 10 * 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let arc: [DrawSegment] = [.move(x: 10, y: 0), .cubic(x: 0, y: 10, x1: 10, y1: c, x2: c, y2: 10)]
        XCTAssertEqual(shape(.path, 0, 0, segments: arc).outlineLength, 5 * Double.pi, accuracy: 5 * Double.pi * 1e-3)
    }

    func testTrimsAreClampedAndEmptyTrimsDrawNothing() {
        XCTAssertEqual(shape(.rect, 1, 1, trim: (-0.5, 2)).trim.start, 0)
        XCTAssertEqual(shape(.rect, 1, 1, trim: (-0.5, 2)).trim.end, 1)
        XCTAssertEqual(shape(.rect, 1, 1, trim: (0.7, 0.2)).trim.end, 0.7, "an end before the start is the start")
        XCTAssertTrue(shape(.rect, 1, 1, trim: (0.4, 0.4)).drawsNothing)
        XCTAssertFalse(shape(.rect, 1, 1, trim: (0, 0.01)).drawsNothing)
    }
}

/// Trims of outlines, against points and lengths worked out by hand.
final class ShapeTrimTests: XCTestCase {
    private func end(_ segments: [DrawSegment]) -> (x: Double, y: Double)? {
        switch segments.last {
        case let .line(x, y)?, let .cubic(x, y, _, _, _, _)?: (x, y)
        default: nil
        }
    }

    func testHalfATriangleEndsHalfwayRound() {
        // Sides 3, 4 and 5: half of 12 is the first side and 3 of the second.
        let triangle: [DrawSegment] = [.move(x: 0, y: 0), .line(x: 3, y: 0), .line(x: 3, y: 4), .close]
        let half = ShapeOutline.trimmed(triangle, from: 0, to: 0.5)
        XCTAssertEqual(half.first, .move(x: 0, y: 0))
        XCTAssertEqual(ShapeOutline.length(of: half), 6, accuracy: 1e-12)
        XCTAssertEqual(end(half)?.x ?? .nan, 3, accuracy: 1e-12)
        XCTAssertEqual(end(half)?.y ?? .nan, 3, accuracy: 1e-12)
        // The last quarter starts 2 along the closing side (9 = 3 + 4 + 2), at (1.8, 2.4).
        let last = ShapeOutline.trimmed(triangle, from: 0.75, to: 1)
        guard case let .move(x, y)? = last.first else { return XCTFail("no move: \(last)") }
        XCTAssertEqual(x, 1.8, accuracy: 1e-12)
        XCTAssertEqual(y, 2.4, accuracy: 1e-12)
        XCTAssertEqual(ShapeOutline.length(of: last), 3, accuracy: 1e-12)
    }

    func testAQuarterOfACircleEndsAtItsBottom() throws {
        // SVG starts an ellipse at its rightmost point and runs clockwise on screen (y down).
        let circle = ShapeOutline.path(.ellipse, DrawRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 0)
        let quarter = ShapeOutline.trimmed(circle, from: 0, to: 0.25)
        XCTAssertEqual(quarter.first, .move(x: 20, y: 10))
        let point = try XCTUnwrap(end(quarter))
        XCTAssertEqual(point.x, 10, accuracy: 1e-6)
        XCTAssertEqual(point.y, 20, accuracy: 1e-6)
        XCTAssertEqual(ShapeOutline.length(of: quarter), 5 * Double.pi, accuracy: 5 * Double.pi * 1e-3)
    }

    func testACubicIsSplitWhereTheTrimFalls() throws {
        // Controls on the chord, evenly spaced: the curve runs at constant speed.
        let line: [DrawSegment] = [.move(x: 0, y: 0), .cubic(x: 30, y: 0, x1: 10, y1: 0, x2: 20, y2: 0)]
        let middle = ShapeOutline.trimmed(line, from: 0.25, to: 0.75)
        XCTAssertEqual(middle.first, .move(x: 7.5, y: 0))
        let point = try XCTUnwrap(end(middle))
        XCTAssertEqual(point.x, 22.5, accuracy: 1e-9)
        guard case let .cubic(_, _, x1, _, x2, _)? = middle.last else { return XCTFail("not a cubic: \(middle)") }
        XCTAssertEqual(x1, 12.5, accuracy: 1e-9)
        XCTAssertEqual(x2, 17.5, accuracy: 1e-9)
    }

    func testUntrimmedIsThePathItselfAndEmptyIsNothing() {
        let path: [DrawSegment] = [.move(x: 0, y: 0), .line(x: 5, y: 0)]
        XCTAssertEqual(ShapeOutline.trimmed(path, from: -1, to: 3), path)
        XCTAssertEqual(ShapeOutline.trimmed(path, from: 0.5, to: 0.5), [])
    }
}
