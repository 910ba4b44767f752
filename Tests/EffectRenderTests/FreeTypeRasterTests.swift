import EffectHost
@testable import EffectRender
import XCTest

/// FreeType's rasteriser filling an outline a stretch of columns at a
/// time: the coverage must be what FreeType makes of the whole outline in
/// one call, byte for byte, and what the shapes cover, worked out by hand.
final class FreeTypeRasterTests: XCTestCase {
    private let (width, height) = (300, 40)

    private func filled(_ segments: [DrawSegment], columns: Int?, width: Int? = nil) throws -> [UInt8] {
        let raster = try FreeTypeRaster.make()
        let width = width ?? self.width
        var pixels = [UInt8](repeating: 0, count: width * height)
        let done = pixels.withUnsafeMutableBufferPointer {
            raster.fill(segments, Affine(), into: $0.baseAddress!, width: width, height: height, stride: width, columns: columns)
        }
        XCTAssertTrue(done)
        return pixels
    }

    private func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> [DrawSegment] {
        let corners = clockwise ? [(x1, y0), (x1, y1), (x0, y1)] : [(x0, y1), (x1, y1), (x1, y0)]
        return [.move(x: x0, y: y0)] + corners.map { DrawSegment.line(x: $0.0, y: $0.1) } + [.close]
    }

    /// A closed blob of cubics around (cx, cy), `r` across, leaning by `lean`.
    private func blob(_ cx: Double, _ cy: Double, _ r: Double, lean: Double) -> [DrawSegment] {
        [
            .move(x: cx - r, y: cy),
            .cubic(x: cx, y: cy - r, x1: cx - r, y1: cy - r * 0.6 + lean, x2: cx - r * 0.5, y2: cy - r),
            .cubic(x: cx + r, y: cy, x1: cx + r * 0.6, y1: cy - r, x2: cx + r + lean, y2: cy - r * 0.5),
            .cubic(x: cx, y: cy + r, x1: cx + r, y1: cy + r * 0.5, x2: cx + r * 0.4 - lean, y2: cy + r),
            .cubic(x: cx - r, y: cy, x1: cx - r * 0.5, y1: cy + r, x2: cx - r, y2: cy + r * 0.4),
            .close,
        ]
    }

    /// Glyph-like contours along a line: rings with holes wound both ways,
    /// blobs of cubics that overlap their neighbours, one edge on a
    /// column's boundary, and contours partly and wholly off either side.
    private var run: [DrawSegment] {
        var segments: [DrawSegment] = []
        for index in 0..<14 {
            let x = -9.3 + Double(index) * 23.7
            segments += rect(x, 6.25, x + 15.5, 33.75) + rect(x + 4.2, 11.6, x + 11.1, 27.4, clockwise: index % 2 == 0)
            segments += blob(x + 19.4, 20 + Double(index % 3), 9.6, lean: Double(index) - 7)
        }
        segments += rect(128, 2, 141.5, 5.5) + rect(-40, 3, -20, 30) + rect(320, 3, 340, 30)
        return segments
    }

    func testStretchesOfColumnsCoverWhatTheWholeOutlineCoversInOneCall() throws {
        let whole = try filled(run, columns: nil)
        XCTAssertGreaterThan(whole.filter { $0 == 255 }.count, 2000, "the run puts ink down")
        for columns in [1, 7, 16, 64, 1000] {
            let parts = try filled(run, columns: columns)
            let differing = zip(whole, parts).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(columns) columns at a time: \(differing) pixels differ from one call")
        }
    }

    func testCoverageIsTheAreaEachPixelHasInside() throws {
        // A bar from x = 3.25 to 200.5 on rows 2 to 6, with a square hole from x = 100 to 110 wound the other way.
        let bar = rect(3.25, 2, 200.5, 6) + rect(100, 3, 110, 5, clockwise: false)
        let pixels = try filled(bar, columns: 16)
        func at(_ x: Int, _ y: Int) -> Int { Int(pixels[y * width + x]) }
        // FreeType maps a pixel's covered area a (0 to 1) to about 256 a, at most 255.
        XCTAssertEqual(Double(at(3, 2)), 0.75 * 256, accuracy: 1.5, "three quarters of the left column's pixel")
        XCTAssertEqual(Double(at(200, 5)), 0.5 * 256, accuracy: 1.5, "half of the right column's pixel")
        for (x, y) in [(4, 2), (50, 3), (99, 4), (110, 3), (199, 5), (150, 2)] { XCTAssertEqual(at(x, y), 255, "inside at (\(x), \(y))") }
        for (x, y) in [(100, 3), (105, 4), (109, 4)] { XCTAssertEqual(at(x, y), 0, "the hole at (\(x), \(y))") }
        for (x, y) in [(2, 3), (201, 3), (50, 1), (50, 6), (250, 4)] { XCTAssertEqual(at(x, y), 0, "outside at (\(x), \(y))") }
    }

