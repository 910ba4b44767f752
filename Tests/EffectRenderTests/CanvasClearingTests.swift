import BundledPlugins
import EffectHost
@testable import EffectRender
import XCTest

/// A canvas kept for a whole render clears only the pixels its last
/// frames drew on. Every frame drawn that way must be, byte for byte, the
/// frame drawn on a canvas of its own: a box too small would leave a
/// sliver of an earlier frame's ink.
final class CanvasClearingTests: XCTestCase {
    private let fonts = try! FontBook(.family("Inter"))

    /// `count` frames from 0 to `seconds`, each drawn on one kept canvas and
    /// on a new one, compared; returns how many pixels of the kept canvas's
    /// frames were not ground, so a test can tell its frames drew.
    private func assertKeptCanvasMatchesNewOnes(
        _ library: String, _ id: String, _ params: [(String, Value)] = [], seconds: Double, count: Int = 40, background: String? = "#ffffff",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        let instance = try bundledInstance(library, id, params)
        var style = PictureStyle(appearance: .light)
        style.background = background
        style.fonts = fonts
        style.text = .outlines(fonts)
        let picture = try makePicture(for: instance, proposedWidth: nil, style: style)
        let kept = try PixelCanvas(for: picture, scale: 2)
        var inked = 0
        for index in 0..<count {
            let t = seconds * Double(index) / Double(count - 1)
            let list = try picture.displayList(of: instance, at: t)
            try picture.draw(list, on: kept, ground: .canvas)
            let fresh = try PixelCanvas(for: picture, scale: 2)
            try picture.draw(list, on: fresh, ground: .canvas)
            let (a, b) = (try words(kept), try words(fresh))
            if a != b {
                let differing = zip(a, b).filter { $0 != $1 }.count
                XCTFail("\(id) at t = \(t): \(differing) pixels differ from the frame drawn afresh", file: file, line: line)
            }
            inked += b.lazy.filter { $0 != b[0] }.count
        }
        return inked
    }

    /// The canvas's pixels, row after row, as cairo's ARGB words.
    private func words(_ canvas: PixelCanvas) throws -> [UInt32] {
        try canvas.readingPixels { pixels, stride in
            var words = [UInt32](repeating: 0, count: canvas.width * canvas.height)
            words.withUnsafeMutableBytes { out in
                for y in 0..<canvas.height {
                    (out.baseAddress! + y * canvas.width * 4).copyMemory(from: pixels + y * stride, byteCount: canvas.width * 4)
                }
            }
            return words
        }
    }

    func testTheStrikesFramesOnOneCanvasAreTheFramesDrawnAfresh() throws {
        // Its group scales the text down and back (a dip) as the line crosses.
        let inked = try assertKeptCanvasMatchesNewOnes("libStrike.so", "strikethrough-reveal", seconds: 1.2)
        XCTAssertGreaterThan(inked, 40 * 1000)
    }

    func testTrackingThatWidensAndNarrowsOnOneCanvas() throws {
        // Arabic and an emoji: glyphs placed by the fonts, a colour picture.
        let inked = try assertKeptCanvasMatchesNewOnes(
            "libBreathe.so", "tracking-breathe", [("text", .string("نفس 😀 呼吸"))], seconds: 4, background: nil)
        XCTAssertGreaterThan(inked, 40 * 1000)
    }

    func testCirclesAndTextRevealOnOneCanvas() throws {
        XCTAssertGreaterThan(try assertKeptCanvasMatchesNewOnes("libBreathe.so", "breathing-circles", seconds: 8), 40 * 1000)
        XCTAssertGreaterThan(
            try assertKeptCanvasMatchesNewOnes("libReveal.so", "text-reveal", [("text", .string("Plan the week, हिन्दी में 😀"))], seconds: 2.5),
            20 * 1000)
    }

    /// Runs of text drawn one after another on one canvas and each on a new
    /// one, byte for byte.
    private func assertRunsOnOneCanvas(_ texts: [DrawText], fonts: FontBook?, file: StaticString = #filePath, line: UInt = #line) throws {
        let (width, height) = (640, 240)
        let kept = try PixelCanvas(width: width, height: height)
        for text in texts {
            let list = DisplayList(
                width: Double(width), height: Double(height), bounds: DrawRect(x: 0, y: 0, width: Double(width), height: Double(height)),
                items: [.text(text)])
            kept.clear(to: "#ffffff")
            try kept.draw(list, fonts: fonts)
            let fresh = try PixelCanvas(width: width, height: height)
            fresh.clear(to: "#ffffff")
            try fresh.draw(list, fonts: fonts)
            XCTAssertTrue(try words(kept) == words(fresh), "after \(text.text)", file: file, line: line)
        }
    }

