import EffectHost
import EffectRender
import XCTest

/// A group's saturation in pixels: SVG's feColorMatrix "saturate", each
/// channel moved toward the luminance 0.213 R + 0.715 G + 0.072 B. The
/// expected levels are worked by hand from the matrix.
final class SaturationPixelsTests: XCTestCase {
    /// Pure red (255, 0, 0):
    /// s = 0: every channel 0.213 · 255 = 54.3 → 54;
    /// s = 0.5: R (0.213 + 0.787 · 0.5) · 255 = 154.7 → 155, G and B (0.213 − 0.213 · 0.5) · 255 = 27.2 → 27;
    /// two groups of 0.5, one in the other, are one of 0.25: R (0.213 + 0.787 · 0.25) · 255 = 104.5 → 104 or 105,
    /// G and B (0.213 − 0.213 · 0.25) · 255 = 40.7 → 41.
    func testAGroupsSaturationMovesItsColoursTowardTheirLuminance() throws {
        XCTAssertEqual(try centre(saturations: [0]), [54, 54, 54, 255])
        XCTAssertEqual(try centre(saturations: [0.5]), [155, 27, 27, 255])
        let nested = try centre(saturations: [0.5, 0.5])
        XCTAssertTrue((104...105).contains(nested[0]), "\(nested)")
        XCTAssertEqual(Array(nested[1...]), [41, 41, 255])
    }

    /// The same with the rectangle under a second paint and a fade, which
    /// is a layer: the saturation is the same wherever it is applied.
    func testSaturationUnderAFadedLayerIsTheSame() throws {
        let faded = try centre(saturations: [0.5], opacity: 0.999, secondPaint: true)
        XCTAssertTrue(zip(faded, [155, 27, 27, 255]).allSatisfy { abs($0 - $1) <= 1 }, "\(faded)")
    }

    /// Straight RGBA at the canvas's centre after drawing a red square under
    /// groups of `saturations`, one inside the next.
    private func centre(saturations: [Double], opacity: Double = 1, secondPaint: Bool = false) throws -> [Int] {
        var items: [DrawItem] = []
        for (index, saturation) in saturations.enumerated() {
            items.append(.group(DrawGroup(id: UInt32(index + 1), opacity: opacity, saturation: saturation)))
        }
        let square = DrawRect(x: 0, y: 0, width: 10, height: 10)
        items.append(.shape(DrawShape(id: 10, kind: .rect, frame: square, fill: .color(0xFF00_00FF))))
        if secondPaint {
            items.append(.shape(DrawShape(id: 11, kind: .rect, frame: DrawRect(x: 0, y: 0, width: 1, height: 1), fill: .color(0x00FF_00FF))))
        }
        for index in saturations.indices.reversed() { items.append(.endGroup(id: UInt32(index + 1))) }
        let canvas = try PixelCanvas(width: 10, height: 10)
        canvas.clear()
        try canvas.draw(DisplayList(width: 10, height: 10, bounds: square, items: items), fonts: nil)
        return try canvas.withPixels { pixels, stride in
            let p = pixels + 5 * stride + 5 * 4
            let alpha = Int(p[3])
            // BGRA, premultiplied: opaque here, so straight.
            return [Int(p[2]), Int(p[1]), Int(p[0]), alpha]
        }
    }
}
