import BundledPlugins
import EffectHost
@testable import EffectRender
import XCTest

/// Making a picture draws its first frame once into a single pixel, so
/// that a real-time host's first frame does not pay for what any first
/// frame pays (cairo's and FreeType's first calls, the glyph masks'
/// tables, colour glyphs' pictures).
final class PictureRehearsalTests: XCTestCase {
    private let fonts = try! FontBook(.family("Inter"))

    /// Whether the picture's text, a run no other test draws, was drawn
    /// before and after the picture was made.
    private func drawn(_ library: String, _ id: String, text: String) throws -> (before: Bool, after: Bool) {
        let instance = try bundledInstance(library, id, [("text", .string(text))])
        let before = GlyphMasks.shared.hasDrawn(text)
        var style = PictureStyle(appearance: .light)
        style.fonts = fonts
        _ = try makePicture(for: instance, proposedWidth: nil, style: style)
        return (before, GlyphMasks.shared.hasDrawn(text))
    }

    func testMakingAPictureDrawsItsFirstFramesText() throws {
        let drawn = try drawn("libStrike.so", "strikethrough-reveal", text: "Rehearsed by the strike")
        XCTAssertFalse(drawn.before)
        XCTAssertTrue(drawn.after)
    }

    /// tracking-breathe's text fades in from nothing: at t = 0 its group
    /// is unseen, and it is drawn all the same.
    func testTextUnseenInTheFirstFrameIsDrawnToo() throws {
        // In capitals, as the effect draws it.
        let text = "REHEARSED UNSEEN"
        let first = try bundledInstance("libBreathe.so", "tracking-breathe", [("text", .string(text))])
            .draw(at: 0, width: nil, measurer: nil, appearance: .light)
        let opacities = first.items.compactMap { item -> Double? in
            if case let .group(group) = item { return group.opacity }
            return nil
        }
        XCTAssertEqual(opacities.min(), 0)
        let drawn = try drawn("libBreathe.so", "tracking-breathe", text: text)
        XCTAssertFalse(drawn.before)
        XCTAssertTrue(drawn.after)
    }
}
