import Foundation
import XCTest

/// `--theme` and `COLORFGBG` choose the appearance effects are drawn in:
/// the live view's (here with frames to a pipe, where the terminal is never
/// asked; Tests/Terminal/test_terminal_theme.py answers the question in a
/// pty) and render's (whose pictures EffectRenderTests reads). Ink values are the seeds' (see AppearanceTests).
final class ThemeTests: XCTestCase {
    private func tty(_ effect: String, _ extra: [String] = [], environment: [String: String] = [:]) throws -> String {
        var env = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        env.merge(environment) { $1 }
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", effect, "--offline", "--format", "tty", "--fps", "10", "--duration", "2"] + extra, environment: env)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    private let card = "\u{1B}[48;2;247;247;245m"
    private let darkInk = "\u{1B}[38;2;244;243;239m"
    private let lightInk = "\u{1B}[38;2;20;20;20m"

    func testWithNothingToGoOnTheViewPaintsTheLightGround() throws {
        let output = try tty("text-reveal")
        XCTAssertTrue(output.contains(card))
        XCTAssertTrue(output.contains(lightInk))
    }

    func testThemeDarkDrawsTheDarkInkOnTheTerminalsOwnGround() throws {
        let output = try tty("text-reveal", ["--theme", "dark"])
        XCTAssertTrue(output.contains(darkInk))
        XCTAssertFalse(output.contains(lightInk))
        XCTAssertFalse(output.contains("\u{1B}[48;"), "no background is painted")
        XCTAssertTrue(output.contains("\u{1B}[49m"))
        let light = try tty("text-reveal", ["--theme", "light"])
        XCTAssertTrue(light.contains(lightInk))
        XCTAssertFalse(light.contains("\u{1B}[48;"))
    }

    func testColorFGBGNamesTheBackground() throws {
        XCTAssertTrue(try tty("text-reveal", environment: ["COLORFGBG": "15;0"]).contains(darkInk))
        let light = try tty("text-reveal", environment: ["COLORFGBG": "0;default;15"])
        XCTAssertTrue(light.contains(lightInk))
        XCTAssertFalse(light.contains("\u{1B}[48;"))
        XCTAssertTrue(try tty("text-reveal", environment: ["COLORFGBG": "nonsense"]).contains(card))
        // --theme wins over the environment.
        XCTAssertTrue(try tty("text-reveal", ["--theme", "light"], environment: ["COLORFGBG": "15;0"]).contains(lightInk))
    }

    func testNoColorWithAThemeIsStillMonochrome() throws {
        let output = try tty("text-reveal", ["--theme", "dark"], environment: ["NO_COLOR": "1"])
        XCTAssertNil(output.firstMatch(of: /\x1B\[(38|48|39|49);?/), "no colour code at all")
        // text-reveal's paragraph takes cells at 80 columns: its words.
        XCTAssertTrue(output.contains("calm glance."), "still draws")
    }

    func testAnABI12PluginKeepsItsLightGroundInTheDark() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        _ = try Fixtures.testPlugin("libDraws12.so", in: directory, defines: ["ABI_1_2"])
        let output = try tty("test-ramp", ["--theme", "dark", "--plugin-path", directory])
        XCTAssertTrue(output.contains(card), "its one look needs the ground it was drawn for")
        let render = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["render", "test-ramp", "--theme", "dark", "--plugin-path", directory, "--duration", "0.1", "-o", directory + "/out"])
        XCTAssertEqual(render.status, 0, render.stderr)
        // The frame's white ground is EffectRenderTests' RenderedFilesTests; here, the line render prints.
        XCTAssertTrue(render.stderr.contains("libDraws12.so is an ABI 1.2 plugin with one look; drawing it on the light ground"), render.stderr)
    }

    /// The dark look drawn on black is EffectRenderTests' RenderedFilesTests;
    /// --theme dark reaching render is RenderTests'. Here, a theme there is not.
    func testRenderRefusesAThemeItDoesNotHave() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let bad = try TestEnvironment.run(TestEnvironment.effectHost, ["render", "strikethrough-reveal", "--theme", "sepia", "-o", directory])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "effect-host: --theme must be light or dark, not 'sepia'\n")
    }
}
