@testable import EffectABI
import XCTest

/// Arabic letters drawn one at a time keep the forms the word gives them:
/// joiners go where Unicode's joining types (ArabicShaping.txt) connect
/// two letters, worked out here by hand from those types.
final class JoiningTests: XCTestCase {
    private func joined(_ word: String) -> [String] {
        CursiveJoining.joined(Graphemes.clusters(word))
    }

    func testJoiningTypesFromUnicodesData() {
        // ب dual, ا right, ء none, tatweel join-causing, fatha transparent, ZWJ causing, ZWNJ none, Latin none.
        let types = ["\u{0628}", "\u{0627}", "\u{0621}", "\u{0640}", "\u{064E}", "\u{200D}", "\u{200C}", "a"].map {
            JoiningType.of($0.unicodeScalars.first!)
        }
        XCTAssertEqual(types, [.dual, .right, .none, .causing, .transparent, .causing, .none, .none])
    }

    func testEachLetterJoinsWhereItsNeighbourDoes() {
        // م joins ر; ر (right-joining) lets go of ح; ح joins ب joins ا.
        XCTAssertEqual(
            joined("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}"),
            ["\u{0645}\u{200D}", "\u{200D}\u{0631}", "\u{062D}\u{200D}", "\u{200D}\u{0628}\u{200D}", "\u{200D}\u{0627}"])
    }

    func testAVowelMarkIsSeenThroughAndANonJoinerIsKept() {
        // بَ (with fatha) still joins ت; a ZWNJ the text has keeps its letters apart.
        XCTAssertEqual(joined("\u{0628}\u{064E}\u{062A}"), ["\u{0628}\u{064E}\u{200D}", "\u{200D}\u{062A}"])
        XCTAssertEqual(joined("\u{0628}\u{200C}\u{062A}"), ["\u{0628}\u{200C}", "\u{062A}"])
    }

    func testLamAndTheAlefAfterItAreOneCharacter() {
        // سلام: س, لا (one, the ligature), م. Each of the four alefs ligates; a shadda on the lam is carried along.
        XCTAssertEqual(CursiveJoining.characters(of: "\u{0633}\u{0644}\u{0627}\u{0645}"), ["\u{0633}", "\u{0644}\u{0627}", "\u{0645}"])
        for alef in ["\u{0622}", "\u{0623}", "\u{0625}", "\u{0627}"] {
            XCTAssertEqual(CursiveJoining.characters(of: "\u{0644}" + alef), ["\u{0644}" + alef])
        }
        XCTAssertEqual(CursiveJoining.characters(of: "\u{0644}\u{0651}\u{0627}"), ["\u{0644}\u{0651}\u{0627}"])
        // Lam before another letter, alef after another letter, and a second alef stay apart.
        XCTAssertEqual(CursiveJoining.characters(of: "\u{0644}\u{0628}"), ["\u{0644}", "\u{0628}"])
        XCTAssertEqual(CursiveJoining.characters(of: "\u{0628}\u{0627}"), ["\u{0628}", "\u{0627}"])
        XCTAssertEqual(CursiveJoining.characters(of: "\u{0644}\u{0627}\u{0627}"), ["\u{0644}\u{0627}", "\u{0627}"])
        // The ligature joins the letter before it and lets go of the one after, as its alef does.
        XCTAssertEqual(
            CursiveJoining.joined(CursiveJoining.characters(of: "\u{0633}\u{0644}\u{0627}\u{0645}")),
            ["\u{0633}\u{200D}", "\u{200D}\u{0644}\u{0627}", "\u{0645}"])
        XCTAssertEqual(CursiveJoining.characters(of: "calm").map(String.init), ["c", "a", "l", "m"])
    }

    func testScriptsThatDoNotJoinAreUntouched() {
        XCTAssertEqual(joined("calm"), ["c", "a", "l", "m"])
        XCTAssertEqual(joined("\u{05E9}\u{05DC}"), ["\u{05E9}", "\u{05DC}"], "Hebrew letters do not join")
        XCTAssertEqual(joined("\u{0628}"), ["\u{0628}"])
    }
}
