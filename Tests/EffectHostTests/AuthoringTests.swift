import EffectHost
import Foundation
import ReferenceMath
import XCTest

/// A third party's two routes: the plain-C plugin example and the Swift
/// template, each built as documented, found, played and validated.
final class AuthoringTests: XCTestCase {
    func testPlainCPluginBuildsRunsAndValidates() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = directory + "/libPulse.so"
        // The one line from pulse.c's comment, word for word, run where it
        // says (from its directory); only the output goes elsewhere.
        let examples = TestEnvironment.packageRoot + "/examples/c-plugin"
        let source = try String(contentsOfFile: examples + "/pulse.c", encoding: .utf8)
        let line = try XCTUnwrap(
            source.split(separator: "\n").first { $0.hasPrefix(" *   cc ") }, "pulse.c's comment has no cc line")
        let words = line.dropFirst(3).split(separator: " ").map(String.init)
        XCTAssertTrue(words.contains("-fvisibility=hidden") && words.contains("-Werror"), "\(words)")
        let output = try XCTUnwrap(words.firstIndex(of: "-o"), "the cc line names no output") + 1
        let build = try TestEnvironment.run(
            "/usr/bin/env", words.enumerated().map { $0.offset == output ? plugin : $0.element }, directory: examples)
        XCTAssertEqual(build.status, 0, build.stderr)

        let list = try TestEnvironment.run(TestEnvironment.effectHost, ["list", "--plugin-path", plugin])
        XCTAssertTrue(list.stdout.contains("pulse 1.0.0  ABI 1.7  \(plugin)"), list.stdout)

        let run = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", "pulse", "--plugin-path", plugin, "--offline", "--fps", "4", "--duration", "0.25", "--format", "csv"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
        // At t = 0 dot 0 is at rest and dot 2, half a period behind (spread 0.5),
        // at the top of its raised cosine; at t = 0.25, phase 0.25 / 1.2.
        XCTAssertEqual(rows[1], [0, 0, 1, 0.4, 1.25, 0.7000000000000001, 1.5, 1])
        let phase = 0.25 / 1.2
        let wave = (1 - cos(2 * Double.pi * phase)) / 2
        XCTAssertEqual(rows[2][1], phase, accuracy: 1e-12)
        XCTAssertEqual(rows[2][2], 1 + 0.5 * wave, accuracy: 1e-12)
        XCTAssertEqual(rows[2][3], 0.4 + 0.6 * wave, accuracy: 1e-12)

