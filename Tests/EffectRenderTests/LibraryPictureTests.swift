import BundledPlugins
import EffectHost
import EffectRender
import Foundation
import XCTest

/// A picture made through the rendering library alone, as any Swift host
/// would make it, with no effect-host process: the strike's settled frame
/// as pixels and as a PNG file, probed where the plugin drew its line.
final class LibraryPictureTests: XCTestCase {
    /// Where the seed's strike line sits in view coordinates: the capsule
    /// filled with lineColor (0.541, 0.561, 0.596), moved by its groups.
    private func lineCentre(_ list: DisplayList) throws -> (x: Double, y: Double) {
        var offsets: [(Double, Double)] = [(0, 0)]
        for item in list.items {
            switch item {
            case let .group(group):
                let t = group.transform
                XCTAssertTrue(t.scaleX == 1 && t.scaleY == 1 && t.rotation == 0, "the settled strike neither scales nor turns")
                let (x, y) = offsets[offsets.count - 1]
                offsets.append((x + t.translateX, y + t.translateY))
            case .endGroup: offsets.removeLast()
            case let .shape(shape) where shape.kind == .capsule:
                let (x, y) = offsets[offsets.count - 1]
                return (x + shape.frame.x + shape.frame.width / 2, y + shape.frame.y + shape.frame.height / 2)
            default: break
            }
        }
        XCTFail("the strike draws no capsule")
        throw CocoaError(.featureUnsupported)
    }

    /// A render's frame is its ground from edge to edge; a picture drawn
    /// for a caller's buffer paints its own box only.
    func testARendersGroundCoversTheWholeCanvas() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        var style = PictureStyle(appearance: .light)
        style.background = "#336699"
        let picture = try makePicture(for: instance, proposedWidth: 432, style: style)
        // Square, for a wide picture: bands above and below it.
        let canvas = try PixelCanvas(width: 200, height: 200)
        let list = try instance.draw(at: 1, width: 432, measurer: nil)
        func corners() throws -> [[Int]] {
            try canvas.withPixels { pixels, stride in
                [(0, 0), (199, 199)].map { x, y in (0..<4).map { Int(pixels[y * stride + x * 4 + $0]) } }
            }
        }
        try picture.draw(list, on: canvas, ground: .canvas)
        // cairo's BGRA: #336699, opaque.
        XCTAssertEqual(try corners(), [[0x99, 0x66, 0x33, 255], [0x99, 0x66, 0x33, 255]])
        try picture.draw(list, on: canvas)
        XCTAssertEqual(try corners(), [[0, 0, 0, 0], [0, 0, 0, 0]])
    }

    func testTheSettledStrikeAsPixelsAndAPNG() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let fonts = try FontBook(.family("DejaVu Sans"))
        var style = PictureStyle(appearance: .light)
        style.fonts = fonts
        style.text = .outlines(fonts)
        let picture = try makePicture(for: instance, proposedWidth: 432, style: style)
        let raster = try PixelCanvas(for: picture, scale: 2)
        XCTAssertEqual(raster.width, Int((picture.width * 2).rounded(.up)))
        try picture.draw(instance, at: 1, on: raster)

        let list = try instance.draw(at: 1, width: 432, measurer: fonts)
        let line = try lineCentre(list)
        // The picture's top-left is the list's bounds less the margin, rounded down.
        let origin = ((list.bounds.x - DisplayListSVG.margin).rounded(.down), (list.bounds.y - DisplayListSVG.margin).rounded(.down))
        let pixel = (Int((line.x - origin.0) * 2), Int((line.y - origin.1) * 2))
        try raster.withPixels { pixels, stride in
            func bgra(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(pixels[y * stride + x * 4 + $0]) } }
            let ink = bgra(pixel.0, pixel.1)
            // 0.541 · 255 = 138, 0.561 · 255 = 143, 0.596 · 255 = 152; cairo's BGRA order.
            for (channel, expected) in zip(ink, [152, 143, 138, 255]) { XCTAssertEqual(channel, expected, accuracy: 3, "ink \(ink)") }
            XCTAssertEqual(bgra(1, 1), [255, 255, 255, 255], "the margin is the light ground")
        }

        let path = NSTemporaryDirectory() + "library-picture-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try raster.writePNG(to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(bigEndian(16), raster.width, "IHDR width")
        XCTAssertEqual(bigEndian(20), raster.height, "IHDR height")
    }

    func testACanvasPastTheLargestSideIsRefusedAsTooLarge() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let picture = try makePicture(for: instance, proposedWidth: 432, style: PictureStyle())
        XCTAssertThrowsError(try PixelCanvas(for: picture, scale: 100)) {
            XCTAssertEqual(($0 as? RenderError)?.kind, .tooLarge)
        }
    }
}
