import Foundation
import XCTest

/// The live view writes the colours the environment says the terminal has:
/// NO_COLOR and TERM reach it, and TERM=dumb gets nothing but text. The
/// colours of each depth (none, 16, 256, 24-bit) are the rendering
/// library's, tested in EffectRenderTests' CellColorDepthTests.
final class ColorDepthTests: XCTestCase {
    private func tty(_ effect: String, _ environment: [String: String]) throws -> String {
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost, ["run", effect, "--offline", "--format", "tty", "--fps", "20", "--duration", "2"],
            environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Every SGR sequence's parameters, one list per sequence.
    private func sgrParameters(_ output: String) -> [[Int]] {
        output.matches(of: /\x1B\[([0-9;]*)m/).map { match in match.1.split(separator: ";").compactMap { Int($0) } }
    }

    /// NO_COLOR in the environment reaches the live view: no colour, the
    /// picture and its status line still drawn.
    func testNoColorReachesTheLiveView() throws {
        let output = try tty("breathing-circles", ["NO_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"])
        for parameters in sgrParameters(output) {
            XCTAssertTrue(parameters.allSatisfy { [0, 7, 9, 27, 29].contains($0) }, "\(parameters)")
        }
        XCTAssertTrue(output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "still draws")
        XCTAssertTrue(output.contains("t 2.000 s"))
    }

    /// TERM=xterm-256color reaches the live view as xterm's palette.
    func testThePaletteReachesTheLiveView() throws {
        let colours = sgrParameters(try tty("breathing-circles", ["TERM": "xterm-256color"])).filter { $0.first == 38 || $0.first == 48 }
        XCTAssertFalse(colours.isEmpty)
        XCTAssertTrue(colours.allSatisfy { $0.count == 3 && $0[1] == 5 && (16...255).contains($0[2]) }, "\(colours.prefix(5))")
    }

    func testDumbTerminalGetsTheLastFrameAsPlainText() throws {
        let output = try tty("strikethrough-reveal", ["TERM": "dumb"])
        XCTAssertFalse(output.contains("\u{1B}"), "no escape at all: \(output.debugDescription)")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "ends with a newline")
        XCTAssertEqual(lines.dropLast().last, "t 2.000 s   Done", "the last frame's status, once")
        XCTAssertEqual(output.components(separatedBy: "Done").count, 2, "one frame, not every frame")
    }
}
