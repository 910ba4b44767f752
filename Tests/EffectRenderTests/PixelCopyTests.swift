import EffectHost
import EffectRender
import XCTest

/// Pixels in the caller's memory: a canvas drawing straight into a buffer,
/// and the copy into RGBA or BGRA bytes, straight or premultiplied.
final class PixelCopyTests: XCTestCase {
    /// cairo's ARGB32 word for half-transparent pure red is 0x80800000
    /// (alpha 128, red premultiplied to 128): a fill lands in the caller's
    /// own buffer, at the stride it gave.
    func testACanvasDrawsIntoTheCallersBuffer() throws {
        var words = [UInt32](repeating: 0xDEAD_BEEF, count: 3 * 2)
        try words.withUnsafeMutableBytes { bytes in
            let canvas = try PixelCanvas(wrapping: bytes.baseAddress!, width: 2, height: 2, stride: 12)
            canvas.clear()
            canvas.fill(DrawRect(x: 1, y: 0, width: 1, height: 2), css: "#ff000080")
            canvas.flush()
        }
        XCTAssertEqual(words[0], 0)
        XCTAssertEqual(words[1], 0x8080_0000)
        // The word past each row's two pixels is the caller's, untouched.
        XCTAssertEqual(words[2], 0xDEAD_BEEF)
        XCTAssertEqual(words[4], 0x8080_0000)
        XCTAssertEqual(words[5], 0xDEAD_BEEF)
    }

    func testAStrideThatCannotHoldARowIsRefused() throws {
        var words = [UInt32](repeating: 0, count: 8)
        try words.withUnsafeMutableBytes { bytes in
            XCTAssertThrowsError(try PixelCanvas(wrapping: bytes.baseAddress!, width: 2, height: 2, stride: 4))
            XCTAssertThrowsError(try PixelCanvas(wrapping: bytes.baseAddress!, width: 2, height: 2, stride: 10))
        }
    }

    /// Premultiplied (R, G, B) = (64, 32, 128) at alpha 128 is straight
    /// (128, 64, 255): each channel × 255 / 128, rounded, at most 255.
    func testTheCopySwapsChannelsAndDividesAlphaBackOut() throws {
        let canvas = try PixelCanvas(width: 3, height: 1)
        let source: [UInt32] = [0x8040_2080, 0xFF10_2030, 0]
        try canvas.withPixels { pixels, _ in
            source.withUnsafeBytes { UnsafeMutableRawPointer(pixels).copyMemory(from: $0.baseAddress!, byteCount: 12) }
        }
        func copy(_ order: PixelOrder, straight: Bool) throws -> [UInt8] {
            var out = [UInt8](repeating: 7, count: 12)
            try out.withUnsafeMutableBufferPointer { try canvas.copyPixels(into: $0.baseAddress!, stride: 12, order: order, straight: straight) }
            return out
        }
        XCTAssertEqual(try copy(.rgba, straight: true), [128, 64, 255, 128, 0x10, 0x20, 0x30, 255, 0, 0, 0, 0])
        XCTAssertEqual(try copy(.rgba, straight: false), [64, 32, 128, 128, 0x10, 0x20, 0x30, 255, 0, 0, 0, 0])
        XCTAssertEqual(try copy(.bgra, straight: true), [255, 64, 128, 128, 0x30, 0x20, 0x10, 255, 0, 0, 0, 0])
        XCTAssertEqual(try copy(.bgra, straight: false), [128, 32, 64, 128, 0x30, 0x20, 0x10, 255, 0, 0, 0, 0])
        withExtendedLifetime(source) {}
    }

