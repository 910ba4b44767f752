import BundledPlugins
import EffectHost
import EffectRender
import Foundation
import XCTest

/// What a render decides for every front end (the command line and
/// effect_host.h map onto it): the ground each target gets in each
/// appearance, a one-look plugin's light look, the notes, how text is
/// written, and the limits. The strike's 0.32 s is the seed's timing.
final class RenderPlanTests: XCTestCase {
    private func plan(_ target: RenderTarget, _ request: (RenderTarget) -> RenderRequest = { RenderRequest(target: $0) }) throws -> RenderPlan {
        try RenderPlan(request(target), instance: try bundledInstance("libStrike.so", "strikethrough-reveal"), lastEvent: 0)
    }

    private func conflict(_ request: RenderRequest) -> RenderConflict? {
        do {
            try request.check()
            return nil
        } catch {
            return error
        }
    }

    /// Light ink on nothing where the format keeps alpha (a viewer's own
    /// ground shows), the window colour where it does not, and the dark
    /// look's light ink never on nothing.
    func testEachTargetGetsItsGroundInEachAppearance() throws {
        let targets: [RenderTarget] = [
            .pngStill("a.png"), .pngFrames("d/"), .movie("a.webm", .webm), .movie("a.apng", .apng), .svgStill("a.svg"), .svgFrames("d/"),
            .page("a.html"), .movie("a.gif", .gif), .movie("a.mp4", .mp4),
        ]
        let light = try targets.map { try plan($0).ground }
        XCTAssertEqual(light, [nil, nil, nil, nil, "#ffffff", "#ffffff", "#ffffff", "#ffffff", "#ffffff"])
        let dark = try targets.map { try plan($0) { RenderRequest(target: $0, appearance: .dark) }.ground }
        XCTAssertEqual(dark, Array(repeating: "#000000", count: targets.count))
        // A ground asked for is kept, whatever the target.
        XCTAssertEqual(try plan(.pngStill("a.png")) { RenderRequest(target: $0, ground: .color("#ff000080")) }.ground, "#ff000080")
        XCTAssertNil(try plan(.svgStill("a.svg")) { RenderRequest(target: $0, ground: .transparent) }.ground)
        XCTAssertEqual(try plan(.movie("a.gif", .gif)) { RenderRequest(target: $0, appearance: .dark) }.appearance, .dark)
    }

    /// GIF's one transparent index keeps faint ink opaque: said when a GIF's
    /// ground is none, and never for WebM, which keeps alpha.
    func testATransparentGIFIsNoted() throws {
        let gif = try plan(.movie("a.gif", .gif)) { RenderRequest(target: $0, ground: .transparent) }
        XCTAssertEqual(gif.notes, [.gifAlpha])
        XCTAssertEqual(gif.notes.map(\.message), ["GIF has one transparent colour and no partial alpha: faint ink becomes opaque"])
        XCTAssertEqual(try plan(.movie("a.gif", .gif)).notes, [])
        XCTAssertEqual(try plan(.movie("a.webm", .webm)) { RenderRequest(target: $0, ground: .transparent) }.notes, [])
    }

    /// MP4 has no alpha: refused for none or a colour below FF, and its
    /// default ground is opaque in both appearances.
    func testMP4RefusesAGroundThatIsNotOpaque() {
        let mp4 = RenderTarget.movie("a.mp4", .mp4)
        XCTAssertEqual(conflict(RenderRequest(target: mp4, ground: .color("#000000cc"))), .mp4HasNoAlpha)
        XCTAssertNil(conflict(RenderRequest(target: mp4, ground: .color("#000000"))))
        XCTAssertNil(conflict(RenderRequest(target: mp4, appearance: .dark)))
        XCTAssertNil(conflict(RenderRequest(target: mp4)))
    }