    /// Without fonts, cairo's own text with no measured advance is as wide
    /// as its glyphs (a chart's labels and values): a long value followed
    /// by a short one leaves nothing of the long one.
    func testCairosOwnTextWithNoAdvanceIsClearedWhole() throws {
        try assertRunsOnOneCanvas(
            [DrawText(id: 1, text: "0.537 of 12.000 s", x: 10, y: 60, size: 32, color: 0x0000_00FF),
             DrawText(id: 1, text: "1", x: 10, y: 60, size: 32, color: 0x0000_00FF)],
            fonts: nil)
    }

    /// A clear sets every pixel, whatever clip it is called under.
    func testAClearUnderAClipStillClearsEveryPixel() throws {
        let canvas = try PixelCanvas(width: 8, height: 8)
        canvas.clear(to: "#ff0000")
        try canvas.clipped(to: PixelArea(x: 0, y: 0, width: 2, height: 2)) { canvas.clear(to: "#0000ff") }
        XCTAssertEqual(Set(try words(canvas)), [0xFF00_00FF])
    }

    /// A clear sets each pixel to the colour's premultiplied word, as
    /// cairo's own fill with the SOURCE operator sets it: worked out here
    /// by hand, through cairo's 16-bit channels for a translucent colour.
    /// Again after a draw, when only the pixels drawn on are set.
    func testAClearSetsEachPixelToTheColoursWord() throws {
        let canvas = try PixelCanvas(width: 9, height: 5)
        let ink = DisplayList(
            width: 9, height: 5, bounds: DrawRect(x: 0, y: 0, width: 9, height: 5),
            items: [.shape(DrawShape(id: 1, kind: .rect, frame: DrawRect(x: 2, y: 1, width: 3, height: 2), fill: .color(0x00FF_00FF)))])
        // 0x33 · 0x80: 0.2 · (128 / 255) · 65535 = 6579.2, 6579 >> 8 = 0x19; 0x66 → 13158 >> 8 = 0x33; 0x99 → 19738 >> 8 = 0x4D.
        let cases: [(String?, UInt32)] = [
            (nil, 0), ("#ffffff", 0xFFFF_FFFF), ("#123456", 0xFF12_3456), ("#000000", 0xFF00_0000), ("#33669980", 0x8019_334D),
        ]
        for (css, word) in cases {
            canvas.clear(to: css)
            XCTAssertEqual(Set(try words(canvas)), [word], css ?? "transparent")
            try canvas.draw(ink, fonts: nil)
            XCTAssertEqual(Set(try words(canvas)), [word, 0xFF00_FF00], css ?? "transparent")
            canvas.clear(to: css)
            XCTAssertEqual(Set(try words(canvas)), [word], "\(css ?? "transparent"), after a draw")
        }
    }

    /// Pixels written by other hands, or by cairo through the canvas's own
    /// context, are not known to the canvas: the next clear clears them all.
    func testAClearAfterPixelsWrittenElsewhereClearsEveryPixel() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        var style = PictureStyle(appearance: .light)
        style.fonts = fonts
        let picture = try makePicture(for: instance, proposedWidth: nil, style: style)
        let canvas = try PixelCanvas(for: picture, scale: 2)
        let list = try picture.displayList(of: instance, at: 1)
        let expected = try {
            let fresh = try PixelCanvas(for: picture, scale: 2)
            try picture.draw(list, on: fresh, ground: .canvas)
            return try words(fresh)
        }()
        try picture.draw(list, on: canvas, ground: .canvas)
        // A red pixel in a corner, far from the ink.
        try canvas.withPixels { pixels, _ in (pixels[0], pixels[1], pixels[2], pixels[3]) = (0, 0, 255, 255) }
        try picture.draw(list, on: canvas, ground: .canvas)
        XCTAssertEqual(try words(canvas), expected, "written by hand")

        let cairo = try Cairo.shared.get()
        let context = canvas.context
        cairo.identityMatrix(context)
        cairo.rectangle(context, 0, 0, 3, 3)
        cairo.setSourceRGBA(context, 1, 0, 0, 1)
        cairo.fill(context)
        try picture.draw(list, on: canvas, ground: .canvas)
        XCTAssertEqual(try words(canvas), expected, "drawn through the canvas's context")

        // Another ground: every pixel changes.
        style.background = "#102030"
        let dark = try makePicture(for: instance, proposedWidth: nil, style: style)
        try dark.draw(list, on: canvas, ground: .canvas)
        XCTAssertEqual(try words(canvas)[0], 0xFF10_2030)
    }
}
