import EffectExport
import XCTest

/// Keyframe fitting against curves whose shape is known by hand: a line
/// needs only its ends, a kink needs its corner, a smoothstep is one cubic
/// easing, and whatever is kept, the curve between keyframes stays within
/// the tolerance of every sample (checked here with formulas of the test's
/// own, not the fitter's).
final class KeyframeFitTests: XCTestCase {
    private let times = (0...60).map { Double($0) / 60 }

    func testAStraightLineKeepsOnlyItsEnds() {
        let values = times.map { [3 - 2 * $0] }
        XCTAssertEqual(KeyframeFit.linear(times: times, values: values, tolerance: [1e-9]), [0, 60])
    }

    func testAKinkKeepsItsCorner() {
        // Up at 2 a second until t = 0.5 (sample 30), flat after.
        let values = times.map { [min($0, 0.5) * 2] }
        XCTAssertEqual(KeyframeFit.linear(times: times, values: values, tolerance: [1e-9]), [0, 30, 60])
    }

    func testEveryComponentStaysWithinItsOwnTolerance() {
        let values = times.map { [sin(2 * Double.pi * $0), 100 * $0 * $0] }
        let tolerance = [1e-3, 0.5]
        let kept = KeyframeFit.linear(times: times, values: values, tolerance: tolerance)
        XCTAssertEqual(kept.first, 0)
        XCTAssertEqual(kept.last, 60)
        XCTAssertLessThan(kept.count, 61, "a smooth curve needs fewer keyframes than samples")
        for (a, b) in zip(kept, kept.dropFirst()) {
            for k in a...b {
                let u = (times[k] - times[a]) / (times[b] - times[a])
                for c in 0..<2 {
                    let line = values[a][c] + (values[b][c] - values[a][c]) * u
                    XCTAssertLessThanOrEqual(abs(line - values[k][c]), tolerance[c], "sample \(k), component \(c)")
                }
            }
        }
    }

    func testHoldsKeepEachChangeAndTheEnds() {
        XCTAssertEqual(KeyframeFit.holds(values: [[1], [1], [2], [2], [2], [3]]), [0, 2, 5])
        XCTAssertEqual(KeyframeFit.holds(values: [[4], [4], [4]]), [0, 2])
        XCTAssertEqual(KeyframeFit.holds(values: []), [])
    }

    func testAnEaseInIsOneEasedSegment() throws {
        // u² is the cubic bezier easing with handles (1/3, 0) and (2/3, 1/3),
        // and the fitter's three-point slopes are exact for a parabola.
        let values = times.map { [5 + 10 * $0 * $0] }
        let kept = KeyframeFit.eased(times: times, values: values, tolerance: [1e-6])
        XCTAssertEqual(kept.map(\.index), [0, 60])
        let easing = try XCTUnwrap(kept.first?.easing)
        XCTAssertEqual(easing.out, 0, accuracy: 1e-9)
        XCTAssertEqual(easing.into, 1.0 / 3, accuracy: 1e-9)
    }

    func testEasedSegmentsStayWithinTheTolerance() {
        let values = times.map { [5 + 10 * (3 * $0 * $0 - 2 * $0 * $0 * $0)] }
        let tolerance = 1e-3
        let kept = KeyframeFit.eased(times: times, values: values, tolerance: [tolerance])
        XCTAssertEqual(kept.first?.index, 0)
        XCTAssertEqual(kept.last?.index, 60)
        XCTAssertLessThan(kept.count, 10, "kept \(kept.map(\.index))")
        for (start, end) in zip(kept, kept.dropFirst()) {
            let (a, b) = (start.index, end.index)
            for k in a...b {
                // Lottie's easing: a cubic bezier in time with handles at 1/3 and 2/3.
                let u = (times[k] - times[a]) / (times[b] - times[a])
                let v = 1 - u
                let p = 3 * v * v * u * start.easing.out + 3 * v * u * u * start.easing.into + u * u * u
                let curve = values[a][0] + (values[b][0] - values[a][0]) * p
                XCTAssertEqual(curve, values[k][0], accuracy: tolerance, "sample \(k) in \(a)...\(b)")
            }
        }
    }

    func testAnEventsKinkSplitsEasedSegments() {
        // Eases in to 1 by t = 0.5, then holds: the hold is its own segment.
        let values = times.map { t -> [Double] in
            let u = min(1, t / 0.5)
            return [u * u * (3 - 2 * u)]
        }
        let kept = KeyframeFit.eased(times: times, values: values, tolerance: [1e-3])
        XCTAssertTrue(kept.map(\.index).contains(30), "kept \(kept.map(\.index))")
        XCTAssertEqual(kept.last?.index, 60)
    }
}
