import CEffect
@testable import EffectABI
import XCTest

/// The kit's text runs (ABI 1.6): a string kept once and drawn in part,
/// as a typewriter draws `Text(text.prefix(n))`. Byte counts are worked out
/// here from UTF-8 (n 1, e 1, U+0301 2, the family emoji 25, x 1).
final class TextRunKitTests: XCTestCase {
    private let strings = StringPool()
    private let font = Font.system(size: 12, weight: .regular)
    private let black = RGBA(red: 0, green: 0, blue: 0)

    /// What the measurer was asked, a piece at a time, in this test's thread.
    nonisolated(unsafe) private static var asked: [String] = []
    private static let measure: effect_measure_fn = { _, text, _, _, _, out in
        let string = String(validatingCString: text!)
        asked.append(string ?? "<not UTF-8>")
        out!.pointee = effect_text_metrics(advance: Double(strlen(text!)) * 10, ascent: 8, descent: 2)
        return EFFECT_OK
    }

    /// The text items `body` draws, as (text, length, the run it names).
    private func items(measured: Bool, _ body: (inout Canvas) -> Void) -> [(pointer: UnsafePointer<CChar>, length: UInt32, run: String)] {
        let items = UnsafeMutablePointer<effect_draw_item>.allocate(capacity: 16)
        defer { items.deallocate() }
        var canvas = Canvas(
            list: ItemBuffer(items: items, capacity: 16),
            measurer: measured ? TextMeasurer(function: Self.measure, context: nil) : .reference, proposal: .unspecified)
        body(&canvas)
        return (0..<canvas.itemCount).map { index in
            let text = items[index].text
            let length = text.length == 0 ? strlen(text.text) : Int(text.length)
            let run = String(decoding: UnsafeRawBufferPointer(start: text.text, count: length), as: UTF8.self)
            return (text.text, text.length, run)
        }
    }

    func testAPrefixCountsCharactersAndNamesTheirBytesInTheOneString() {
        let typed = strings.clustered("ne\u{301}👩‍👩‍👧‍👦x")
        XCTAssertEqual(typed.count, 4, "n, é (e + U+0301), the family, x")
        let drawn = items(measured: false) { canvas in
            for n in [0, 1, 2, 3, 4, 9] {
                canvas.text(DrawID(UInt32(n + 1)), typed.prefix(n), at: .zero, font: font, color: black, metrics: .zero)
            }
        }
        XCTAssertEqual(drawn.map(\.run), ["", "n", "ne\u{301}", "ne\u{301}👩‍👩‍👧‍👦", "ne\u{301}👩‍👩‍👧‍👦x", "ne\u{301}👩‍👩‍👧‍👦x"])
        XCTAssertEqual(drawn.map(\.length), [0, 1, 4, 29, 0, 0], "all of it is length 0, as is the empty run (of \"\")")
        for item in drawn[1...] { XCTAssertEqual(item.pointer, typed.string.pointer, "one copy of the text") }
        XCTAssertEqual(drawn[0].pointer, CString.empty.pointer)
    }

    func testARangeOfCharactersStartsInsideTheString() {
        let typed = strings.clustered("ne\u{301}x")
        let drawn = items(measured: false) { canvas in
            canvas.text(1, typed.clusters(1..<2), at: .zero, font: font, color: black, metrics: .zero)
        }
        XCTAssertEqual(drawn.map(\.run), ["e\u{301}"])
        XCTAssertEqual(drawn.map(\.length), [3])
        XCTAssertEqual(drawn.first?.pointer, typed.string.pointer + 1)
    }

    func testTheReferenceMetricsMeasureTheRunInPlace() {
        // "ramp" at 12 pt: (333 + 556 + 833 + 556) / 1000 x 12.
        let typed = strings.clustered("rampé up")
        var canvas = Canvas(list: ItemBuffer(items: nil, capacity: 0), measurer: .reference, proposal: .unspecified)
        let metrics = canvas.measure(typed.prefix(4), font: font)
        XCTAssertEqual(metrics.advance, 2.278 * 12, accuracy: 1e-12)
        XCTAssertEqual(metrics.ascent, 0.952 * 12, accuracy: 1e-12)
    }

    func testAHostMeasurerGetsTheRunInPiecesThatEndOnCharacters() {
        Self.asked = []
        // 300 bytes of ASCII, then 100 hiragana (3 bytes each): 600 bytes.
        let ascii = String(repeating: "ab", count: 150)
        let kana = String(repeating: "あ", count: 100)
        let typed = strings.clustered(ascii + kana + "!")
        var canvas = Canvas(
            list: ItemBuffer(items: nil, capacity: 0), measurer: TextMeasurer(function: Self.measure, context: nil), proposal: .unspecified)
        let metrics = canvas.measure(typed.prefix(400), font: font)
        XCTAssertEqual(metrics.advance, 6000, "10 pt a byte, every byte once")
        XCTAssertEqual(metrics.ascent, 8)
        XCTAssertEqual(Self.asked.joined(), ascii + kana)
        // Each piece ends where the last character within 255 bytes ends: 255 (ASCII);
        // from 255, 510 (kana end at 300 + 3k, and 510 = 300 + 3 x 70); then the last 90.
        XCTAssertEqual(Self.asked.map(\.utf8.count), [255, 255, 90])
    }

    /// A piece never ends inside a character: the first 21 characters of
    /// "éé" (4 bytes) and 20 families of three (ZWJ sequences of 18 bytes)
    /// are 346 bytes, cut after 13 families (4 + 13 x 18 = 238; 14 would be
    /// 256), then the other 6 (108).
    func testAPieceEndsWhereACharacterEnds() {
        Self.asked = []
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        XCTAssertEqual(family.utf8.count, 18)
        let typed = strings.clustered("éé" + String(repeating: family, count: 20))
        var canvas = Canvas(
            list: ItemBuffer(items: nil, capacity: 0), measurer: TextMeasurer(function: Self.measure, context: nil), proposal: .unspecified)
        _ = canvas.measure(typed.prefix(21), font: font)
        XCTAssertEqual(Self.asked.map(\.utf8.count), [238, 108])
        XCTAssertEqual(Self.asked.map { Graphemes.clusters($0).count }, [15, 6])
    }

    func testATextViewDrawsItsRunMeasuredAsTheRun() {
        Self.asked = []
        let typed = strings.clustered("rampé up")
        let drawn = items(measured: true) { canvas in
            canvas.draw(Text(typed.prefix(5), font: font, color: black, id: 3))
        }
        XCTAssertEqual(drawn.map(\.run), ["rampé"])
        XCTAssertEqual(drawn.map(\.length), [6])
        XCTAssertEqual(Self.asked, ["rampé", "rampé"], "measured to size it and to draw it, as the run")
    }
}
