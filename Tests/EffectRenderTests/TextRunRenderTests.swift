import BundledPlugins
import EffectHost
import EffectRender
import Foundation
import XCTest

/// A rendered picture of an ABI 1.6 text run: test_plugin.c's label
/// "rampé up" drawn as its first 6 bytes is the text "rampé" in the SVG,
/// fitted to the advance the plugin measured for that run.
final class TextRunRenderTests: XCTestCase {
    func testAnSVGFrameHoldsTheRunNotTheWholeString() throws {
        let directory = try scratchDirectory()
        let plugin = try Plugin.load(path: compiledTestPlugin("libRun.so", in: directory, defines: ["TEXT_LENGTH=6"]))
        let instance = try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "test-ramp")))
        let plan = try RenderPlan(RenderRequest(target: .svgFrames(directory + "/out"), duration: 0.1), instance: instance, lastEvent: 0)
        let (job, _) = try plan.job(fonts: nil)
        job.hearsStopSignals = false
        XCTAssertNil(try job.run().signal)
        let svg = try String(contentsOfFile: directory + "/out/frame-00000.svg", encoding: .utf8)
        let texts = svg.components(separatedBy: "<text").dropFirst().map { $0.components(separatedBy: ">")[1].components(separatedBy: "<")[0] }
        XCTAssertEqual(texts, ["rampé"], svg)
        // The reference metrics of "rampé" at 12 pt (no fonts given): r 333, a 556, m 833, p 556, é 556 thousandths.
        XCTAssertTrue(svg.contains("textLength=\"34.008\""), svg)
    }
}
