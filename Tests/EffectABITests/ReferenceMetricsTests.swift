import CEffect
import EffectABI
import XCTest

/// The kit answers the reference metrics from widths each string was made
/// with, not by walking its text every frame; the answer must be the
/// header's own effect_reference_measure, bit for bit, for any text, size,
/// weight and tracking.
final class ReferenceMetricsTests: XCTestCase {
    func testTheKitsReferenceMetricsAreTheHeadersToTheBit() {
        let pool = StringPool()
        defer { withExtendedLifetime(pool) {} }
        let texts = [
            "Ship the component", "BREATHE", "iiiWWW", "Ünïcödé — “quotes”", "日本語のテキスト", "emoji 🫁🌬️ here",
            "a\u{0301}e\u{0300}", "tabs\tand spaces ", "x",
        ]
        let sizes = [0.5, 1, 11, 16, 20, 34.5, 48, 1000]
        let weights = [100.0, 300, 399.5, 400, 500, 590, 700, 700.5, 900]
        let trackings = [-3.25, -0.5, 0, 0.1, 1, 2.5, 17]
        var compared = 0
        for text in texts {
            let string = pool.intern(text)
            for size in sizes {
                for weight in weights {
                    for tracking in trackings {
                        var expected = effect_text_metrics(advance: 0, ascent: 0, descent: 0)
                        XCTAssertEqual(effect_reference_measure(nil, string.pointer, size, weight, tracking, &expected), EFFECT_OK)
                        let kit = ReferenceMetrics.measure(string, font: Font(size: size, weight: Font.Weight(weight)), tracking: tracking)
                        XCTAssertEqual(kit.advance.bitPattern, expected.advance.bitPattern, "\(text) at \(size) pt, \(weight), \(tracking)")
                        XCTAssertEqual(kit.ascent.bitPattern, expected.ascent.bitPattern)
                        XCTAssertEqual(kit.descent.bitPattern, expected.descent.bitPattern)
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, texts.count * sizes.count * weights.count * trackings.count)
        // A size whose advance overflows is refused, as the kit always
        // refused the header's infinite answer: the draw then fails.
        let huge = pool.intern("wide")
        XCTAssertEqual(ReferenceMetrics.measure(huge, font: Font(size: 1e308), tracking: 0), .zero)
        var overflowing = effect_text_metrics(advance: 0, ascent: 0, descent: 0)
        _ = effect_reference_measure(nil, huge.pointer, 1e308, 400, 0, &overflowing)
        XCTAssertEqual(overflowing.advance, .infinity)
        // The empty string measures nothing, in any font.
        let empty = ReferenceMetrics.measure(pool.intern(""), font: Font(size: 20), tracking: 3)
        XCTAssertEqual(empty.advance, 0)
        XCTAssertEqual(empty.ascent, 0.952 * 20)
    }

    func testAWordsWidthByHand() {
        // "iW" at 20 pt, regular, tracking 1: i is 222 thousandths of an em,
        // W 944 (effect.h's table), and both take the tracking.
        // (A string lives as long as its pool.)
        let pool = StringPool()
        withExtendedLifetime(pool) {
            let metrics = ReferenceMetrics.measure(pool.intern("iW"), font: Font(size: 20), tracking: 1)
            XCTAssertEqual(metrics.advance, (222.0 + 944) / 1000 * 20 + 2, accuracy: 1e-12)
            XCTAssertEqual(metrics.height, (0.952 + 0.241) * 20, accuracy: 1e-12)
        }
    }
}
