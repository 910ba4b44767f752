import CEffect
import EffectHost
import XCTest

/// text-reveal says, through effect_instance_info.notes (ABI 1.5), which
/// highlight phrases highlight nothing: the plugin decides what matched,
/// and a host passes the line on (issue 48: `highlights=weekend` was
/// dropped without a word).
final class RevealNotesTests: XCTestCase {
    private func notes(_ params: [(String, Value)]) throws -> String? {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/libReveal.so")
        let instance = try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "text-reveal")), params: params)
        var info = effect_instance_info()
        info.struct_size = UInt32(MemoryLayout<effect_instance_info>.size)
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        XCTAssertEqual(plugin.table.pointee.instance_info!(instance.rawHandle, &info, &error), EFFECT_OK)
        XCTAssertEqual(info.struct_size, 64, "a 1.5 plugin fills the notes")
        return info.notes.map { String(cString: $0) }
    }

    func testAPhraseThatMatchesNothingIsNoted() throws {
        XCTAssertEqual(
            try notes([("highlights", .string("weekend"))]),
            "the highlight 'weekend' matches no words of the text, so nothing is highlighted for it")
    }

    /// "Plan the week in one calm glance.": whole words, any case,
    /// punctuation ignored, so "CALM, glance!" and "week" match and
    /// "wee" does not; the phrases left out are named as typed, in order.
    func testOnlyThePhrasesThatMatchNothingAreNamed() throws {
        XCTAssertEqual(
            try notes([("highlights", .string(" weekend |CALM, glance!|week| wee |Monday"))]),
            "the highlights 'weekend', 'wee' and 'Monday' match no words of the text, so nothing is highlighted for them")
        XCTAssertEqual(try notes([("highlights", .string("CALM, glance!|week"))]), "")
        XCTAssertEqual(try notes([]), "", "the default text highlights nothing and is asked to highlight nothing")
        XCTAssertEqual(try notes([("highlights", .string(" | "))]), "", "a phrase of white space is no phrase")
    }

    func testHighlightsWithUnitLinesAreNoted() throws {
        XCTAssertEqual(
            try notes([("unit", .choice("lines")), ("highlights", .string("calm glance"))]),
            "with unit lines no phrase is highlighted, so the highlights are left out")
        XCTAssertEqual(try notes([("unit", .choice("lines"))]), "")
    }

    /// A phrase that reaches over a line break is one line of the note.
    func testANoteIsOneLine() throws {
        XCTAssertEqual(
            try notes([("highlights", .string("next\nweek"))]),
            "the highlight 'next week' matches no words of the text, so nothing is highlighted for it")
    }
}
