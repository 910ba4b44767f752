import EffectHost
import EffectRender
import XCTest

/// The renderers nest groups as DisplayListWalk does, lists a host built
/// included: opacity handed down or composited once, and a group the list
/// leaves open drawn as if closed at the end, with an end that closes
/// nothing passed over.
final class WalkedGroupsTests: XCTestCase {
    private let red: UInt32 = 0xFF00_00FF

    private func square(_ id: UInt32, _ x: Double, _ width: Double = 4) -> DrawItem {
        .shape(DrawShape(id: id, kind: .rect, frame: DrawRect(x: x, y: 0, width: width, height: 4), fill: .color(red)))
    }

    private func list(_ items: [DrawItem]) -> DisplayList {
        DisplayList(width: 8, height: 4, bounds: DrawRect(x: 0, y: 0, width: 8, height: 4), items: items)
    }

    /// The canvas's pixel at (x, y) as premultiplied [r, g, b, a].
    private func pixels(_ items: [DrawItem]) throws -> (Int, Int) -> [Int] {
        let canvas = try PixelCanvas(width: 8, height: 4)
        try canvas.draw(list(items), fonts: nil)
        let rows = try canvas.withPixels { data, stride in (0..<4).map { y in (0..<32).map { Int(data[y * stride + $0]) } } }
        return { x, y in [rows[y][x * 4 + 2], rows[y][x * 4 + 1], rows[y][x * 4], rows[y][x * 4 + 3]] }
    }

    func testNestedOpacityFadesOnePaintByTheProduct() throws {
        // 0.5 × 0.5 = 0.25 of red: 255 · 0.25 = 63.75, premultiplied.
        let pixel = try pixels([
            .group(DrawGroup(id: 1, opacity: 0.5)), .group(DrawGroup(id: 2, opacity: 0.5)), square(3, 0), .endGroup(id: 2), .endGroup(id: 1),
        ])
        XCTAssertEqual(Double(pixel(1, 1)[0]), 63.75, accuracy: 1)
        XCTAssertEqual(Double(pixel(1, 1)[3]), 63.75, accuracy: 1)
        XCTAssertEqual(pixel(6, 1), [0, 0, 0, 0])
    }

    func testAFadedGroupOfOverlappingPaintsIsCompositedOnce() throws {
        // Two squares overlapping on x 2...4 in a group at 0.5: the group's
        // layer is opaque red there, then faded once to 127.5; painted one
        // by one they would make 1 − 0.5 · 0.5 = 0.75 (191) where they overlap.
        let pixel = try pixels([.group(DrawGroup(id: 1, opacity: 0.5)), square(2, 0), square(3, 2), .endGroup(id: 1)])
        XCTAssertEqual(Double(pixel(3, 1)[3]), 127.5, accuracy: 1)
        XCTAssertEqual(Double(pixel(0, 1)[3]), 127.5, accuracy: 1)
        XCTAssertEqual(Double(pixel(5, 1)[3]), 127.5, accuracy: 1)
    }

    func testAGroupLeftOpenIsDrawnAndAStrayEndIsPassedOver() throws {
        // An end with nothing open, then a group moved right by 4 that the
        // list never closes: its square covers x 4...8, at half opacity.
        let pixel = try pixels([.endGroup(id: 7), .group(DrawGroup(id: 1, transform: DrawTransform(translateX: 4), opacity: 0.5)), square(2, 0)])
        XCTAssertEqual(Double(pixel(5, 1)[0]), 127.5, accuracy: 1)
        XCTAssertEqual(Double(pixel(5, 1)[3]), 127.5, accuracy: 1)
        XCTAssertEqual(pixel(1, 1), [0, 0, 0, 0])
    }

    func testSVGOfAListAHostLeftUnbalancedIsWellFormed() {
        // The stray end writes nothing; the two groups left open close at the end, innermost first.
        let svg = DisplayListSVG(bounds: DrawRect(x: 0, y: 0, width: 8, height: 4), background: nil)
        let document = svg.document(list([.endGroup(id: 9), .group(DrawGroup(id: 1)), .group(DrawGroup(id: 2)), square(3, 0)])).string
        let body = document[document.range(of: "<g")!.lowerBound...]
        XCTAssertTrue(
            body.hasPrefix("<g data-id=\"1\"><g data-id=\"2\"><rect x=\"0\" y=\"0\" width=\"4\" height=\"4\" data-id=\"3\" fill=\"#ff0000\"/></g></g></svg>"),
            document)
        XCTAssertFalse(document.contains("\"></g><g"), document)
    }
}
