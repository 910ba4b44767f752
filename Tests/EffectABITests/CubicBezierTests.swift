import EffectABI
import ReferenceMath
import XCTest

final class CubicBezierTests: XCTestCase {
    func testEaseInOutMidpointIsExactlyHalf() {
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-15)
    }

    func testEndpointsAndClamping() {
        for curve in [CubicBezier.easeInOut, .easeIn, .easeOut, .linear] {
            XCTAssertEqual(curve.value(at: 0), 0)
            XCTAssertEqual(curve.value(at: 1), 1)
            XCTAssertEqual(curve.value(at: -3), 0)
            XCTAssertEqual(curve.value(at: 7), 1)
            XCTAssertEqual(curve.value(at: .nan), 0)
        }
    }

    /// Values from a 200-step bisection (Tests/ReferenceMath) and, for
    /// easeInOut(0.25), the same bisection run separately in Python.
    func testKnownValues() {
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.25), 0.1291619310473198, accuracy: 1e-12)
        XCTAssertEqual(CubicBezier.easeInOut.value(at: 0.75), 0.8708380689526802, accuracy: 1e-12)
        XCTAssertEqual(CubicBezier.easeIn.value(at: 0.5), 0.31535681257253945, accuracy: 1e-12)
        XCTAssertEqual(CubicBezier.easeOut.value(at: 0.5), 0.6846431874274606, accuracy: 1e-12)
        XCTAssertEqual(CubicBezier.linear.value(at: 0.3), 0.3, accuracy: 1e-14)
    }

    func testMatchesBisectionEverywhere() {
        let curves: [(CubicBezier, (Double) -> Double)] = [
            (.easeInOut, Reference.easeInOut), (.easeIn, Reference.easeIn), (.easeOut, Reference.easeOut),
        ]
        for (curve, reference) in curves {
            for step in 0...1000 {
                let x = Double(step) / 1000
                XCTAssertEqual(curve.value(at: x), reference(x), accuracy: 1e-12, "x = \(x)")
            }
        }
    }

    func testSteepCurvesStillSolvePrecisely() {
        let steep = CubicBezier(0.99, 0, 0.01, 1)
        for step in 1..<100 {
            let x = Double(step) / 100
            XCTAssertEqual(steep.value(at: x), Reference.bezier(0.99, 0, 0.01, 1, at: x), accuracy: 1e-10, "x = \(x)")
        }
    }

    func testEaseInOutIsSymmetric() {
        for step in 0...100 {
            let x = Double(step) / 100
            XCTAssertEqual(CubicBezier.easeInOut.value(at: x) + CubicBezier.easeInOut.value(at: 1 - x), 1, accuracy: 1e-12)
        }
    }
}
