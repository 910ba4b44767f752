import EffectValidate
import XCTest

/// The draw check on ABI 1.6 text runs (test_plugin.c's TEXT_LENGTH: the
/// first N bytes of "rampé up", 9 bytes): a run on a character boundary
/// passes; one past the string or inside the é fails, saying how to fix it.
final class TextRunCheckTests: XCTestCase {
    func testARunOnACharacterBoundaryPasses() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "TEXT_LENGTH=6"), .pass,
            " display lists of test-ramp: well formed, repeatable, ink within bounds, stable ids, capacity kept, text measured as asked, both appearances, bad calls refused",
            suffix: true)
    }

    /// A run of 306 bytes measured in pieces (effect_kit_measure_run cuts
    /// it at 255): its advance is the pieces' answers added up, which the
    /// check's measurer (3.25 more a call) tells from one answer; it is
    /// still measured as asked.
    func testARunMeasuredInPiecesPasses() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "TEXT_LENGTH=306", "LONG_LABEL"), .pass,
            " display lists of test-ramp: well formed, repeatable, ink within bounds, stable ids, capacity kept, text measured as asked, both appearances, bad calls refused",
            suffix: true)
    }

    func testARunPastTheStringFails() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "TEXT_LENGTH=12"), .fail,
            "test-ramp: the plugin's display list has text 3 at item 2 whose length 12 runs past its string, which ends after 9 bytes; "
                + "a length counts bytes of the string, at most all of them (0: the whole string)")
    }

    func testARunThatSplitsACharacterFails() throws {
        assertVerdict(
            try CheckTesting.run(.draw, "TEXT_LENGTH=5"), .fail,
            "test-ramp: the plugin's display list has text 3 at item 2 whose length 5 ends inside a character; "
                + "end the run on a character boundary (best a grapheme's, where effect_kit_grapheme_next or Graphemes.clusters cuts)")
    }
}

extension TextRunCheckTests {
    /// A run cut at a byte count, not where characters end: whole for the
    /// default "ramp", inside "e" + U+0301 for text in other scripts, which
    /// the draw check now draws too.
    func testARunThatSplitsOnlyNonASCIITextFails() throws {
        let sample = "e\u{301}t\u{E9} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F1EF}\u{1F1F5} "
            + "\u{915}\u{94D}\u{937} \u{645}\u{631}\u{62D}\u{628}\u{627} \u{65E5}\u{672C}"
        XCTAssertEqual(sample.utf8.count, 61, "within the fixture's 63-byte label")
        assertVerdict(
            try CheckTesting.run(.draw, "TEXT_LENGTH=2", "LABEL", "RUN_OF_LABEL"), .fail,
            "test-ramp with label=\(sample): the plugin's display list has text 3 at item 2 whose length 2 ends inside a character; "
                + "end the run on a character boundary (best a grapheme's, where effect_kit_grapheme_next or Graphemes.clusters cuts)")
    }
}