        let validate = try TestEnvironment.run(TestEnvironment.effectHost, ["validate", "--seed", "11", plugin])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.hasSuffix("17 pass, 1 skip, 0 warn, 0 fail, 0 crash (seed 11)\n"), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("  pass   draw           "), validate.stdout)

        // It draws its dots: render writes them as SVG, not channel bars.
        let frames = directory + "/frames"
        let render = try TestEnvironment.run(
            TestEnvironment.effectHost, ["render", "pulse", "--plugin-path", plugin, "--fps", "4", "--duration", "0.25", "-o", frames])
        XCTAssertEqual(render.status, 0, render.stderr)
        let svg = try String(contentsOfFile: frames + "/frame-00001.svg", encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "<ellipse").count - 1, 3, svg)
        XCTAssertFalse(svg.contains("class=\"bar\""), "no channel bars for an effect that draws")
        // Dot 1 sits 20 pt from dot 0 (12 pt across, 8 pt apart), its group
        // scaled about its own centre; at t = 0.25 its opacity is its channel's.
        XCTAssertTrue(svg.contains("<ellipse cx=\"26\" cy=\"6\" rx=\"6\" ry=\"6\" data-id=\"4\""), svg)
        let local = phase - 0.25
        let dotWave = (1 - cos(2 * Double.pi * (local - local.rounded(.down)))) / 2
        XCTAssertTrue(svg.contains("data-id=\"3\" transform=\"translate(26 6) scale(\(SVGPrecise(1 + 0.5 * dotWave))"), svg)

        // And in a terminal: braille dots, not meters.
        let tty = try TestEnvironment.run(
            "/usr/bin/script",
            ["-qec", "\(TestEnvironment.effectHost) run pulse --plugin-path \(plugin) --duration 0.2", "/dev/null"])
        XCTAssertEqual(tty.status, 0, tty.stdout)
        XCTAssertTrue(tty.stdout.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, tty.stdout)
        XCTAssertFalse(tty.stdout.contains("█"), "no meter bars")
    }

    /// pulse's `label`, a string param read with effect_kit_read_string:
    /// what assistive technology reads, the instance's own copy, and
    /// refused past its 200 bytes with the kit's message.
    func testPlainCPluginReadsItsLabel() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let path = directory + "/libPulse.so"
        try TestEnvironment.compileC(
            [TestEnvironment.packageRoot + "/examples/c-plugin/pulse.c", "-lm"], output: path, shared: true,
            extraFlags: ["-fvisibility=hidden"])
        let plugin = try Plugin.load(path: path)
        let pulse = try XCTUnwrap(plugin.effect(id: "pulse"))
        XCTAssertEqual(try plugin.instantiate(pulse).strings(at: 0).accessibilityLabel, "Working")

        // 山田さんが入力中 (Yamada is typing): 8 characters, 24 bytes.
        let label = "\u{5C71}\u{7530}\u{3055}\u{3093}\u{304C}\u{5165}\u{529B}\u{4E2D}"
        let instance = try plugin.instantiate(pulse, params: [("label", .string(label))])
        XCTAssertEqual(try instance.strings(at: 1.5).accessibilityLabel, label)
        XCTAssertEqual(try instance.value(of: "label", at: 0), .string(label))

        // 200 bytes pass (66 three-byte characters and two letters); 201 do not.
        let longest = String(repeating: "\u{3042}", count: 66) + "ab"
        XCTAssertEqual(try plugin.instantiate(pulse, params: [("label", .string(longest))]).strings(at: 0).accessibilityLabel, longest)
        XCTAssertThrowsError(try plugin.instantiate(pulse, params: [("label", .string(longest + "c"))])) { error in
            XCTAssertEqual((error as? EffectError)?.status, -7)
            XCTAssertEqual((error as? EffectError)?.message, "param 'label' is 201 bytes of UTF-8; it may be at most 200")
        }
    }

    /// A scale as the SVG writes it: at most six decimals.
    private func SVGPrecise(_ x: Double) -> String {
        var text = String(format: "%.6f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    func testSwiftTemplateBuildsAndValidates() throws {
        let directory = try TestEnvironment.temporaryDirectory(self) + "/blink"
        try FileManager.default.copyItem(atPath: TestEnvironment.packageRoot + "/templates/swift-plugin", toPath: directory)
        let swift = ProcessInfo.processInfo.environment["PATH"].flatMap { path in
            path.split(separator: ":").map { $0 + "/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        } ?? "/opt/swift/usr/bin/swift"
        let build = try TestEnvironment.run(
            swift, ["build", "--package-path", directory], environment: ["EFFECT_HOST": TestEnvironment.packageRoot, "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(build.status, 0, build.stderr + build.stdout)
        let plugin = directory + "/.build/debug/libBlink.so"

        let source = try String(contentsOfFile: directory + "/Sources/Blink/Blink.swift", encoding: .utf8)
        XCTAssertLessThanOrEqual(source.split(separator: "\n").count, 90, "a simple effect, its look included, stays under 90 lines")

        let run = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", "blink", "--plugin-path", plugin, "--offline", "--fps", "2.5", "--duration", "0.8", "--format", "csv"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let rows = run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
        // A quarter period in (0.4 of 1.6 s), the fade is easeInOut(0.5) = 0.5:
        // opacity 1 − 0.75 · 0.5; half a period in, at its dimmest.
        XCTAssertEqual(rows.map { $0[0] }, [0, 0.4, 0.8])
        XCTAssertEqual(rows[0][1], 1)
        XCTAssertEqual(rows[1][1], 1 - 0.75 * Reference.easeInOut(0.5), accuracy: 1e-12)
        XCTAssertEqual(rows[2][1], 0.25, accuracy: 1e-12)

        let validate = try TestEnvironment.run(TestEnvironment.effectHost, ["validate", "--seed", "12", plugin])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.hasSuffix("18 pass, 0 skip, 0 warn, 0 fail, 0 crash (seed 12)\n"), validate.stdout)

        // The template draws its dot: a 24 pt circle faded to the channel's opacity.
        let frames = directory + "/frames"
        let render = try TestEnvironment.run(
            TestEnvironment.effectHost, ["render", "blink", "--plugin-path", plugin, "--fps", "2.5", "--duration", "0.4", "-o", frames])
        XCTAssertEqual(render.status, 0, render.stderr)
        let svg = try String(contentsOfFile: frames + "/frame-00001.svg", encoding: .utf8)
        XCTAssertTrue(svg.contains("<ellipse cx=\"12\" cy=\"12\" rx=\"12\" ry=\"12\" data-id=\"2\" fill=\"#2f6fd6\"/>"), svg)
        XCTAssertTrue(svg.contains("<g data-id=\"1\" opacity=\"0.625\">"), svg)
    }
}
