import EffectHost
import EffectRender
import XCTest

/// Linear gradients as pixels, against colours worked out here from the
/// gradient's definition: t = ((p − start) · d) / |d|² at each pixel's
/// centre, padded past the ends, interpolated between the stops on either
/// side, premultiplied by alpha.
final class GradientFillTests: XCTestCase {
    private let black: UInt32 = 0x0000_00FF, white: UInt32 = 0xFFFF_FFFF
    private let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0x0000_FFFF

    private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ paint: DrawPaint) -> DrawItem {
        .shape(DrawShape(id: 1, kind: .rect, frame: DrawRect(x: x, y: y, width: width, height: height), fill: paint))
    }

    /// The canvas's pixel at (x, y) as premultiplied [r, g, b, a].
    private func draw(_ items: [DrawItem], width: Int, height: Int) throws -> (Int, Int) -> [Int] {
        let canvas = try PixelCanvas(width: width, height: height)
        let list = DisplayList(
            width: Double(width), height: Double(height), bounds: DrawRect(x: 0, y: 0, width: Double(width), height: Double(height)),
            items: items)
        try canvas.draw(list, fonts: nil)
        let pixels = try canvas.withPixels { data, stride in (0..<height).map { y in (0..<width * 4).map { Int(data[y * stride + $0]) } } }
        return { x, y in [pixels[y][x * 4 + 2], pixels[y][x * 4 + 1], pixels[y][x * 4], pixels[y][x * 4 + 3]] }
    }

    private func assertPixel(_ got: [Int], _ expected: [Double], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        for (channel, value) in zip(got, expected) {
            XCTAssertEqual(Double(channel), value, accuracy: 1, "\(message): got \(got), expected \(expected)", file: file, line: line)
        }
    }

    func testAShapesEdgesCoverThePixelsByTheirArea() throws {
        // A bar from x = 2.25 to 61.5 in one colour (both stops alike), and a
        // disc 40 across: each pixel is the colour times the area inside.
        let stops: [(offset: Double, color: UInt32)] = [(0, white), (1, white)]
        let gradient = DrawPaint.linearGradient(x0: 0, y0: 0, x1: 64, y1: 64, stops: stops)
        let disc = DrawItem.shape(DrawShape(id: 2, kind: .ellipse, frame: DrawRect(x: 10, y: 10, width: 40, height: 40), fill: gradient))
        let pixel = try draw([rect(2.25, 0, 59.25, 4, gradient), .group(DrawGroup(id: 1, transform: DrawTransform(translateY: 8))), disc, .endGroup(id: 1)], width: 64, height: 64)
        assertPixel(pixel(2, 1), [191.25, 191.25, 191.25, 191.25], "three quarters of the bar's first column")
        assertPixel(pixel(61, 2), [127.5, 127.5, 127.5, 127.5], "half of its last")
        assertPixel(pixel(30, 3), [255, 255, 255, 255], "inside the bar")
        // The disc's ink, summed, is its area, π r², less what flattening its
        // curves into chords (a tenth of a pixel deep at most) trims off its rim.
        var ink = 0.0
        for y in 12..<64 { for x in 0..<64 { ink += Double(pixel(x, y)[3]) / 255 } }
        XCTAssertEqual(ink, Double.pi * 20 * 20, accuracy: 0.1 * 2 * Double.pi * 20, "the disc's area in pixels")
        assertPixel(pixel(30, 38), [255, 255, 255, 255], "the disc's centre")
        assertPixel(pixel(30, 17), [0, 0, 0, 0], "above the disc")
    }

    func testAShapeReachingAMillionPixelsOffIsStillFilled() throws {
        // Past what FreeType takes: cairo fills it.
        let stops: [(offset: Double, color: UInt32)] = [(0, white), (1, white)]
        let pixel = try draw([rect(-3e6, 0, 3e6 + 32.5, 4, .linearGradient(x0: 0, y0: 0, x1: 64, y1: 0, stops: stops))], width: 64, height: 4)
        assertPixel(pixel(10, 1), [255, 255, 255, 255], "inside")
        assertPixel(pixel(32, 1), [127.5, 127.5, 127.5, 127.5], "half of its last column")
        assertPixel(pixel(40, 1), [0, 0, 0, 0], "past it")
    }

    func testAHorizontalRampIsSampledAtPixelCentres() throws {
        // Four levels a pixel: sampling at a pixel's edge would be two off.
        let pixel = try draw([rect(0, 0, 64, 4, .linearGradient(x0: 0, y0: 0, x1: 64, y1: 0, stops: [(0, black), (1, white)]))], width: 64, height: 4)
        for x in [0, 1, 17, 32, 50, 63] {
            let level = 255 * (Double(x) + 0.5) / 64
            assertPixel(pixel(x, 2), [level, level, level, 255], "column \(x)")
        }
    }

    func testStopsArePaddedAndInterpolatedUnderAScaledGroup() throws {
        // Scaled by 2: user x = (X + 0.5) / 2 at device column X, t = x / 64.
        let pixel = try draw(
            [
                .group(DrawGroup(id: 1, transform: DrawTransform(scaleX: 2, scaleY: 2))),
                rect(0, 0, 64, 2, .linearGradient(x0: 0, y0: 0, x1: 64, y1: 0, stops: [(0.75, blue), (0.25, red)])),
                .endGroup(id: 1),
            ], width: 128, height: 4)
        assertPixel(pixel(10, 1), [255, 0, 0, 255], "before the first stop: its colour")
        assertPixel(pixel(120, 1), [0, 0, 255, 255], "after the last stop: its colour")
        let t = 64.5 / 128, f = (t - 0.25) / 0.5
        assertPixel(pixel(64, 1), [255 * (1 - f), 0, 255 * f, 255], "between the stops")
    }

    func testATurnedGroupTurnsTheGradient() throws {
        // Turned 90° and moved right by 4: user (x, y) lands on device (4 − y, x).
        let pixel = try draw(
            [
                .group(DrawGroup(id: 1, transform: DrawTransform(translateX: 4, rotation: 90))),
                rect(0, 0, 64, 4, .linearGradient(x0: 0, y0: 0, x1: 64, y1: 0, stops: [(0, black), (1, white)])),
                .endGroup(id: 1),
            ], width: 4, height: 64)
        for y in [0, 20, 63] {
            let level = 255 * (Double(y) + 0.5) / 64
            assertPixel(pixel(2, y), [level, level, level, 255], "row \(y)")
        }
    }

    func testOpacityAndStopAlphaPremultiply() throws {
        let halfBlue: UInt32 = 0x0000_FF80  // alpha 128
        let pixel = try draw(
            [
                .group(DrawGroup(id: 1, opacity: 0.5)),
                rect(0, 0, 16, 4, .linearGradient(x0: 0, y0: 0, x1: 16, y1: 0, stops: [(0, halfBlue), (1, halfBlue)])),
                .endGroup(id: 1),
            ], width: 16, height: 4)
        let alpha = 128.0 * 0.5
        assertPixel(pixel(8, 2), [0, 0, alpha, alpha], "blue at a quarter's alpha")
    }

    func testAShapePastTheCanvasInALayerKeepsItsPlace() throws {
        // The group's opacity covers two paints, so it is drawn in a layer;
        // the ramp starts 100 px left of the canvas.
        let pixel = try draw(
            [
                .group(DrawGroup(id: 1, opacity: 0.5)),
                rect(-100, 0, 256, 4, .linearGradient(x0: -100, y0: 0, x1: 156, y1: 0, stops: [(0, black), (1, white)])),
                rect(60, 6, 2, 2, .color(red)),
                .endGroup(id: 1),
            ], width: 64, height: 8)
        for x in [0, 31, 63] {
            let level = 255 * (Double(x) + 0.5 + 100) / 256 * 0.5
            assertPixel(pixel(x, 2), [level, level, level, 127.5], "column \(x)")
        }
        assertPixel(pixel(0, 6), [0, 0, 0, 0], "outside the ramp stays clear")
    }

    func testAGradientWhoseEndsMeetPaintsItsLastStop() throws {
        // SVG: "the area to be painted will be painted as a single color
        // using the color and opacity of the last gradient stop".
        let pixel = try draw([rect(0, 0, 8, 8, .linearGradient(x0: 4, y0: 4, x1: 4, y1: 4, stops: [(0, red), (1, blue)]))], width: 8, height: 8)
        assertPixel(pixel(1, 1), [0, 0, 255, 255], "the last stop")
    }
}