    /// A plugin of ABI 1.2 draws its light look only: asked for dark, it is
    /// drawn light on the light look's ground (none for PNG, white for GIF),
    /// and the plan says so once, naming the file.
    func testAOneLookPluginIsDrawnLightAndSaysSo() throws {
        let directory = try temporaryDirectory()
        let library = try compiledTestPlugin("libDraws12.so", in: directory, defines: ["ABI_1_2"])
        let plugin = try Plugin.load(path: library)
        let instance = try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "test-ramp")))
        let gif = try RenderPlan(RenderRequest(target: .movie("a.gif", .gif), appearance: .dark), instance: instance, lastEvent: 0)
        XCTAssertEqual(gif.appearance, .light)
        XCTAssertEqual(gif.ground, "#ffffff")
        XCTAssertEqual(gif.notes, [.oneLook(file: "libDraws12.so", abiMinor: 2)])
        XCTAssertEqual(gif.notes.first?.message, "libDraws12.so is an ABI 1.2 plugin with one look; drawing it on the light ground")
        let png = try RenderPlan(RenderRequest(target: .pngStill("a.png"), appearance: .dark), instance: instance, lastEvent: 0)
        XCTAssertNil(png.ground)
        // Asked for light, there is nothing to say.
        XCTAssertEqual(try RenderPlan(RenderRequest(target: .pngStill("a.png")), instance: instance, lastEvent: 0).notes, [])
    }

    /// SVG keeps text unless asked for outlines; pixels draw outlines; the
    /// reference metrics have no glyphs: outlines asked for are refused,
    /// and pixels of their text are noted.
    func testTextIsWrittenAsTheTargetAndTheFontsAllow() throws {
        let fonts = try FontBook(.family("DejaVu Sans"))
        func form(_ target: RenderTarget, _ text: TextForm?, _ fonts: FontBook?) throws -> String {
            let (style, note) = try plan(target) { RenderRequest(target: $0, text: text) }.textStyle(fonts: fonts)
            let written =
                switch style {
                case let .text(family): "text \(family ?? "sans-serif")"
                case .outlines: "outlines"
                }
            return written + (note.map { " (\($0.message))" } ?? "")
        }
        let svg = RenderTarget.svgStill("a.svg")
        let png = RenderTarget.pngStill("a.png")
        XCTAssertEqual(try form(svg, nil, fonts), "text DejaVu Sans")
        XCTAssertEqual(try form(svg, .text, fonts), "text DejaVu Sans")
        XCTAssertEqual(try form(svg, .outlines, fonts), "outlines")
        XCTAssertEqual(try form(svg, .outlinesWhereShaped, fonts), "outlines")
        XCTAssertEqual(try form(.page("a.html"), .outlinesWhereShaped, fonts), "outlines")
        XCTAssertEqual(try form(png, nil, fonts), "outlines")
        XCTAssertEqual(try form(svg, nil, nil), "text sans-serif")
        XCTAssertEqual(try form(svg, .outlinesWhereShaped, nil), "text sans-serif")
        XCTAssertEqual(
            try form(png, nil, nil),
            "text sans-serif (text is drawn in cairo's own sans-serif, stretched to the reference metrics' widths; with no fallback font, characters it lacks draw as boxes)"
        )
        XCTAssertThrowsError(try form(svg, .outlines, nil)) { XCTAssertEqual($0 as? RenderConflict, .outlinesNeedShapedFont) }
        XCTAssertThrowsError(try form(png, .outlines, nil)) { XCTAssertEqual($0 as? RenderConflict, .outlinesNeedShapedFont) }
    }

    /// The rates, lengths and moments of `TimeLimits`, and the scales and
    /// widths of `PictureLimits` (0.1 to 8192 pixels a point, 10 to 10000
    /// points), the ends taken.
    func testLimitsAreRefusedWithTheirFigures() {
        let gif = RenderTarget.movie("a.gif", .gif)
        let still = RenderTarget.pngStill("a.png")
        XCTAssertEqual(conflict(RenderRequest(target: gif, fps: 0.05)), .outOfLimits(.frameRate(0.05)))
        XCTAssertEqual(conflict(RenderRequest(target: .svgFrames("d/"), fps: 1001)), .outOfLimits(.frameRate(1001)))
        XCTAssertNil(conflict(RenderRequest(target: .svgFrames("d/"), fps: 1000)))
        XCTAssertEqual(conflict(RenderRequest(target: gif, duration: -1)), .outOfLimits(.duration(-1)))
        XCTAssertEqual(conflict(RenderRequest(target: gif, duration: 2e9)), .outOfLimits(.duration(2e9)))
        XCTAssertEqual(conflict(RenderRequest(target: still, time: 2e9)), .outOfLimits(.moment(2e9)))
        XCTAssertNil(conflict(RenderRequest(target: still, time: 1e9)))
        XCTAssertEqual(conflict(RenderRequest(target: still, scale: -1)), .outOfPictureLimits(.scale(-1)))
        XCTAssertEqual(conflict(RenderRequest(target: still, scale: .infinity)), .outOfPictureLimits(.scale(.infinity)))
        XCTAssertEqual(conflict(RenderRequest(target: still, scale: 0.05)), .outOfPictureLimits(.scale(0.05)))
        XCTAssertEqual(conflict(RenderRequest(target: still, scale: 8193)), .outOfPictureLimits(.scale(8193)))
        XCTAssertNil(conflict(RenderRequest(target: still, scale: 0.1)))
        XCTAssertNil(conflict(RenderRequest(target: still, scale: 8192)))
        XCTAssertEqual(conflict(RenderRequest(target: still, proposedWidth: 9.5)), .outOfPictureLimits(.proposedWidth(9.5)))
        XCTAssertEqual(conflict(RenderRequest(target: still, proposedWidth: 10001)), .outOfPictureLimits(.proposedWidth(10001)))
        XCTAssertEqual(conflict(RenderRequest(target: still, proposedWidth: .nan))?.message.hasSuffix("points, not nan"), true)
        XCTAssertNil(conflict(RenderRequest(target: still, proposedWidth: 10)))
        XCTAssertNil(conflict(RenderRequest(target: still, proposedWidth: 10000)))
        XCTAssertEqual(RenderConflict.outOfPictureLimits(.scale(0.05)).message, "a scale is 0.1 to 8192 pixels a point, not 0.05")
        XCTAssertEqual(
            RenderConflict.outOfPictureLimits(.proposedWidth(5)).message, "a width offered to the view is 10 to 10000 points, not 5.0")
        XCTAssertEqual(RenderConflict.outOfLimits(.frameRate(2000)).message, "fps must be 0.1 to 1000, not 2000.0")
        XCTAssertEqual(RenderConflict.outOfLimits(.duration(-1)).message, "a duration is 0 (the effect's span) to 1e9 seconds, not -1.0")
        XCTAssertEqual(RenderConflict.outOfLimits(.moment(2e9)).message, "a still's time must be finite, 0 to 1e9 seconds, not 2000000000.0")
    }

    /// A ground written as text: none, or a colour in the one grammar, as CSS.
    func testAGroundWrittenAsTextIsNoneOrAColour() {
        XCTAssertEqual(GroundChoice(text: "transparent"), .transparent)
        XCTAssertEqual(GroundChoice(text: "none"), .transparent)
        XCTAssertEqual(GroundChoice(text: "#FFF000"), .color("#fff000"))
        XCTAssertEqual(GroundChoice(text: "#FFF000FF"), .color("#fff000"))
        XCTAssertEqual(GroundChoice(text: "0x11223380"), .color("#11223380"))
        XCTAssertNil(GroundChoice(text: "\u{FF26}\u{FF26}\u{FF26}\u{FF26}\u{FF26}\u{FF26}"))
        XCTAssertNil(GroundChoice(text: "+12345"))
        // The renderers read the same grammar.
        XCTAssertNil(PixelCanvas.rgba("+12345"))
        XCTAssertEqual(PixelCanvas.rgba("#11223380"), 0x1122_3380)
    }

    /// A path names its target, or says why it names none.
    func testAPathNamesItsTargetOrTheReasonNone() throws {
        XCTAssertEqual(try RenderTarget(path: "out/", frames: .png), .pngFrames("out/"))
        XCTAssertEqual(try RenderTarget(path: "a.webm", frames: nil), .movie("a.webm", .webm))
        XCTAssertThrowsError(try RenderTarget(path: "a.png", frames: .png)) {
            XCTAssertEqual($0 as? RenderConflict, .framesNeedDirectory("a.png", .png))
            XCTAssertEqual(($0 as? RenderConflict)?.message, "PNG frames go into a directory, and a.png is a file")
        }
        XCTAssertThrowsError(try RenderTarget(path: "a.doc", frames: nil)) {
            XCTAssertEqual($0 as? RenderConflict, .unknownFormat(suffix: "doc"))
            XCTAssertEqual(
                ($0 as? RenderConflict)?.message,
                "cannot write .doc files: a path is a directory (ending in /, existing, or with no extension), or ends in .svg, .png, .html, .gif, .mp4, .webm or .apng"
            )
        }
    }

    /// At 30 fps the strike's 0.32 s takes frames 0 to 10 (10/30 s is the
    /// first at or after its end), and a page names them, the rate and the plugin.
    func testThePlanHoldsTheFramesAndAPageNamesThem() throws {
        let gif = try plan(.movie("a.gif", .gif))
        XCTAssertEqual(gif.start, 0)
        XCTAssertEqual(gif.lastFrame, 10)
        XCTAssertEqual(gif.frameCount, 11)
        XCTAssertEqual(
            try plan(.page("a.html")).pageSubtitle(described: ["text=Hi"]),
            "Strikethrough Reveal: 11 frames sampled at 30 fps from libStrike.so; text=Hi")
        XCTAssertEqual(try plan(.page("a.html")) { RenderRequest(target: $0, fps: 12.5) }.pageSubtitle(), "Strikethrough Reveal: 5 frames sampled at 12.5 fps from libStrike.so")
    }

    private func temporaryDirectory() throws -> String {
        let directory = try temporaryTestDirectory("render-plan")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }
}
