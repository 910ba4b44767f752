import EffectHost
import EffectRender
import XCTest

/// The rule effect_host_picture_changed answers by: frames compared by
/// their display lists, every field of every item, exactly.
final class PictureChangedTests: XCTestCase {
    private func list(_ items: [DrawItem]) -> DisplayList {
        DisplayList(width: 10, height: 10, bounds: DrawRect(x: 0, y: 0, width: 10, height: 10), items: items)
    }

    private let clip = DrawClip(shape: .roundedRect, rect: DrawRect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 1)
    private let stops: [(offset: Double, color: UInt32)] = [(0, 0x20D9_D2FF), (1, 0x0CE8_FFFF)]

    private func group(
        anchorX: Double = 1, translateX: Double = 2, scaleY: Double = 1, rotation: Double = 10, opacity: Double = 0.5,
        blur: Double = 0, saturation: Double = 1, clip: DrawClip? = nil
    ) -> DrawItem {
        .group(
            DrawGroup(
                id: 1, transform: DrawTransform(anchorX: anchorX, translateX: translateX, scaleY: scaleY, rotation: rotation),
                opacity: opacity, blur: blur, saturation: saturation, clip: clip ?? self.clip))
    }

    private func shape(
        kind: DrawShapeKind = .path, trimEnd: Double = 0.5, fill: DrawPaint? = nil, strokeWidth: Double = 2,
        cap: DrawCap = .round, segments: [DrawSegment]? = nil
    ) -> DrawItem {
        .shape(
            DrawShape(
                id: 2, kind: kind, trimEnd: trimEnd, fill: fill ?? .linearGradient(x0: 0, y0: 0, x1: 1, y1: 1, stops: stops),
                stroke: DrawStroke(color: 0x8A8F_98FF, width: strokeWidth, cap: cap, join: .round),
                segments: segments ?? [.move(x: 1, y: 8), .line(x: 6, y: 13), .cubic(x: 15, y: 2, x1: 8, y1: 8, x2: 12, y2: 4), .close]))
    }

    private func text(_ string: String = "Ship", x: Double = 26, advance: Double = 40, color: UInt32 = 0x1D1D_1FFF) -> DrawItem {
        .text(DrawText(id: 4, text: string, x: x, y: 20, size: 20, weight: 500, advance: advance, ascent: 19, descent: 5, color: color))
    }

    private func frame(_ group: DrawItem? = nil, _ shape: DrawItem? = nil, _ text: DrawItem? = nil) -> DisplayList {
        list([group ?? self.group(), shape ?? self.shape(), text ?? self.text(), .endGroup(id: 1)])
    }

    func testTheSameItemsDrawTheSame() {
        XCTAssertTrue(frame().drawsTheSame(as: frame()))
        // The list's own frame is not drawn: only its items are.
        let wider = DisplayList(width: 99, height: 10, bounds: DrawRect(x: -5, y: 0, width: 99, height: 10), items: frame().items)
        XCTAssertTrue(wider.drawsTheSame(as: frame()))
    }

    func testAnyOneFieldOtherwiseDrawsOtherwise() {
        let variants: [(String, DisplayList)] = [
            ("anchor", frame(group(anchorX: 1.5))), ("translate", frame(group(translateX: 2 + 1e-12))),
            ("scale", frame(group(scaleY: 0.985))), ("rotation", frame(group(rotation: 11))), ("opacity", frame(group(opacity: 0.25))),
            ("blur", frame(group(blur: 8))), ("saturation", frame(group(saturation: 0.15))),
            ("clip corner", frame(group(clip: DrawClip(shape: .roundedRect, rect: clip.rect, cornerRadius: 2)))),
            ("clip shape", frame(group(clip: DrawClip(shape: .rect, rect: clip.rect, cornerRadius: 1)))),
            ("kind", frame(nil, shape(kind: .rect))), ("trim", frame(nil, shape(trimEnd: 0.51))),
            ("fill colour", frame(nil, shape(fill: .color(0x20D9_D2FF)))),
            ("gradient stop", frame(nil, shape(fill: .linearGradient(x0: 0, y0: 0, x1: 1, y1: 1, stops: [(0, 0x20D9_D2FF), (0.9, 0x0CE8_FFFF)])))),
            ("stroke width", frame(nil, shape(strokeWidth: 2.4))), ("cap", frame(nil, shape(cap: .butt))),
            ("segment", frame(nil, shape(segments: [.move(x: 1, y: 8), .line(x: 6, y: 13), .cubic(x: 15, y: 2, x1: 8, y1: 8, x2: 12, y2: 5), .close]))),
            ("segments", frame(nil, shape(segments: [.move(x: 1, y: 8), .line(x: 6, y: 13)]))),
            ("text", frame(nil, nil, text("Shop"))), ("text x", frame(nil, nil, text(x: 26.5))),
            ("advance", frame(nil, nil, text(advance: 41))), ("text colour", frame(nil, nil, text(color: 0x1D1D_1F80))),
            ("one item fewer", list(Array(frame().items.dropLast()))),
        ]
        for (name, variant) in variants {
            XCTAssertFalse(variant.drawsTheSame(as: frame()), name)
            XCTAssertFalse(frame().drawsTheSame(as: variant), name)
        }
    }

    func testTextIsComparedByItsBytesNotAsEquivalentStrings() {
        // Swift's == holds these canonically equivalent strings equal; a
        // font may shape the precomposed é and e + U+0301 differently.
        let (precomposed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        XCTAssertEqual(precomposed, decomposed)
        XCTAssertFalse(frame(nil, nil, text(precomposed)).drawsTheSame(as: frame(nil, nil, text(decomposed))))
    }

    func testNumbersAreComparedBitForBit() {
        XCTAssertEqual(0.0, -0.0)
        XCTAssertFalse(frame(group(translateX: 0)).drawsTheSame(as: frame(group(translateX: -0.0))))
    }

    func testTheLastDrawnListIsWhatAFrameIsComparedWith() {
        var last = LastDrawn()
        XCTAssertTrue(last.wouldChange(to: frame()), "before any draw")
        last.remember(frame())
        XCTAssertFalse(last.wouldChange(to: frame()))
        XCTAssertTrue(last.wouldChange(to: frame(nil, nil, text("Shop"))))
        last.forget()
        XCTAssertTrue(last.wouldChange(to: frame()), "after a draw that failed")
    }
}
