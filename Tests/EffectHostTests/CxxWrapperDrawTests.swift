import Foundation
import ReferenceMath
import XCTest

/// include/effect.hpp's draw (ABI 1.2), through Tests/Fixtures/cpp/wrapper_checks.cpp
/// run with its three extra plugins: the bundled effects' display lists as
/// value types, a host Measure and one that throws, the list's conversion, the
/// buffer growing past its first 64 items, and 1.0 and 1.1 plugins loading,
/// sampling and refusing to draw. The expected geometry is worked out here
/// from the seeds and the ABI's reference metrics (effect.h).
final class CxxWrapperDrawTests: XCTestCase {
    private func plugin(_ name: String) -> String { TestEnvironment.buildDirectory + "/" + name }

    private func runChecks() throws -> [String] {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let ramp10 = try Fixtures.testPlugin("ramp.so", in: directory)
        let ramp11 = try Fixtures.testPlugin("ramp11.so", in: directory, defines: ["ABI_1_1"])
        // 1.0-sized tables that claim 1.1 and 1.2.
        let short11 = try Fixtures.testPlugin("short11.so", in: directory, defines: ["BROKEN_ABI_MINOR=1"])
        let short12 = try Fixtures.testPlugin("short12.so", in: directory, defines: ["BROKEN_ABI_MINOR=2"])
        let overrun = try Fixtures.testPlugin("overrun.so", in: directory, defines: ["BROKEN_FRAME_OVERRUN"])
        let program = directory + "/wrapper_checks"
        let build = try TestEnvironment.run(
            "/usr/bin/env",
            TestEnvironment.cxxCompiler + [
                "-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", TestEnvironment.header,
                TestEnvironment.fixtures + "/cpp/wrapper_checks.cpp", "-ldl", "-o", program,
            ])
        XCTAssertEqual(build.status, 0, build.stderr)
        let result = try TestEnvironment.run(
            program,
            [ramp10, plugin("libReveal.so"), ramp11, plugin("libStrike.so"), plugin("libBreathe.so"), short11, short12, "overrun=" + overrun])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The numbers of the line starting with `prefix`.
    private func numbers(_ lines: [String], _ prefix: String, file: StaticString = #filePath, line: UInt = #line) -> [Double] {
        guard let found = lines.first(where: { $0.hasPrefix(prefix + " ") }) else {
            XCTFail("no line '\(prefix) ...' in \(lines)", file: file, line: line)
            return []
        }
        return found.split(separator: " ").compactMap { Double($0) }
    }

    func testDrawThroughTheWrapper() throws {
        let lines = try runChecks()
        // The 1.0 checks the wrapper made before still come first, unchanged.
        XCTAssertEqual(
            Array(lines.prefix(6)),
            [
                "outlived 0.5", "moved-from -1", "moved 0.25", "nul -7 a string value cannot contain a NUL character",
                "odd -7 sizes must hold a width and a height for every item", "layout 45 15 20",
            ])

        // strikethrough-reveal at 0.16 s: the amount is 0.5, so the capsule
        // is half the text's advance: "Ship the component" at 20 pt medium
        // (1.02 x the reference widths of effect.h's table).
        let widths: [Character: Double] = [
            " ": 278, "S": 667, "c": 500, "e": 556, "h": 556, "i": 222, "m": 833, "n": 556, "o": 556, "p": 556, "t": 278,
        ]
        let advance = "Ship the component".reduce(0) { $0 + widths[$1]! } / 1000 * 20 * 1.02
        let height = (0.952 + 0.241) * 20
        XCTAssertTrue(lines.contains("strike order g1 s2 g3 t4 /3 s5 /1"), "\(lines)")
        let size = numbers(lines, "strike size")
        XCTAssertEqual(size[0], 26 + advance, accuracy: 1e-6)
        XCTAssertEqual(size[1], height, accuracy: 1e-6)
        XCTAssertGreaterThanOrEqual(size[2], 7 + 3, "the items and the tick's segments")
        let text = try XCTUnwrap(lines.first { $0.hasPrefix("strike text ") })
        XCTAssertTrue(text.hasPrefix("strike text 'Ship the component' x 26 "), text)
        let textNumbers = numbers(lines, "strike text")
        XCTAssertEqual(textNumbers[1], advance, accuracy: 1e-6)
        XCTAssertEqual(textNumbers[2], 500)
        let capsule = numbers(lines, "strike capsule")
        XCTAssertEqual(capsule[0], 3, "EFFECT_SHAPE_CAPSULE")
        XCTAssertEqual(capsule[1], 26, accuracy: 1e-9)
        XCTAssertEqual(capsule[2], 0.5 * advance, accuracy: 1e-6)
        XCTAssertEqual(capsule[3], 0.5, accuracy: 1e-9, "0.5 x the text's advance")
        XCTAssertEqual(capsule[4], 1.6, accuracy: 1e-12)
        // The tick: a path of move, line, line, trimmed to the amount, 2.4 pt, round cap and join.
        XCTAssertEqual(numbers(lines, "strike tick"), [5, 3, 0, 1, 1, 0.5, 2.4, 1, 1])

        // A monospaced Measure: 18 characters of 10 pt, 24 + 6 pt tall.
        XCTAssertEqual(numbers(lines, "measured"), [26 + 180, 30, 180, 180])
        XCTAssertTrue(lines.contains("throwing measure rethrown no fonts here"), "the measure's own exception: \(lines)")
        XCTAssertTrue(lines.contains("throwing error rethrown -13 measurer out of memory"), "\(lines)")
        XCTAssertTrue(lines.contains("negative measure -7"), "the plugin's RANGE for a negative ascent: \(lines)")
        XCTAssertTrue(lines.contains("after failures 7 items"), "the instance still draws: \(lines)")
        // The strike's .primary: Apple's 0x1D1D1F on light, 0xF5F5F7 on dark.
        XCTAssertTrue(lines.contains("appearance 0 ink 1D1D1FFF"), "\(lines)")
        XCTAssertTrue(lines.contains("appearance 1 ink F5F5F7FF"), "\(lines)")
        XCTAssertTrue(lines.contains("appearance 7 -7"), "EFFECT_ERR_RANGE: \(lines)")
        XCTAssertTrue(lines.contains("bad time -9"), "\(lines)")

        // breathing-circles at 2.2 s: 8 circles of 80 x 80 with the two-stop
        // teal-to-cyan gradient, a group each and the ring's; 2 + 8 x 3 items
        // (each circle's two stops fold into its shape), 2 + 8 x 5 at most.
        XCTAssertEqual(numbers(lines, "circles ellipses"), [8, 8, 8, 9, 26, 42])
        let ring = numbers(lines, "circles size")
        XCTAssertEqual(Array(ring.prefix(6)), [80, 80, -110, -110, 300, 300])
        let e = Reference.breathingCircles(at: 2.2).expansion
        XCTAssertEqual(ring[6], 100 * e, accuracy: 1e-6, "the ring's turn")

        // Thirty words: more items than the wrapper's first 64-item buffer.
        let grown = numbers(lines, "grown items")
        XCTAssertEqual(grown[0], 150, "30 units, each a chunk's mask group, a unit group and its text, and two ends")
        XCTAssertGreaterThanOrEqual(grown[1], grown[0])
        XCTAssertEqual(grown[2], 30)
        XCTAssertLessThanOrEqual(grown[3], 300, "wrapped to the 300 pt proposed")
        XCTAssertEqual(grown[4], 1, "on more than one row")

        // Plugins of ABI 1.0 and 1.1 load and sample through the wrapper;
        // draw says UNSUPPORTED, naming the plugin's version.
        XCTAssertTrue(lines.contains("abi10 minor 0 sample 0.25"), "\(lines)")
        XCTAssertTrue(lines.contains("abi10 draw -15 the plugin is built for effect ABI 1.0, which does not draw (since 1.2)"))
        XCTAssertTrue(lines.contains("abi10 layout -15 the plugin is built for effect ABI 1.0, which has no layout (since 1.1)"))
        XCTAssertTrue(lines.contains("abi11 minor 1 sample 0.25"), "\(lines)")
        XCTAssertTrue(lines.contains("abi11 draw -15 the plugin is built for effect ABI 1.1, which does not draw (since 1.2)"))
        XCTAssertTrue(lines.contains("abi11 layout 2 0 0"), "a 1.1 plugin lays out: \(lines)")
        // A table must be as large as its own minor's (120, 128, 136 bytes on LP64).
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("short ") },
            [
                "short -14 its function table is 120 bytes; ABI 1.1 needs 128",
                "short -14 its function table is 120 bytes; ABI 1.2 needs 136",
            ])
        // sample()'s vector holds a fence past the frame (EFFECT_ERR_INTERNAL, -14).
        XCTAssertTrue(
            lines.contains("fence -14 the plugin wrote past the end of the buffer it was given: sample at t = 0.25 had room for 1 value"),
            "\(lines)")

