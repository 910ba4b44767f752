import BundledPlugins
import EffectHost
import EffectRender
import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Renders through the library as any front end does (an instance, a
/// `RenderRequest`, its `RenderPlan`, the plan's `RenderJob`), with no
/// effect-host process.
enum LibraryRender {
    /// The plugin SwiftPM builds for each of the package's effects.
    static func library(of id: String) -> String {
        switch id {
        case "strikethrough-reveal": "libStrike.so"
        case "text-reveal": "libReveal.so"
        default: "libBreathe.so"
        }
    }

    /// The built plugin of effect `id`.
    static func pluginPath(_ id: String) -> String { bundledPluginDirectory() + "/" + library(of: id) }

    /// An instance of one of the package's effects, its params given as
    /// NAME=VALUE text read by the library's one grammar (`InstanceRecipe`).
    static func instance(_ id: String, params: [String] = []) throws -> EffectInstance {
        let plugin = try Plugin.load(path: pluginPath(id))
        let effect = try XCTUnwrap(plugin.effect(id: id))
        let values = try params.map { text in
            let (name, value) = try InstanceRecipe.assignment(text)
            return (name, try InstanceRecipe.value(value, for: name, of: effect))
        }
        return try plugin.instantiate(effect, params: values)
    }

    /// Frames an effect plays by itself at `fps` (`RunLength`, the rule
    /// every front end frames an effect by).
    static func frameCount(_ instance: EffectInstance, fps: Double) throws -> Int {
        try RunLength.lastFrame(of: instance, fps: fps, duration: nil, lastEvent: 0, limit: RunLength.maxFrames) + 1
    }

    /// Writes `request`'s frames with the reference metrics (no fonts: the
    /// geometry the tests work out is theirs); fails the test on a note,
    /// which none of these renders has.
    @discardableResult
    static func run(_ request: RenderRequest, _ instance: EffectInstance, file: StaticString = #filePath, line: UInt = #line) throws
        -> RenderSummary
    {
        let plan = try RenderPlan(request, instance: instance, lastEvent: 0)
        let (job, notes) = try plan.job(fonts: nil)
        XCTAssertEqual(plan.notes + notes, [], file: file, line: line)
        // The test process keeps its own signals.
        job.hearsStopSignals = false
        let summary = try job.run()
        XCTAssertNil(summary.signal, file: file, line: line)
        XCTAssertEqual(summary.frames, plan.frameCount, file: file, line: line)
        return summary
    }
}

extension XCTestCase {
    /// A fresh directory, removed when the test ends.
    func scratchDirectory() throws -> String {
        let directory = try temporaryTestDirectory("render-tests")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    /// Renders `instance`'s SVG frames into a fresh directory and returns
    /// each parsed, in order; there must be `count` of them.
    func renderSVGFrames(
        _ instance: EffectInstance, fps: Double, duration: Double? = nil, appearance: Appearance = .light, expecting count: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [XMLDocument] {
        let directory = try scratchDirectory() + "/frames"
        try LibraryRender.run(
            RenderRequest(target: .svgFrames(directory), fps: fps, duration: duration, appearance: appearance), instance, file: file,
            line: line)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertEqual(names, (0..<count).map { String(format: "frame-%05d.svg", $0) }, file: file, line: line)
        return try names.map { name in
            try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)), options: [])
        }
    }

    /// `renderSVGFrames` of a new instance of effect `id` with `params`.
    func renderSVGFrames(
        _ id: String, params: [String] = [], fps: Double, duration: Double? = nil, expecting count: Int, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> [XMLDocument] {
        try renderSVGFrames(
            LibraryRender.instance(id, params: params), fps: fps, duration: duration, expecting: count, file: file, line: line)
    }
}
