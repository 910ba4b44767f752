import EffectHost
import EffectRender
import XCTest

/// The colours an effect's picture on a terminal's cells (`CellPicture`, as
/// the live view draws it, on the seed's light ground at 80 × 24) is
/// written in, at the depth the environment announces (`ColorDepth`): none
/// for NO_COLOR, the 16 ANSI colours, the 256 of xterm's palette, or 24-bit
/// ones. Moved from EffectHostTests' ColorDepthTests, which ran `run
/// --format tty` for each; the environment reaching the live view, its
/// status line and TERM=dumb's plain text stay there.
final class CellColorDepthTests: XCTestCase {
    private let effects = ["strikethrough-reveal", "breathing-circles", "text-reveal"]

    /// Every line of 2 s of `effect` at 20 frames a second, at the depth `environment` announces.
    private func cells(_ effect: String, _ environment: [String: String]) throws -> String {
        let instance = try LibraryRender.instance(effect)
        var picture = try XCTUnwrap(
            CellPicture(
                instance: instance, columns: 80, rows: 24, depth: ColorDepth.from(environment: environment), ground: RGB(247, 247, 245),
                paintsGround: true, appearance: .light))
        return try (0...40).flatMap { try picture.lines(at: Double($0) / 20) }.joined(separator: "\n")
    }

    /// Every SGR sequence's parameters, one list per sequence.
    private func sgrParameters(_ output: String) -> [[Int]] {
        output.matches(of: /\x1B\[([0-9;]*)m/).map { match in match.1.split(separator: ";").compactMap { Int($0) } }
    }

    func testNoColorWritesNoColourButStillDraws() throws {
        let environment = ["NO_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"]
        XCTAssertEqual(ColorDepth.from(environment: environment), ColorDepth.none)
        for effect in effects {
            let output = try cells(effect, environment)
            for parameters in sgrParameters(output) {
                XCTAssertTrue(parameters.allSatisfy { [0, 7, 9, 27, 29].contains($0) }, "\(effect): \(parameters)")
            }
            // Dots, or, for text-reveal's paragraph, which takes cells at 80 columns, its words.
            XCTAssertTrue(
                output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } || output.contains("calm glance."), "\(effect) still draws")
        }
        // NO_COLOR set but empty is not a request (no-color.org).
        XCTAssertTrue(try cells("breathing-circles", ["NO_COLOR": "", "COLORTERM": "truecolor"]).contains("\u{1B}[38;2;"))
    }

    func testSixteenColoursForAPlainTerm() throws {
        let used = Set(sgrParameters(try cells("breathing-circles", ["TERM": "xterm"])).flatMap { $0 })
        XCTAssertFalse(used.isEmpty)
        for code in used {
            XCTAssertTrue([0, 7, 9, 27, 29].contains(code) || (30...37).contains(code) || (40...47).contains(code)
                || (90...97).contains(code) || (100...107).contains(code), "code \(code)")
        }
        // The circles' teal (32, 217, 210 to 12, 232, 255) is nearest cyan or bright cyan.
        XCTAssertTrue(used.contains(36) || used.contains(96), "\(used.sorted())")
    }

    func testPaletteAndTrueColour() throws {
        let palette = sgrParameters(try cells("breathing-circles", ["TERM": "xterm-256color"]))
        let colours = palette.filter { $0.first == 38 || $0.first == 48 }
        XCTAssertFalse(colours.isEmpty)
        XCTAssertTrue(colours.allSatisfy { $0.count == 3 && $0[1] == 5 && (16...255).contains($0[2]) }, "\(colours.prefix(5))")
        // The seed's light ground (247, 247, 245) is xterm's grey 255 (238) or cube white 231 (255, 255, 255).
        XCTAssertTrue(colours.contains([48, 5, 255]) || colours.contains([48, 5, 231]), "\(Set(colours.filter { $0[0] == 48 }.map { $0[2] }))")
        let full = sgrParameters(try cells("breathing-circles", ["TERM": "xterm-256color", "COLORTERM": "truecolor"]))
        XCTAssertTrue(full.contains([48, 2, 247, 247, 245]), "the seed's ground itself")
    }
}