        // effect.hpp converts without re-checking effect.h's rules (the host
        // library's reader does, through effect_host.hpp's Drawing): it
        // refuses (EFFECT_ERR_INTERNAL, -14) only a shape whose segments or
        // stops run past the list and NULL text, and leaves out items it has
        // no type for (a stray stop, an unknown kind).
        let refusals = [
            "list good read 5",
            "list open read 3",
            "list close read 1",
            "list nan read 2",
            "list size read 0",
            "list null-text -14 the plugin's display list has NULL text at item 0",
            "list utf8 read 1",
            "list short-path -14 the plugin's display list ends inside shape 1",
            "list no-segment read 1",
            "list no-stop read 1",
            "list stray read 0",
            "list clip read 2",
            "list kind read 0",
        ]
        XCTAssertEqual(lines.filter { $0.hasPrefix("list ") }, refusals)
        // ABI 1.6's text runs: the first `length` bytes of "rampé up"; a
        // length past its 9 bytes refused before the NUL; a 1.5 plugin's
        // field is reserved, so its run is the whole string.
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("run ") },
            [
                "run prefix 'rampé'", "run whole 'rampé up'",
                "run past -14 the plugin's display list has text 7 whose length 12 runs past its string",
                "run reserved 'rampé up'",
            ])
    }
}
