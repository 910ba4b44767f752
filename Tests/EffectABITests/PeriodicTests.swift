import EffectABI
import XCTest

/// Periodic.step: a stepped value that is the same at t and t + period,
/// however t + period rounds.
final class PeriodicTests: XCTestCase {
    func testStepsCountFromZeroAndRepeat() {
        // Two steps of 0.3 s: 0 up to 0.15, 1 from it, 0 again from 0.3.
        XCTAssertEqual([0, 0.1, 0.15, 0.2, 0.3, 0.44, 0.46].map { Periodic.step($0, period: 0.3, count: 2) }, [0, 0, 1, 1, 0, 0, 1])
        // Five steps of 1 s; before 0 it counts backwards: −0.1 is in the last.
        XCTAssertEqual([0, 0.2, 0.39, 0.4, 0.99, 1, -0.1].map { Periodic.step($0, period: 1, count: 5) }, [0, 1, 1, 2, 4, 0, 4])
    }

    func testAnEdgeThatRoundingMovesIsTheSameStepAPeriodOn() {
        // 0.15 + 0.3 rounds to 0.44999999999999996, whose remainder is below
        // 0.15: the naive blink is on there and off at 0.15.
        let t = 0.15, period = 0.3
        XCTAssertEqual(t + period, 0.44999999999999996)
        XCTAssertNotEqual(
            t.truncatingRemainder(dividingBy: period) < period / 2, (t + period).truncatingRemainder(dividingBy: period) < period / 2)
        XCTAssertEqual(Periodic.step(t, period: period, count: 2), 1)
        XCTAssertEqual(Periodic.step(t + period, period: period, count: 2), 1)
        // Every edge of every period from 0.1 s to 10 s in steps of 0.01 s,
        // at 2, 3 and 12 steps: the step at t and t + period agree.
        var naiveMisses = 0
        for hundredths in 10...1000 {
            let period = Double(hundredths) / 100
            for count in [2, 3, 12] {
                for edge in 0...count {
                    let t = period * Double(edge) / Double(count)
                    XCTAssertEqual(
                        Periodic.step(t, period: period, count: count), Periodic.step(t + period, period: period, count: count),
                        "t = \(t), period \(period), \(count) steps")
                    let naive = { (x: Double) in Int((x.truncatingRemainder(dividingBy: period) / period * Double(count)).rounded(.down)) }
                    if naive(t) != naive(t + period) { naiveMisses += 1 }
                }
            }
        }
        XCTAssertGreaterThan(naiveMisses, 0, "the naive step differs somewhere, or this test shows nothing")
    }

    func testNothingThatIsNotAStepGivesZero() {
        XCTAssertEqual(Periodic.step(.nan, period: 1, count: 2), 0)
        XCTAssertEqual(Periodic.step(0.7, period: 0, count: 2), 0)
        XCTAssertEqual(Periodic.step(0.7, period: 1, count: 0), 0)
        XCTAssertEqual(Periodic.step(.infinity, period: 1, count: 2), 0)
    }
}
