import EffectABI
import XCTest

final class RoundingTests: XCTestCase {
    /// Values worked out by hand: halves go away from zero, not to even.
    func testHalvesGoAwayFromZero() {
        let cases: [(Double, Double)] = [
            (0.5, 1), (1.5, 2), (2.5, 3), (-0.5, -1), (-2.5, -3), (0.49999999999999994, 0), (2.4, 2), (2.6, 3),
            (4503599627370495.5, 4503599627370496), (0x1p52 + 1, 0x1p52 + 1), (1e300, 1e300),
        ]
        for (x, expected) in cases {
            XCTAssertEqual(roundedHalfAway(x).bitPattern, expected.bitPattern, "x = \(x)")
        }
    }

    func testZeroInfinityAndNaNKeepWhatTheyAre() {
        XCTAssertEqual(roundedHalfAway(-0.0).bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(roundedHalfAway(-0.3).bitPattern, (-0.0).bitPattern)
        XCTAssertEqual(roundedHalfAway(0.3).bitPattern, (0.0).bitPattern)
        XCTAssertEqual(roundedHalfAway(.infinity), .infinity)
        XCTAssertEqual(roundedHalfAway(-.infinity), -.infinity)
        XCTAssertTrue(roundedHalfAway(.nan).isNaN)
    }

    /// Against the standard library's own `rounded()`, bit for bit, over
    /// every binade, the halves and their neighbours included. The other
    /// inputs are 100,000 bit patterns spread by the golden-ratio (Weyl)
    /// sequence, so a failure names an x that fails again.
    func testAgreesWithTheStandardLibrary() {
        let spread: UInt64 = 0x9E37_79B9_7F4A_7C15
        var values: [Double] = []
        for exponent in -1074...1023 {
            let scale = Double(sign: .plus, exponent: exponent, significand: 1)
            let inBinade = Double(sign: .plus, exponent: exponent, significand: 1 + Double((UInt64(exponent + 1074) &* spread) >> 12) / 0x1p52)
            values += [scale, scale.nextUp, scale.nextDown, inBinade]
        }
        for whole in stride(from: 0.0, through: 4096, by: 1) {
            let half = whole + 0.5
            values += [half, half.nextUp, half.nextDown, whole.nextUp, whole.nextDown]
        }
        for index in 1...100_000 { values.append(Double(bitPattern: UInt64(index) &* spread)) }
        for x in values + values.map({ -$0 }) where !x.isNaN {
            XCTAssertEqual(roundedHalfAway(x).bitPattern, x.rounded().bitPattern, "x = \(x)")
        }
    }
}