    /// A row long enough for the vectorised loop and its remainder: each
    /// pixel converted as the three-pixel case above says, wherever it
    /// falls, in the caller's own buffer, with the words past each row untouched.
    func testAWrappedCanvasIsConvertedInPlace() throws {
        let width = 19
        let stride = (width + 1) * 4
        // Opaque grey, with half-transparent premultiplied (64, 32, 128)
        // at 10 and at 17, clear at 3.
        var row = [UInt32](repeating: 0xFF10_2030, count: width + 1)
        row[10] = 0x8040_2080
        row[17] = 0x8040_2080
        row[3] = 0
        row[width] = 0xDEAD_BEEF
        let words = row + row
        func converted(straight: Bool) throws -> [UInt8] {
            var copy = words
            try copy.withUnsafeMutableBytes { bytes in
                let canvas = try PixelCanvas(wrapping: bytes.baseAddress!, width: width, height: 2, stride: stride)
                try canvas.convertPixelsInPlace(order: .rgba, straight: straight)
            }
            return copy.withUnsafeBytes { Array($0) }
        }
        let straight = try converted(straight: true)
        let premultiplied = try converted(straight: false)
        for line in 0..<2 {
            func pixel(_ bytes: [UInt8], _ x: Int) -> [UInt8] { Array(bytes[(line * (width + 1) + x) * 4..<(line * (width + 1) + x) * 4 + 4]) }
            for x in 0..<width {
                switch x {
                case 3:
                    XCTAssertEqual(pixel(straight, x), [0, 0, 0, 0])
                case 10, 17:
                    XCTAssertEqual(pixel(straight, x), [128, 64, 255, 128], "pixel \(x)")
                    XCTAssertEqual(pixel(premultiplied, x), [64, 32, 128, 128], "pixel \(x)")
                default:
                    XCTAssertEqual(pixel(straight, x), [0x10, 0x20, 0x30, 255], "pixel \(x)")
                    XCTAssertEqual(pixel(premultiplied, x), [0x10, 0x20, 0x30, 255], "pixel \(x)")
                }
            }
            XCTAssertEqual(pixel(straight, width), [0xEF, 0xBE, 0xAD, 0xDE], "the caller's word past the row")
        }
    }

    /// A 100 × 50 pt picture on 400 × 100 px: fitted at 2 px a point, 200
    /// px wide and centred (x 100 to 300). At size 0.5, against the right
    /// edge and the top: 100 × 50 px from x 300. Half outside on the left
    /// (x = -0.5 of the room left): cut at the canvas's edge.
    func testTheAreaAPlacedPictureCoversIsItsFittedBoxInWholePixels() throws {
        let canvas = try PixelCanvas(width: 400, height: 100)
        let box = DrawRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(canvas.area(of: box), PixelArea(x: 100, y: 0, width: 200, height: 100))
        XCTAssertEqual(canvas.area(of: box, placement: Placement(size: 0.5, x: 1, y: 0)), PixelArea(x: 300, y: 0, width: 100, height: 50))
        // size 0.3: 60 × 30 px, the room left 340 × 70; x 0.25 and y 0.5 put it at (85, 35).
        XCTAssertEqual(canvas.area(of: box, placement: Placement(size: 0.3, x: 0.25, y: 0.5)), PixelArea(x: 85, y: 35, width: 60, height: 30))
        // size 0.25: 50 × 25 px at x = 350 × -0.5 = -175: wholly outside.
        XCTAssertNil(canvas.area(of: box, placement: Placement(size: 0.25, x: -0.5, y: 0)))
        // size 0.5 at x = -0.2: 300 × -0.2 = -60, so 40 px of its 100 show.
        XCTAssertEqual(canvas.area(of: box, placement: Placement(size: 0.5, x: -0.2, y: 1)), PixelArea(x: 0, y: 50, width: 40, height: 50))
        // A fractional edge is rounded out: size 0.33 is 66 × 33 px, at (334 × 0.5, 67 × 0.5) = (167, 33.5).
        XCTAssertEqual(canvas.area(of: box, placement: Placement(size: 0.33, x: 0.5, y: 0.5)), PixelArea(x: 167, y: 33, width: 66, height: 34))
    }

    /// Converting within an area leaves every word outside it as it was.
    func testAConversionWithinAnAreaTouchesNothingElse() throws {
        var words = [UInt32](repeating: 0xFF10_2030, count: 4 * 3)
        try words.withUnsafeMutableBytes { bytes in
            let canvas = try PixelCanvas(wrapping: bytes.baseAddress!, width: 4, height: 3, stride: 16)
            try canvas.convertPixelsInPlace(order: .rgba, straight: true, within: PixelArea(x: 1, y: 1, width: 2, height: 1))
        }
        for (index, word) in words.enumerated() {
            // R and B exchanged (0x30 and 0x10) at (1, 1) and (2, 1) only.
            XCTAssertEqual(word, index == 5 || index == 6 ? 0xFF30_2010 : 0xFF10_2030, "word \(index)")
        }
    }
}
