import EffectHost
import Foundation
import XCTest

/// examples/c-plugin/typewriter.c: a third party's typewriter written with
/// the C kit alone (no UTF-8 code of its own), built by its comment's cc
/// line, validated, and drawn as the prefix of the one text it keeps.
final class TypewriterExampleTests: XCTestCase {
    private func build() throws -> String {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = directory + "/libTypewriter.so"
        let examples = TestEnvironment.packageRoot + "/examples/c-plugin"
        let source = try String(contentsOfFile: examples + "/typewriter.c", encoding: .utf8)
        XCTAssertFalse(source.contains("0xC0") || source.contains("0x80"), "typewriter.c decodes no UTF-8 itself")
        let line = try XCTUnwrap(
            source.split(separator: "\n").first { $0.hasPrefix(" *   cc ") }, "typewriter.c's comment has no cc line")
        let words = line.dropFirst(3).split(separator: " ").map(String.init)
        let output = try XCTUnwrap(words.firstIndex(of: "-o"), "the cc line names no output") + 1
        let build = try TestEnvironment.run(
            "/usr/bin/env", words.enumerated().map { $0.offset == output ? plugin : $0.element } + ["-pedantic"],
            directory: examples)
        XCTAssertEqual(build.status, 0, build.stderr)
        return plugin
    }

    private func texts(_ list: DisplayList) -> [String] {
        list.items.compactMap { if case let .text(text) = $0 { text.text } else { nil } }
    }

    private func caret(_ list: DisplayList) -> DrawShape? {
        list.items.lazy.compactMap { if case let .shape(shape) = $0 { shape } else { nil } }.first
    }

    func testItValidates() throws {
        let plugin = try build()
        let validate = try TestEnvironment.run(TestEnvironment.effectHost, ["validate", "--seed", "50", plugin])
        XCTAssertEqual(validate.status, 0, validate.stdout)
        XCTAssertTrue(validate.stdout.contains("  pass   loops          "), validate.stdout)
        XCTAssertTrue(validate.stdout.contains("  pass   draw           "), validate.stdout)
        XCTAssertTrue(validate.stdout.hasSuffix("17 pass, 1 skip, 0 warn, 0 fail, 0 crash (seed 50)\n"), validate.stdout)
    }

    /// Characters as a reader counts them: e + U+0301 and a family of three
    /// joined by ZWJs type as one each; character k shows from k / speed.
    func testItTypesWholeCharactersOfOneText() throws {
        let plugin = try Plugin.load(path: try build())
        let effect = try XCTUnwrap(plugin.effect(id: "typewriter"))
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let text = "e\u{301}" + family + "ab"
        let instance = try plugin.instantiate(effect, params: [("text", .string(text)), ("characters_per_second", .number(4))])
        // Four characters at 4 a second: typed by t = 1, then a 1 s blink.
        XCTAssertEqual(try instance.info().timing, .loops(start: 1, period: 1))
        XCTAssertEqual(texts(try instance.draw(at: 0.2)), [])
        XCTAssertEqual(texts(try instance.draw(at: 0.25)), ["e\u{301}"])
        XCTAssertEqual(texts(try instance.draw(at: 0.6)), ["e\u{301}" + family])
        XCTAssertEqual(texts(try instance.draw(at: 0.75)), ["e\u{301}" + family + "a"])
        XCTAssertEqual(texts(try instance.draw(at: 7)), [text])
        // typed over characters, and the caret: steady while typing, then on
        // for the first half of each second from t = 1.
        XCTAssertEqual(try instance.sample(at: 0.6), [0.5, 1])
        XCTAssertEqual(try instance.sample(at: 1.2), [1, 1])
        XCTAssertEqual(try instance.sample(at: 1.7), [1, 0])
        XCTAssertEqual(try instance.sample(at: 2.5), [1, 0])
        XCTAssertEqual(try instance.sample(at: 3.0), [1, 1])
        XCTAssertNil(caret(try instance.draw(at: 1.7)))

        // The caret stands 1 pt after the typed run, 2 pt wide, as tall as the
        // line, and the view is as wide as all of the text and the caret.
        let list = try instance.draw(at: 0.6)
        guard case let .text(run) = list.items.first else { return XCTFail("\(list.items)") }
        let bar = try XCTUnwrap(caret(list))
        XCTAssertEqual(bar.frame.x, run.advance + 1, accuracy: 1e-9)
        XCTAssertEqual(bar.frame.width, 2)
        XCTAssertEqual(bar.frame.height, run.ascent + run.descent, accuracy: 1e-9)
        XCTAssertEqual(run.y, run.ascent, accuracy: 1e-9)
        let whole = try instance.draw(at: 7)
        guard case let .text(all) = whole.items.first else { return XCTFail("\(whole.items)") }
        XCTAssertEqual(list.width, all.advance + 3, accuracy: 1e-9)
        XCTAssertEqual(list.bounds.width, list.width)
    }

    /// Japanese, Arabic (a prefix shaped as one run) and Hindi, whose
    /// conjunct क्ष types as one character.
    func testScriptsPeopleWriteIn() throws {
        let plugin = try Plugin.load(path: try build())
        let effect = try XCTUnwrap(plugin.effect(id: "typewriter"))
        let cases: [(text: String, at: Double, typed: String)] = [
            ("\u{3053}\u{3093}\u{306B}\u{3061}\u{306F}", 0.25, "\u{3053}\u{3093}\u{306B}"),
            ("\u{645}\u{631}\u{62D}\u{628}\u{627}", 0.25, "\u{645}\u{631}\u{62D}"),
            ("\u{915}\u{94D}\u{937}\u{92E}\u{93E}", 0.1, "\u{915}\u{94D}\u{937}"),
        ]
        for (text, t, typed) in cases {
            let instance = try plugin.instantiate(effect, params: [("text", .string(text))])
            XCTAssertEqual(texts(try instance.draw(at: t)), [typed], text)
        }
    }

    /// One copy of the text, so a page of it is fine: 60,000 bytes type and
    /// draw (a prefix measured in pieces); past 65,536 bytes is refused.
    func testALongTextKeepsOneCopy() throws {
        let plugin = try Plugin.load(path: try build())
        let effect = try XCTUnwrap(plugin.effect(id: "typewriter"))
        let page = String(repeating: "The quick brown fox. ", count: 2857) + "end"
        XCTAssertEqual(page.utf8.count, 60_000)
        let instance = try plugin.instantiate(
            effect, params: [("text", .string(page)), ("characters_per_second", .number(100))])
        XCTAssertEqual(texts(try instance.draw(at: 300)), [String(page.prefix(30_000))])
        XCTAssertThrowsError(
            try plugin.instantiate(effect, params: [("text", .string(String(repeating: "a", count: 65_537)))])
        ) { error in
            XCTAssertEqual((error as? EffectError)?.message, "param 'text' is 65537 bytes of UTF-8; it may be at most 65536")
        }
    }
}
