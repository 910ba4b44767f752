import EffectHost
import EffectRender
import Foundation
import ReferenceMath
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// text-reveal's SVG frames as the rendering library writes them: units
/// rising under their masks, the highlight's block and ink wiping together,
/// the blur and soften presets, reduce motion and the measured rise, each
/// against the seed's springs and curves worked out here with the reference
/// metrics. Moved from EffectHostTests' RenderTests, which started
/// `effect-host render` for them.
final class TextRevealFramesTests: XCTestCase, SVGReading {
    // text-reveal's display-list ids (docs/effects.md), by chunk or unit.
    private let blockGroup: UInt32 = 0x100_0000, block: UInt32 = 0x200_0000, mask: UInt32 = 0x300_0000
    private let unitGroup: UInt32 = 0x400_0000, unitText: UInt32 = 0x500_0000, inkGroup: UInt32 = 0x600_0000
    private let inkText: UInt32 = 0x700_0000

    func testTextRevealUnitsRiseUnderTheirMasksAndTheHighlightWipes() throws {
        let frames = try revealFrames("highlights=calm glance", fps: 20)
        // 7 units, duration 0.8: stagger (0.8 − 0.5) / 6; each rises 1.05 h (1 − p) on spring(0.62).
        let stagger = 0.3 / 6
        let h = lineHeight(40)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 20
            for unit in 0..<7 {
                let elapsed = t - Double(unit) * stagger
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.62, bounce: 0, at: elapsed)
                let offset = try groupTransform(item(frame, unitGroup + UInt32(unit))).translate.y
                // The plugin ends a spring exactly at rest within 1e-3 of it, as SwiftUI does.
                XCTAssertEqual(offset, 1.05 * h * (1 - p), accuracy: 0.06, "unit \(unit) at t = \(t)")
            }
            for chunk in 0..<6 { XCTAssertNotNil(try clipRect(frame, of: item(frame, mask + UInt32(chunk))), "one mask per chunk") }
        }
        // At rest the block is whole and the ink copy uncovers the whole phrase.
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(try groupTransform(item(last, blockGroup + 5)).scale.x, 1, accuracy: 1e-6)
        let ink = try item(last, inkGroup + 5)
        XCTAssertEqual(ink?.stringValue, "calmglance.")
        XCTAssertGreaterThan(try number(clipRect(last, of: ink), "width"), 100)
    }

    /// Frames of text-reveal at `fps`, counted by `run`, which frames an

    func testHighlightBlockAndInkWipeTogether() throws {
        let frames = try revealFrames("highlights=calm glance", fps: 20)
        var wiping = 0
        let h = lineHeight(40)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 20
            let elapsed = t - (6 * 0.05 + 0.42)
            let s = elapsed <= 0 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
            let first = try item(frame, inkText + 5)
            let last = try item(frame, inkText + 6)
            let chunkX = try number(first, "x")
            let chunkWidth = try number(last, "x") + number(last, "textLength") - chunkX
            let pad = (0.16 * h).rounded()
            let block = try item(frame, block + 5)
            XCTAssertEqual(try number(block, "x"), chunkX - pad, accuracy: 1e-3)
            XCTAssertEqual(try number(block, "width"), chunkWidth + 2 * pad, accuracy: 2e-3)
            XCTAssertEqual(try number(block, "height"), 1.04 * h, accuracy: 1e-3)
            XCTAssertEqual(try number(block, "rx"), 0.24 * h, accuracy: 1e-3)
            XCTAssertEqual(try number(last, "y") - number(block, "y"), 0.952 * 40 + 0.01 * h, accuracy: 1e-3, "0.01 h above the chunk")
            XCTAssertEqual(block.flatMap { attr($0, "fill") }, "#ffd976")
            // The block grows from the chunk's leading edge, the ink is uncovered to s · w.
            let wipe = try groupTransform(item(frame, blockGroup + 5))
            XCTAssertEqual(wipe.scale.x, s, accuracy: 2e-3, "t = \(t)")
            XCTAssertEqual(wipe.scale.y, 1)
            if wipe.scale.x != 1 { XCTAssertEqual(wipe.anchor.x, chunkX, accuracy: 1e-3) }
            let clip = try clipRect(frame, of: item(frame, inkGroup + 5))
            XCTAssertEqual(try number(clip, "x"), chunkX, accuracy: 1e-3)
            XCTAssertEqual(try number(clip, "width"), chunkWidth * s, accuracy: 0.2, "t = \(t)")
            XCTAssertEqual(last.flatMap { attr($0, "fill") }, "#141414")
            if s > 0.001 && s < 0.999 { wiping += 1 }
        }
        XCTAssertGreaterThan(wiping, 3, "frames caught mid-wipe")
    }

    func testBlurAndSoftenPresets() throws {
        // blur: easeOut 0.55 s per unit; each unit blurred by 8 (1 − p), drawn with σ = radius / 2.
        let blurred = try revealFrames("preset=blur", fps: 10)
        for (index, frame) in blurred.enumerated() {
            let t = Double(index) / 10
            for unit in 0..<7 {
                let group = try item(frame, unitGroup + UInt32(unit))
                let p = Reference.easeOut(min(1, max(0, (t - Double(unit) * 0.05) / 0.55)))
                XCTAssertEqual(try number(group, "opacity", absent: 1), p, accuracy: 1e-5, "unit \(unit) at t = \(t)")
                let radius = 8 * (1 - p)
                let blur = try filter(frame, of: group, "feGaussianBlur")
                if radius > 0 {
                    XCTAssertEqual(try number(blur, "stdDeviation"), radius / 2, accuracy: 1e-5)
                } else {
                    XCTAssertNil(blur)
                }
                XCTAssertEqual(try groupTransform(group).translate.y, 0, "blur does not move")
            }
            XCTAssertTrue(try elements(frame, "clipPath").isEmpty, "no mask without the rise")
        }
        // soften: spring(0.5) per unit; scale 0.96 → 1 about the unit's bottom edge.
        let softened = try revealFrames("preset=soften", fps: 10)
        for (index, frame) in softened.enumerated() {
            let t = Double(index) / 10
            for unit in 0..<7 {
                let elapsed = t - Double(unit) * 0.05
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
                let transform = try groupTransform(item(frame, unitGroup + UInt32(unit)))
                // A spring is at rest within 1e-3 of it: 0.04 · 1e-3 of scale.
                XCTAssertEqual(transform.scale.x, 0.96 + 0.04 * p, accuracy: 5e-5, "unit \(unit) at t = \(t)")
                guard transform.scale.x != 1 else { continue }
                // The scale's fixed point is the unit's bottom: baseline + descent.
                let text = try item(frame, unitText + UInt32(unit))
                XCTAssertEqual(transform.anchor.y - (try number(text, "y")), 0.241 * 40, accuracy: 1e-3)
                XCTAssertEqual(transform.anchor.x, try number(text, "x") + number(text, "textLength") / 2, accuracy: 2e-3)
            }
        }
    }

    func testReduceMotionFadesUnitsAndHighlightInstead() throws {
        let frames = try revealFrames("reduce_motion=true", "highlights=calm glance", fps: 10)
        for (index, frame) in frames.enumerated() {
            let t = Double(index) / 10
            for unit in 0..<7 {
                // Every unit at once, easeOut 0.35 s, nothing moves.
                let group = try item(frame, unitGroup + UInt32(unit))
                XCTAssertEqual(try number(group, "opacity", absent: 1), Reference.easeOut(min(1, t / 0.35)), accuracy: 1e-5, "unit \(unit)")
                XCTAssertNil(group.flatMap { attr($0, "transform") })
            }
            // The block and the ink fade in (easeOut 0.3 s from 0.2 s), whole.
            let s = Reference.easeOut(min(1, max(0, (t - 0.2) / 0.3)))
            let blockGroup = try item(frame, blockGroup + 5)
            XCTAssertEqual(try number(blockGroup, "opacity", absent: 1), s, accuracy: 1e-5, "t = \(t)")
            XCTAssertNil(blockGroup.flatMap { attr($0, "transform") }, "no wipe")
            XCTAssertEqual(try number(item(frame, inkGroup + 5), "opacity", absent: 1), s, accuracy: 1e-5)
        }
    }

    /// A masked unit rises from 1.05 × its measured height, whatever
    /// `unit_height` says: that param is for renderers that do not measure.
    func testMaskedRiseUsesTheMeasuredHeight() throws {
        let frames = try revealFrames("unit_height=5", fps: 10)
        let h = lineHeight(40)
        for unit in 0..<7 {
            let transform = try groupTransform(item(frames[0], unitGroup + UInt32(unit)))
            XCTAssertEqual(transform.translate.x, 0)
            XCTAssertEqual(transform.translate.y, 1.05 * h, accuracy: 1e-3)
        }
        let maskRect = try clipRect(frames[0], of: item(frames[0], mask))
        let unitZero = try item(frames[0], unitText)
        XCTAssertEqual(try number(maskRect, "y") + number(maskRect, "height") - number(unitZero, "y"), 0.241 * 40, accuracy: 1e-3, "closed at the chunk's bottom")
    }

    /// text-reveal's frames at `fps` with `params`, as many as the effect
    /// plays by itself (`RunLength`, by which `run` frames it too).
    private func revealFrames(_ params: String..., fps: Double) throws -> [XMLDocument] {
        let instance = try LibraryRender.instance("text-reveal", params: params)
        return try renderSVGFrames(instance, fps: fps, expecting: try LibraryRender.frameCount(instance, fps: fps))
    }
}
