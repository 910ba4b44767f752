import BundledPlugins
import EffectHost
import EffectRender
import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The files a render writes through the library (`RenderPlan`,
/// `RenderJob`): an HTML page that needs nothing fetched and holds the SVG
/// frames themselves, a frame directory where only older frames are
/// replaced, the dark appearance drawn on black (and a one-look plugin's
/// light ground kept), and the plugin named by its file. Moved from
/// EffectHostTests' RenderTests, ThemeTests and HumanTextTests, which
/// started `effect-host render` for them; `--theme`'s refusal and the
/// lines render prints stay there.
final class RenderedFilesTests: XCTestCase {
    func testHTMLPageIsSelfContainedAndHoldsTheSameFrames() throws {
        let directory = try scratchDirectory()
        let page = directory + "/strike.html"
        try LibraryRender.run(RenderRequest(target: .page(page), fps: 30), LibraryRender.instance("strikethrough-reveal"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        // Nothing to fetch: the only URL is the SVG namespace.
        XCTAssertEqual(html.components(separatedBy: "http").count - 1, html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1)
        for forbidden in ["src=", "<link", "@import", "url(http", "fetch(", "XMLHttpRequest"] {
            XCTAssertFalse(html.contains(forbidden), forbidden)
        }
        let start = try XCTUnwrap(html.range(of: "<script id=\"frames\" type=\"application/json\">"))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let frames = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String])
        let files = try renderSVGFrames("strikethrough-reveal", fps: 30, expecting: 11)
        XCTAssertEqual(frames.count, 11)
        for (json, file) in zip(frames, files) {
            XCTAssertEqual(try XMLDocument(xmlString: json, options: []).xmlString, file.xmlString)
        }
        XCTAssertFalse(html.contains("id=\"loop\" type=\"checkbox\" checked"), "strike ends, so Loop starts off")
        let loops = directory + "/breathe.html"
        try LibraryRender.run(RenderRequest(target: .page(loops), fps: 5), LibraryRender.instance("tracking-breathe"))
        XCTAssertTrue(try String(contentsOfFile: loops, encoding: .utf8).contains("id=\"loop\" type=\"checkbox\" checked"))
    }

    func testRenderingIntoADirectoryReplacesOldFramesOnly() throws {
        let directory = try scratchDirectory() + "/frames"
        try LibraryRender.run(RenderRequest(target: .svgFrames(directory), fps: 30), LibraryRender.instance("strikethrough-reveal"))
        for name in ["notes.txt", "frame-keep.svg"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data("x".utf8)))
        }
        try LibraryRender.run(RenderRequest(target: .svgFrames(directory), fps: 2), LibraryRender.instance("strikethrough-reveal"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted(),
            ["frame-00000.svg", "frame-00001.svg", "frame-keep.svg", "notes.txt"])
    }

    /// The dark look (ink #f5f5f7, the seed's) on its default ground, black.
    func testRenderDrawsTheDarkAppearanceOnBlack() throws {
        let frames = try renderSVGFrames(
            LibraryRender.instance("strikethrough-reveal"), fps: 30, duration: 0.5, appearance: .dark, expecting: 16)
        let svg = try XCTUnwrap(frames.first).xmlString
        XCTAssertNotNil(svg.firstMatch(of: /<rect [^>]*fill="#000000"/), svg)
        XCTAssertNotNil(svg.firstMatch(of: /<text [^>]*fill="#f5f5f7"/), svg)
    }

    /// A page is shared: it names the plugin by its file, never by the
    /// build's path. Moved from EffectHostTests' HumanTextTests.
    func testThePageNamesThePluginByFileName() throws {
        let page = try scratchDirectory() + "/page.html"
        try LibraryRender.run(RenderRequest(target: .page(page), fps: 10), LibraryRender.instance("strikethrough-reveal"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.contains("fps from libStrike.so"), "named")
        XCTAssertFalse(html.contains(bundledPluginDirectory()), "without the build's path")
    }

    /// A plugin of ABI 1.2 has its light look only: asked for dark, its
    /// frame is drawn on the light look's ground, white, and the plan says
    /// so. Moved from EffectHostTests' ThemeTests, which keeps the line
    /// render prints for the note.
    func testAOneLookPluginsFrameKeepsTheLightGround() throws {
        let directory = try scratchDirectory()
        let plugin = try Plugin.load(path: compiledTestPlugin("libDraws12.so", in: directory, defines: ["ABI_1_2"]))
        let instance = try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "test-ramp")))
        let plan = try RenderPlan(
            RenderRequest(target: .svgFrames(directory + "/out"), duration: 0.1, appearance: .dark), instance: instance, lastEvent: 0)
        XCTAssertEqual(plan.notes, [.oneLook(file: "libDraws12.so", abiMinor: 2)])
        let (job, _) = try plan.job(fonts: nil)
        job.hearsStopSignals = false
        XCTAssertNil(try job.run().signal)
        let svg = try String(contentsOfFile: directory + "/out/frame-00000.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("fill=\"#ffffff\""), svg)
    }
}