    func testAnOutlineFreeTypeRefusesLeavesNothingHalfFilled() throws {
        // A square FreeType takes, then a contour of more points than an FT_Outline holds, to its right.
        var zigzag: [DrawSegment] = [.move(x: 40, y: 5)]
        for step in 0..<33_000 { zigzag.append(.line(x: 40 + Double(step % 2) * 10, y: 5 + Double(step) * 30 / 33_000)) }
        zigzag.append(.close)
        let raster = try FreeTypeRaster.make()
        var pixels = [UInt8](repeating: 0, count: width * height)
        let done = pixels.withUnsafeMutableBufferPointer {
            raster.fill(rect(2, 2, 20, 20) + zigzag, Affine(), into: $0.baseAddress!, width: width, height: height, stride: width)
        }
        XCTAssertFalse(done)
        XCTAssertEqual(pixels.filter { $0 != 0 }.count, 0, "the square filled before the refusal is cleared again")
    }

    func testAPointFarOffTheBufferOrNotANumberIsRefusedWithNothingFilled() throws {
        let raster = try FreeTypeRaster.make()
        for wild in [2e6, -3e9, .infinity, .nan] {
            var pixels = [UInt8](repeating: 0, count: width * height)
            let done = pixels.withUnsafeMutableBufferPointer {
                raster.fill(rect(2, 2, 20, 20) + rect(30, 2, wild, 20), Affine(), into: $0.baseAddress!, width: width, height: height, stride: width)
            }
            XCTAssertFalse(done, "a corner at x = \(wild)")
            XCTAssertEqual(pixels.filter { $0 != 0 }.count, 0, "nothing filled for a corner at x = \(wild)")
        }
        // Past a quarter of a million pixels off is beyond the reach; a thousand is not.
        XCTAssertGreaterThan(try filled(rect(2, 2, 20, 20) + rect(30, 2, 1_000, 20), columns: 64)[5 * width + 100], 0)
    }

    func testALineAfterACloseStartsWhereTheSubpathStarted() throws {
        // M (10, 4) L (10, 36) L (40, 36) Z L (40, 4) Z: the second triangle starts
        // at (10, 4), as cairo and SVG draw it, and fills (10, 4) (40, 4) to (40, 36)'s side.
        let path: [DrawSegment] = [.move(x: 10, y: 4), .line(x: 10, y: 36), .line(x: 40, y: 36), .close, .line(x: 40, y: 4), .line(x: 40, y: 36), .close]
        let pixels = try filled(path, columns: 64)
        XCTAssertEqual(pixels[30 * width + 14], 255, "inside the first triangle, by its left side")
        XCTAssertEqual(pixels[8 * width + 36], 255, "inside the second, by its top right")
    }

    func testTheSharedRasteriserFills() throws {
        var pixels = [UInt8](repeating: 0, count: width * height)
        let done = FreeTypeRaster.withShared { raster in
            pixels.withUnsafeMutableBufferPointer { raster?.fill(rect(2, 2, 20, 20), Affine(), into: $0.baseAddress!, width: width, height: height, stride: width) ?? false }
        }
        XCTAssertTrue(done, "libfreetype6 is installed wherever cairo is")
        XCTAssertEqual(pixels[10 * width + 10], 255)
    }

    func testAPointHalfASixtyFourthOverRoundsAwayFromZero() throws {
        // FreeType takes 64ths of a pixel: an edge at 10 + 1/128 goes to 10 + 1/64, as
        // `rounded()` takes a half, so the pixel it starts in is 63/64 covered, not whole.
        let pixels = try filled(rect(10 + 1.0 / 128, 2, 30, 6), columns: 64)
        XCTAssertEqual(Double(pixels[3 * width + 10]), 63.0 / 64 * 256, accuracy: 1.5)
        XCTAssertEqual(pixels[3 * width + 11], 255)
        // And a whisker under the half stays where it was: the pixel whole.
        let under = try filled(rect(10 + 1.0 / 128 - 1e-9, 2, 30, 6), columns: 64)
        XCTAssertEqual(under[3 * width + 10], 255)
    }
}
