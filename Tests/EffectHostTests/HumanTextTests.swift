import Foundation
import XCTest

/// What the CLI writes for people: numbers rounded for reading, unknown
/// names answered with the names there are, one line for a file that is
/// not a plugin, the version. (The chart's round ticks and a page's plugin
/// name are the libraries', tested in EffectRenderTests.)
final class HumanTextTests: XCTestCase {
    private func host(_ arguments: String...) throws -> TestEnvironment.Result {
        try TestEnvironment.run(TestEnvironment.effectHost, arguments)
    }

    func testVersionIsOneLineAndMatchesList() throws {
        let version = try host("--version")
        XCTAssertEqual(version.status, 0, version.stderr)
        let match = try XCTUnwrap(version.stdout.firstMatch(of: /^effect-host (\d+\.\d+\.\d+) \(plugin ABI 1\.7\)\n$/), version.stdout)
        let list = try host("list", "--json")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["version"] as? String, String(match.1))
        XCTAssertEqual(report["abi"] as? String, "1.7")
    }

    /// Plot says what it wrote in one line, its span rounded for reading;
    /// the chart's round ticks are EffectRenderTests' PlotChartTests.
    func testPlotSaysWhatItWroteInOneLine() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let result = try host("plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amount")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "effect-host: wrote 1 series over 0.321 s of strikethrough-reveal to \(directory)/p.svg\n")
        let svg = try String(contentsOfFile: directory + "/p.svg", encoding: .utf8)
        XCTAssertEqual(svg.matches(of: /<polyline[^>]*data-series="([^"]*)"/).map { String($0.1) }, ["amount"], "--channels reached the chart")
    }

    /// `info` rounds times to the millisecond: the end it prints is the
    /// JSON's exact end, rounded.
    func testInfoRoundsTimes() throws {
        let json = try host("info", "text-reveal", "--json")
        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let defaults = try XCTUnwrap(info["defaults"] as? [String: Any])
        let timing = try XCTUnwrap(defaults["timing"] as? [String: Any])
        let end = try XCTUnwrap(timing["end"] as? Double)
        XCTAssertNotEqual(end, (end * 1000).rounded() / 1000, "the end has more digits than a person reads")
        let text = try host("info", "text-reveal")
        let printed = try XCTUnwrap(text.stdout.firstMatch(of: /with defaults, ends at ([0-9.]+) s/), text.stdout)
        XCTAssertEqual(String(printed.1), String(format: "%.3f", end).replacing(/0+$/, with: ""))
        let circles = try host("info", "breathing-circles")
        XCTAssertTrue(circles.stdout.contains("with defaults, loops every 8 s from 0 s"), circles.stdout)
        let phase = try XCTUnwrap(circles.stdout.split(separator: "\n").first { $0.hasPrefix("  phase ") })
        XCTAssertEqual(phase.components(separatedBy: "breathe in").count, 1, "the labels are not said twice: \(phase)")
    }

    func testUnknownNamesListWhatThereIs() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plot = try host("plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "bogus")
        XCTAssertEqual(plot.status, 2)
        XCTAssertEqual(
            plot.stderr,
            "effect-host: effect 'strikethrough-reveal' has no channel 'bogus' (channels: amount, line_width, text_opacity, saturation, scale, tick_trim)\n"
        )
        let run = try host("run", "tracking-breathe", "--param", "zzz=1")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("effect-host: effect 'tracking-breathe' has no param 'zzz' (params: text, "), run.stderr)
        let close = try host("plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amuont")
        XCTAssertTrue(close.stderr.contains("(did you mean 'amount'?)"), close.stderr)
    }

    func testAFileThatIsNotAPluginIsOneLine() throws {
        let result = try host("validate", "/bin/sh")
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, result.stdout)
        XCTAssertTrue(lines[1].hasPrefix("  fail   load           cannot be loaded: "), result.stdout)
        XCTAssertTrue(lines[1].hasSuffix("; no other check can run"), result.stdout)
        XCTAssertTrue(lines[2].hasPrefix("0 pass, 0 skip, 0 warn, 1 fail, 0 crash"), result.stdout)
        let json = try host("validate", "--json", "/bin/sh")
        XCTAssertTrue(json.stdout.contains("not run: the plugin failed 'load'"), "--json keeps every check")
    }
}
