import Foundation
import ReferenceMath
import XCTest

/// examples/c and examples/cpp, built with the project's warning flags and
/// run against every bundled plugin; their printed values are checked
/// against the seeds' formulas.
final class EmbeddingExamplesTests: XCTestCase {
    private func buildC() throws -> String {
        let program = try TestEnvironment.temporaryDirectory(self) + "/effect_demo"
        try TestEnvironment.compileC([TestEnvironment.packageRoot + "/examples/c/effect_demo.c"], output: program)
        return program
    }

    /// The numbers of each "frame" or "batch" line, keyed by label.
    private func frames(_ output: String, _ label: String) -> [[Double]] {
        output.split(separator: "\n").filter { $0.hasPrefix(label + " ") }.map {
            $0.split(separator: " ").dropFirst().compactMap { Double($0) }
        }
    }

    private func plugin(_ name: String) -> String { TestEnvironment.buildDirectory + "/" + name }

    func testCExampleListsEveryBundledPlugin() throws {
        let program = try buildC()
        for name in TestEnvironment.bundledPlugins {
            let result = try TestEnvironment.run(program, [plugin(name)])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("plugin "), result.stdout)
            XCTAssertTrue(result.stdout.contains("  param reduce_motion bool live"), "\(name): \(result.stdout)")
        }
    }

    func testCExampleSamplesStrike() throws {
        let result = try TestEnvironment.run(
            try buildC(), [plugin("libStrike.so"), "strikethrough-reveal", "fade=0.2", "--times", "0.08,0.16", "--batch", "0,0.08,3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(frames(result.stdout, "frame").count, 2)
        for frame in frames(result.stdout, "frame") + frames(result.stdout, "batch") {
            let expected = Reference.strike(amount: Reference.easeInOut(frame[0] / 0.32), fade: 0.2).values
            XCTAssertEqual(frame.count, 7)
            for (value, reference) in zip(frame.dropFirst(), expected) { XCTAssertEqual(value, reference, accuracy: 1e-12) }
        }
        XCTAssertEqual(frames(result.stdout, "batch").count, 3)
    }

    func testCExampleSamplesBreathe() throws {
        let tracking = try TestEnvironment.run(try buildC(), [plugin("libBreathe.so"), "tracking-breathe", "--times", "0.45,2.7"])
        XCTAssertEqual(tracking.status, 0, tracking.stderr)
        let lines = frames(tracking.stdout, "frame")
        // By hand: at 0.45 s the entrance is at 1 − 0.5⁵; at 2.7 s the breath is widest.
        XCTAssertEqual(lines[0][1], 17 - 16 * 0.96875, accuracy: 1e-12)
        XCTAssertEqual(Array(lines[1].dropFirst()), [9, 0.98, 4.5].map { $0 }, "tracking, opacity, offset_x")

        let circles = try TestEnvironment.run(
            try buildC(), [plugin("libBreathe.so"), "breathing-circles", "circle_count=2", "--times", "1.5"])
        XCTAssertEqual(circles.status, 0, circles.stderr)
        let frame = try XCTUnwrap(frames(circles.stdout, "frame").first)
        XCTAssertEqual(Array(frame[1...5]), [0.5, 50, 0, 0, 0])
        XCTAssertEqual(frame[6], 35, accuracy: 1e-12, "circle 0 is 35 pt out")
        XCTAssertEqual(frame[10], -35, accuracy: 1e-12, "circle 1, opposite")
    }

    func testCExampleSamplesReveal() throws {
        let result = try TestEnvironment.run(
            try buildC(), [plugin("libReveal.so"), "text-reveal", "text=Hi there", "preset=blur", "--times", "0.575"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("instance elements 2 frame 14"), result.stdout)
        let frame = try XCTUnwrap(frames(result.stdout, "frame").first)
        // Two units, 0.3 s apart: unit 1 is 0.275 s into its easeOut(0.55).
        XCTAssertEqual(frame[1 + 2 + 6], Reference.easeOut(0.5), accuracy: 1e-12)
        XCTAssertEqual(frame[1 + 2 + 6 + 3], 8 * (1 - Reference.easeOut(0.5)), accuracy: 1e-12, "its blur")
    }

    func testCExampleRefusesOddArguments() throws {
        let program = try buildC()
        let cases: [([String], String)] = [
            (["--batch", "0,0.1,1e300"], "--batch needs T0,DT,N with N a whole number from 1 to 100000: '0,0.1,1e300'"),
            (["--at", "abc:done=false"], "--at needs a time before ':': 'abc'"),
            (["--times", "0.1,x"], "--times needs up to 64 numbers, separated by commas: '0.1,x'"),
            (["--at"], "this option needs a value: '--at'"),
        ]
        for (arguments, message) in cases {
            let result = try TestEnvironment.run(program, [plugin("libStrike.so"), "strikethrough-reveal"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "effect_demo: \(message)\n")
        }
    }

    func testCExampleReportsThePluginsRefusal() throws {
        let result = try TestEnvironment.run(try buildC(), [plugin("libStrike.so"), "strikethrough-reveal", "duration=-1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "effect_demo: create: param 'duration' is -1; it must be within 0.001...60\n")
    }

    /// The wrapper keeps a library loaded while an instance from it lives,
    /// refuses values the ABI cannot carry, and turns bad sizes into errors.
    /// The layout: gap round(0.24 · 20) = 5, so rows of 10 + 5 + 30 = 45.
    func testCxxWrapperEdges() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let ramp = try Fixtures.testPlugin("ramp.so", in: directory)
        let program = directory + "/wrapper_checks"
        let build = try TestEnvironment.run(
            "/usr/bin/env",
            TestEnvironment.cxxCompiler + ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", TestEnvironment.header,
                TestEnvironment.fixtures + "/cpp/wrapper_checks.cpp", "-ldl", "-o", program])
        XCTAssertEqual(build.status, 0, build.stderr)
        let result = try TestEnvironment.run(program, [ramp, plugin("libReveal.so")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout.split(separator: "\n").map(String.init),
            [
                "outlived 0.5", "moved-from -1", "moved 0.25", "nul -7 a string value cannot contain a NUL character",
                "odd -7 sizes must hold a width and a height for every item", "layout 45 15 20", "multiline text",
            ])
    }

    func testCxxExample() throws {
        let program = try TestEnvironment.temporaryDirectory(self) + "/effect_demo_cpp"
        let build = try TestEnvironment.run(
            "/usr/bin/env",
            TestEnvironment.cxxCompiler + ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", TestEnvironment.header,
                TestEnvironment.packageRoot + "/examples/cpp/effect_demo.cpp", "-ldl", "-o", program])
        XCTAssertEqual(build.status, 0, build.stderr)
        let result = try TestEnvironment.run(program, [plugin("libStrike.so"), "strikethrough-reveal", "duration=0.5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let batch = frames(result.stdout, "batch")
        XCTAssertEqual(batch.count, 11)
        for frame in batch {
            let expected = Reference.strike(amount: Reference.easeInOut(frame[0] / 0.5)).values
            for (value, reference) in zip(frame.dropFirst(), expected) { XCTAssertEqual(value, reference, accuracy: 1e-12) }
        }
        XCTAssertTrue(
            result.stdout.contains("refused -5 effect 'strikethrough-reveal' has no param 'no_such_param'"), result.stdout)
        for name in TestEnvironment.bundledPlugins {
            let each = try TestEnvironment.run(program, [plugin(name)])
            XCTAssertEqual(each.status, 0, "\(name): \(each.stderr)")
        }
        // text-reveal's default text has seven words, each an element with its text.
        let reveal = try TestEnvironment.run(program, [plugin("libReveal.so")])
        XCTAssertTrue(reveal.stdout.contains("elements 7 with text 7"), reveal.stdout)
        let circles = try TestEnvironment.run(program, [plugin("libBreathe.so"), "breathing-circles"])
        XCTAssertTrue(circles.stdout.contains("elements 8 with text 0"), circles.stdout)
        let refused = try TestEnvironment.run(program, [plugin("libStrike.so"), "strikethrough-reveal", "duration=-1"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "effect_demo: param 'duration' is -1; it must be within 0.001...60\n")
    }
}
