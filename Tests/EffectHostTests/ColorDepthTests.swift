import Foundation
import XCTest

/// The live view writes the colours the environment says the terminal has:
/// none for NO_COLOR, nothing but text for TERM=dumb, the 16 ANSI colours,
/// the 256 of xterm's palette, or 24-bit ones.
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

    private let effects = ["strikethrough-reveal", "breathing-circles", "text-reveal"]

    func testNoColorWritesNoColourButStillDraws() throws {
        for effect in effects {
            let output = try tty(effect, ["NO_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"])
            for parameters in sgrParameters(output) {
                XCTAssertTrue(parameters.allSatisfy { [0, 7, 9, 27, 29].contains($0) }, "\(effect): \(parameters)")
            }
            // Dots, or, for text-reveal's paragraph, which takes cells at 80 columns, its words.
            XCTAssertTrue(
                output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } || output.contains("calm glance."), "\(effect) still draws")
            XCTAssertTrue(output.contains("t 2.000 s"), effect)
        }
        // NO_COLOR set but empty is not a request (no-color.org).
        XCTAssertTrue(try tty("breathing-circles", ["NO_COLOR": "", "COLORTERM": "truecolor"]).contains("\u{1B}[38;2;"))
    }

    func testDumbTerminalGetsTheLastFrameAsPlainText() throws {
        let output = try tty("strikethrough-reveal", ["TERM": "dumb"])
        XCTAssertFalse(output.contains("\u{1B}"), "no escape at all: \(output.debugDescription)")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "ends with a newline")
        XCTAssertEqual(lines.dropLast().last, "t 2.000 s   Done", "the last frame's status, once")
        XCTAssertEqual(output.components(separatedBy: "Done").count, 2, "one frame, not every frame")
    }

    func testSixteenColoursForAPlainTerm() throws {
        let output = try tty("breathing-circles", ["TERM": "xterm"])
        let used = Set(sgrParameters(output).flatMap { $0 })
        XCTAssertFalse(used.isEmpty)
        for code in used {
            XCTAssertTrue([0, 7, 9, 27, 29].contains(code) || (30...37).contains(code) || (40...47).contains(code)
                || (90...97).contains(code) || (100...107).contains(code), "code \(code)")
        }
        // The circles' teal (32, 217, 210 to 12, 232, 255) is nearest cyan or bright cyan.
        XCTAssertTrue(used.contains(36) || used.contains(96), "\(used.sorted())")
    }

    func testPaletteAndTrueColour() throws {
        let palette = sgrParameters(try tty("breathing-circles", ["TERM": "xterm-256color"]))
        let colours = palette.filter { $0.first == 38 || $0.first == 48 }
        XCTAssertFalse(colours.isEmpty)
        XCTAssertTrue(colours.allSatisfy { $0.count == 3 && $0[1] == 5 && (16...255).contains($0[2]) }, "\(colours.prefix(5))")
        // The seed's light ground (247, 247, 245) is xterm's grey 255 (238) or cube white 231 (255, 255, 255).
        XCTAssertTrue(colours.contains([48, 5, 255]) || colours.contains([48, 5, 231]), "\(Set(colours.filter { $0[0] == 48 }.map { $0[2] }))")
        let full = sgrParameters(try tty("breathing-circles", ["TERM": "xterm-256color", "COLORTERM": "truecolor"]))
        XCTAssertTrue(full.contains([48, 2, 247, 247, 245]), "the seed's ground itself")
    }
}
