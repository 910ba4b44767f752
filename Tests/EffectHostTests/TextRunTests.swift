import EffectHost
import XCTest

/// ABI 1.6's text runs, as the host's one display-list reader reads them
/// (every renderer, export, the terminal, the C API and Python draw what it
/// returns): test_plugin.c's label "rampé up" (9 bytes: é is C3 A9) drawn
/// as its first TEXT_LENGTH bytes.
final class TextRunTests: XCTestCase {
    private func label(length: Int, minor: Int? = nil) throws -> String {
        let directory = try TestEnvironment.temporaryDirectory(self)
        var defines = ["TEXT_LENGTH=\(length)"]
        if let minor { defines.append("BROKEN_ABI_MINOR=\(minor)") }
        let plugin = try Plugin.load(path: try Fixtures.testPlugin("libRun.so", in: directory, defines: defines))
        let instance = try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "test-ramp")))
        let texts = try instance.draw(at: 1).items.compactMap { if case let .text(text) = $0 { text.text } else { nil } }
        return try XCTUnwrap(texts.first)
    }

    func testARunIsTheFirstBytesOfItsString() throws {
        XCTAssertEqual(try label(length: 4), "ramp")
        XCTAssertEqual(try label(length: 6), "rampé")
        XCTAssertEqual(try label(length: 9), "rampé up", "a length of all the bytes is the whole string")
    }

    func testAPluginBefore16DrawsTheWholeStringWhateverTheReservedFieldHolds() throws {
        XCTAssertEqual(try label(length: 4, minor: 5), "rampé up")
    }

    func testALengthPastTheStringIsRefusedBeforeTheNUL() throws {
        XCTAssertThrowsError(try label(length: 12)) { error in
            XCTAssertEqual(
                (error as? EffectError)?.message,
                "the plugin's display list has text 3 at item 2 whose length 12 runs past its string, which ends after 9 bytes; "
                    + "a length counts bytes of the string, at most all of them (0: the whole string)")
        }
    }

    func testALengthInsideACharacterIsRefused() throws {
        XCTAssertThrowsError(try label(length: 5)) { error in
            XCTAssertEqual(
                (error as? EffectError)?.message,
                "the plugin's display list has text 3 at item 2 whose length 5 ends inside a character; "
                    + "end the run on a character boundary (best a grapheme's, where effect_kit_grapheme_next or Graphemes.clusters cuts)")
        }
    }
}
