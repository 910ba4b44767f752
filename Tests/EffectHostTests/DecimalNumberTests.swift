import EffectHost
import XCTest

/// Numbers as the help writes them, and nothing Swift's `Double(_:)` also reads.
final class DecimalNumberTests: XCTestCase {
    func testDecimalForms() {
        let cases: [(String, Double)] = [("0", 0), ("12", 12), ("-1.5", -1.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("2.5E-1", 0.25)]
        for (text, value) in cases { XCTAssertEqual(DecimalNumber.parse(text), value, text) }
    }

    func testEverythingElseIsRefused() {
        for text in ["", "-", ".", "e5", "1e", "1e+", "0x10", "0x1p4", "nan", "inf", "-infinity", " 1", "1 ", "1,5", "١٢", "1_000"] {
            XCTAssertNil(DecimalNumber.parse(text), text)
        }
    }
}
