import BundledPlugins
@testable import EffectHost
import EffectExport
import XCTest

/// The sampled scene: its sample times worked out from the seed's
/// duration, each node holding what the plugin drew at each time, and the
/// refusals named, before any sample is taken when there would be too many.
final class SampledSceneTests: XCTestCase {
    func testSamplesTheStrikeAtEveryTenthAndItsEnd() throws {
        // The seed animates over duration = 320 ms and then rests.
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let scene = try SampledScene(instance, fps: 10, lastEvent: 0) { t in try instance.draw(at: t, width: 432) }
        XCTAssertEqual(scene.segments.count, 1)
        XCTAssertFalse(scene.segments[0].repeats)
        XCTAssertEqual(scene.segments[0].times, [0, 1.0 / 10, 2.0 / 10, 3.0 / 10, 0.32])
        // Every node holds, at every sample, the item the plugin drew then.
        for (k, t) in scene.segments[0].times.enumerated() {
            let drawn = try instance.draw(at: t, width: 432).items.filter { if case .endGroup = $0 { false } else { true } }
            let held = scene.nodes.compactMap { $0.samples[0][k] }
            XCTAssertEqual(held.count, drawn.count, "t = \(t)")
            for item in drawn {
                XCTAssertTrue(held.contains(item), "item \(item.id) at t = \(t)")
            }
        }
    }

    func testTooManySamplesAreRefusedBeforeAnyIsTaken() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        var drawn = 0
        // 0.32 s at 20,000 fps: 6,400 steps and the start.
        XCTAssertThrowsError(
            try SampledScene(instance, fps: 20_000, lastEvent: 0) { t in
                drawn += 1
                return try instance.draw(at: t, width: 432)
            }
        ) { error in
            XCTAssertEqual(
                error as? ExportError,
                .tooManySamples(effect: "strikethrough-reveal", samples: 6401, fps: 20_000, limit: SampledScene.maxSamples, seconds: 0.32))
            // 3,596 samples over 0.32 s: 11,237.5 a second, in tenths.
            XCTAssertEqual((error as? ExportError)?.fittingRate(lowest: 0.1), 11_237.5)
        }
        XCTAssertEqual(drawn, 0)
        // An event a billion seconds away is refused the same way, without allocating its samples.
        XCTAssertThrowsError(try SampledScene(instance, fps: 60, lastEvent: 1e9) { t in try instance.draw(at: t, width: 432) }) {
            XCTAssertEqual(($0 as? ExportError).map { if case .tooManySamples = $0 { true } else { false } }, true)
            XCTAssertNil(($0 as? ExportError)?.fittingRate(lowest: 0.1), "no rate of 0.1 or more fits a billion seconds")
        }
    }

    func testAnItemThatChangesGroupIsRefused() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let group = DrawGroup(
            id: 1,
            transform: DrawTransform(anchorX: 0, anchorY: 0, translateX: 0, translateY: 0, scaleX: 1, scaleY: 1, rotation: 0),
            opacity: 1, blur: 0, saturation: 1, clip: nil)
        let dot = DrawItem.shape(
            DrawShape(
                id: 5, kind: .ellipse, frame: DrawRect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0, trimStart: 0, trimEnd: 1,
                fill: .color(0x0000_00FF), stroke: nil, segments: []))
        let bounds = DrawRect(x: 0, y: 0, width: 4, height: 4)
        XCTAssertThrowsError(
            try SampledScene(instance, fps: 10, lastEvent: 0) { t in
                let items: [DrawItem] = t < 0.15 ? [.group(group), dot, .endGroup(id: 1)] : [.group(group), .endGroup(id: 1), dot]
                return DisplayList(width: 4, height: 4, bounds: bounds, maxItemCount: 3, items: items)
            }
        ) { error in
            XCTAssertEqual(
                (error as? ExportError)?.description,
                "cannot export: the ellipse (item 5) moves from one group to another at t = 0.2 s; an export animates one tree of elements")
        }
    }

    /// A refusal names the item as a reader sees it: a text by its first
    /// words (cut at 23 characters), with the plugin's id for it.
    func testARefusalNamesTheTextByItsWords() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let bounds = DrawRect(x: 0, y: 0, width: 40, height: 10)
        let scene = try SampledScene(instance, fps: 10, lastEvent: 0) { t in
            let words = t < 0.15 ? "a sentence long enough to be cut short" : "another"
            return DisplayList(
                width: 40, height: 10, bounds: bounds, maxItemCount: 1, items: [.text(DrawText(id: 9, text: words, x: 0, y: 8, size: 8, color: 0xFF))])
        }
        XCTAssertThrowsError(try WebElements(scene: scene, prefix: "p").elements()) { error in
            XCTAssertEqual(
                (error as? ExportError)?.description,
                "cannot export: the text \"a sentence long enough …\" (item 9) changes its words over time; CSS animates no text content")
        }
    }
}
