import EffectHost
import Foundation
import ReferenceMath
import XCTest

/// text-reveal against the seed (text-reveal.txt): its chunking, stagger,
/// curves, highlight wipes, replay and WordFlow layout, with expected
/// values worked out by hand or by the independent references.
final class RevealEffectTests: XCTestCase {
    private func reveal(_ params: [(String, Value)] = []) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/libReveal.so")
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "text-reveal")), params: params)
    }

    /// The six channels of unit `unit` in a frame, after the two globals.
    private func unitValues(_ frame: [Double], _ unit: Int) -> [Double] {
        Array(frame[(2 + unit * 6)..<(2 + unit * 6 + 6)])
    }

    /// (text, chunk, highlighted, word) for every element.
    private func units(_ instance: EffectInstance) throws -> [(String, Int, Bool, Int)] {
        try (0..<instance.elementCount).map { index in
            let element = try instance.element(index)
            return (element.text, Int(element.attributes[0]), element.attributes[1] == 1, Int(element.attributes[2]))
        }
    }

    private func assertUnits(
        _ actual: [(String, Int, Bool, Int)], _ expected: [(String, Int, Bool, Int)], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(actual.map(\.0), expected.map(\.0), "texts", file: file, line: line)
        XCTAssertEqual(actual.map(\.1), expected.map(\.1), "chunks", file: file, line: line)
        XCTAssertEqual(actual.map(\.2), expected.map(\.2), "highlighted", file: file, line: line)
        XCTAssertEqual(actual.map(\.3), expected.map(\.3), "words", file: file, line: line)
    }

    // MARK: splitting

    func testWordsKeepPunctuationAndHighlightsIgnoreIt() throws {
        let instance = try reveal([("text", .string("Hello,  world! It's\t3pm.")), ("highlights", .string("HELLO world"))])
        assertUnits(
            try units(instance),
            [("Hello,", 0, true, 0), ("world!", 0, true, 1), ("It's", 1, false, 2), ("3pm.", 2, false, 3)])
        XCTAssertEqual(instance.layoutItemCount, 3)
    }

    func testLongestPhraseWinsAndPhrasesDoNotOverlap() throws {
        let instance = try reveal([
            ("text", .string("one calm glance at one calm day")),
            ("highlights", .string("one calm|one calm glance|calm day")),
        ])
        assertUnits(
            try units(instance),
            [
                ("one", 0, true, 0), ("calm", 0, true, 1), ("glance", 0, true, 2), ("at", 1, false, 3),
                ("one", 2, true, 4), ("calm", 2, true, 5), ("day", 3, false, 6),
            ])
    }

    func testCharactersGroupByWordAndPhrase() throws {
        let instance = try reveal([
            ("text", .string("Hi there you")), ("unit", .choice("characters")), ("highlights", .string("there you")),
        ])
        let expected: [(String, Int, Bool, Int)] =
            [("H", 0, false, 0), ("i", 0, false, 0)] + Array("there").map { (String($0), 1, true, 1) }
            + Array("you").map { (String($0), 1, true, 2) }
        assertUnits(try units(instance), expected)
        // The grid layout measures a chunk as its words joined by spaces.
        let layout = try instance.layout(sizes: nil, containerWidth: 80)
        XCTAssertEqual(layout.items.map(\.width), [2, 9])
        XCTAssertEqual(layout.items.map(\.x), [0, 3])
    }

    func testEmptyTextHasNoUnits() throws {
        for text in ["", "   \n\t "] {
            let instance = try reveal([("text", .string(text))])
            XCTAssertEqual(instance.elementCount, 0)
            XCTAssertEqual(instance.frameSize, 2, "only the global channels")
            XCTAssertEqual(try instance.sample(at: 0.5), [1, 0])
            XCTAssertEqual(try instance.layout(sizes: [], containerWidth: 100).items.count, 0)
            XCTAssertEqual(try instance.info().timing, .ends(at: 0))
        }
    }

    func testLinesKeepEmptyLinesAndIgnoreHighlights() throws {
        let instance = try reveal([
            ("text", .string("First line\n\nThird\n")), ("unit", .choice("lines")), ("highlights", .string("first line")),
        ])
        assertUnits(
            try units(instance), [("First line", 0, false, 0), ("", 1, false, 1), ("Third", 2, false, 2), ("", 3, false, 3)])
    }

    /// Lines end at every line break, as SwiftUI's Text ends them: "\r\n" is one break, a lone "\r" another.
    func testLinesEndAtWindowsAndOldMacLineBreaksToo() throws {
        let instance = try reveal([("text", .string("First\r\nSecond\rThird")), ("unit", .choice("lines"))])
        XCTAssertEqual(try units(instance).map(\.0), ["First", "Second", "Third"])
    }

    // MARK: timing

    /// The seed's stagger: max(0, duration − 0.5) / (units − 1).
    func testStagger() throws {
        // 7 words, duration 0.8: 0.3 / 6 = 0.05 s apart. Unit 6 starts at
        // 0.3 s: at 0.3 it is still hidden, just after it has begun.
        let instance = try reveal([("preset", .choice("blur"))])
        XCTAssertEqual(unitValues(try instance.sample(at: 0.3), 6)[0], 0)
        XCTAssertEqual(unitValues(try instance.sample(at: 0.3 + 0.0275), 6)[0], Reference.easeOut(0.05), accuracy: 1e-12)
        // duration 2 over 4 units: 1.5 / 3 = 0.5 s apart.
        let slow = try reveal([("text", .string("a b c d")), ("duration", .number(2)), ("preset", .choice("blur"))])
        XCTAssertEqual(unitValues(try slow.sample(at: 1.499), 3)[0], 0, "unit 3 starts at 1.5 s")
        XCTAssertEqual(unitValues(try slow.sample(at: 1.775), 3)[0], Reference.easeOut(0.5), accuracy: 1e-12)
        // duration under 0.5 s: no stagger at all.
        let quick = try reveal([("text", .string("a b")), ("duration", .number(0.3)), ("preset", .choice("blur"))])
        let frame = try quick.sample(at: 0.2)
        XCTAssertEqual(unitValues(frame, 0)[0], Reference.easeOut(0.2 / 0.55), accuracy: 1e-12)
        XCTAssertEqual(unitValues(frame, 1)[0], Reference.easeOut(0.2 / 0.55), accuracy: 1e-12)
        // One unit: no stagger either.
        let single = try reveal([("text", .string("alone")), ("preset", .choice("blur"))])
        XCTAssertEqual(unitValues(try single.sample(at: 0.275), 0)[0], Reference.easeOut(0.5), accuracy: 1e-12)
    }

    func testMaskedRise() throws {
        let instance = try reveal()
        for (t, unit) in [(0.4, 3), (0.1, 0), (0.5, 6)] {
            let elapsed = t - Double(unit) * 0.05
            let p = Reference.spring(duration: 0.62, bounce: 0, at: elapsed)
            let values = unitValues(try instance.sample(at: t), unit)
            XCTAssertEqual(values[0], p, accuracy: 1e-9, "progress of \(unit) at \(t)")
            XCTAssertEqual(values[1], 1, "a masked unit is hidden by its mask, not by opacity")
            XCTAssertEqual(values[2], 1.05 * 48 * (1 - p), accuracy: 1e-7, "offset_y")
            XCTAssertEqual(values[3], 0)
            XCTAssertEqual(values[4], 1)
        }
        // Hidden at the start: one full mask height (plus 5%) down; the
        // frame says the reveal is masked.
        let start = try instance.sample(at: 0)
        XCTAssertEqual(Array(start[0..<2]), [1, 0])
        XCTAssertEqual(unitValues(start, 0), [0, 1, 50.400000000000006, 0, 1, 0])
    }

    func testUnmaskedRiseOvershoots() throws {
        let instance = try reveal([("text", .string("Up")), ("masks_rise", .bool(false))])
        // spring(0.5, bounce 0.12) peaks at π/ωd = 0.52634 s at 1.0029660 (by hand).
        let peak = unitValues(try instance.sample(at: 0.5263449506665744), 0)
        XCTAssertEqual(peak[0], 1.0029660142389767, accuracy: 1e-9)
        XCTAssertEqual(peak[1], 1, "opacity is clamped")
        XCTAssertEqual(peak[2], 10 * (1 - 1.0029660142389767), accuracy: 1e-8, "it rises past its place")
        let early = unitValues(try instance.sample(at: 0.1), 0)
        let p = Reference.spring(duration: 0.5, bounce: 0.12, at: 0.1)
        XCTAssertEqual(early[0], p, accuracy: 1e-9)
        XCTAssertEqual(early[1], p, accuracy: 1e-9)
        XCTAssertEqual(early[2], 10 * (1 - p), accuracy: 1e-8)
    }

    func testBlurAndSoften() throws {
        let blur = try reveal([("text", .string("Soft")), ("preset", .choice("blur")), ("blur_radius", .number(12))])
        let p = Reference.easeOut(0.2 / 0.55)
        let blurred = unitValues(try blur.sample(at: 0.2), 0)
        for (value, expected) in zip(blurred, [p, p, 0, 12 * (1 - p), 1, 0]) { XCTAssertEqual(value, expected, accuracy: 1e-12) }
        XCTAssertEqual(Array(try blur.sample(at: 0.2)[0..<2]), [0, 0], "not masked, not fading highlights")
        let soften = try reveal([("text", .string("Soft")), ("preset", .choice("soften"))])
        let q = Reference.spring(duration: 0.5, bounce: 0, at: 0.2)
        let frame = unitValues(try soften.sample(at: 0.2), 0)
        XCTAssertEqual(frame[0], q, accuracy: 1e-9)
        XCTAssertEqual(frame[1], q, accuracy: 1e-9)
        XCTAssertEqual(frame[2], 0)
        XCTAssertEqual(frame[3], 0)
        XCTAssertEqual(frame[4], 0.96 + 0.04 * q, accuracy: 1e-9)
        XCTAssertEqual(Array(unitValues(try soften.sample(at: 0), 0)[0..<5]), [0, 0, 0, 0, 0.96])
    }

    func testHighlightWipe() throws {
        // "one calm glance." is chunk 4, units 4...6. It lands 0.42 s after
        // its last unit starts: 6 · 0.05 + 0.42 = 0.72 s, then follows smooth(0.5).
        let instance = try reveal([("highlights", .string("one calm glance"))])
        for t in [0.5, 0.72, 0.9, 1.2] {
            let frame = try instance.sample(at: t)
            let wipe = t <= 0.72 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: t - 0.72)
            for unit in 4...6 { XCTAssertEqual(unitValues(frame, unit)[5], wipe, accuracy: 1e-9, "unit \(unit) at \(t)") }
            for unit in 0...3 { XCTAssertEqual(unitValues(frame, unit)[5], 0, "unit \(unit) is not highlighted") }
        }
        // It ends when the wipe settles: 0.72 + 9.2334135 · 0.5 / 2π (the
        // critically damped spring's 1e-3 settle time, solved by hand).
        guard case let .ends(end) = try instance.info().timing else { return XCTFail("text-reveal ends") }
        XCTAssertEqual(end, 0.72 + 9.233413476451585 * 0.5 / (2 * .pi), accuracy: 1e-9)
        XCTAssertEqual(unitValues(try instance.sample(at: end + 0.01), 4)[5], 1, "at rest the wipe is exactly complete")
    }

    func testReduceMotion() throws {
        let instance = try reveal([
            ("reduce_motion", .bool(true)), ("delay", .number(0.1)), ("highlights", .string("one calm glance")),
        ])
        // No stagger: every unit eases out over 0.35 s from the delay; nothing moves.
        let p = Reference.easeOut(0.1 / 0.35)
        let frame = try instance.sample(at: 0.2)
        XCTAssertEqual(Array(frame[0..<2]), [0, 1], "not masked; the highlight fades")
        for unit in 0..<7 {
            let values = unitValues(frame, unit)
            XCTAssertEqual(values[0], p, accuracy: 1e-12)
            XCTAssertEqual(values[1], p, accuracy: 1e-12)
            XCTAssertEqual(Array(values[2...4]), [0, 0, 1])
        }
        // The block fades in from delay + 0.2 s over easeOut(0.3).
        XCTAssertEqual(unitValues(try instance.sample(at: 0.3), 4)[5], 0)
        XCTAssertEqual(unitValues(try instance.sample(at: 0.45), 4)[5], Reference.easeOut(0.5), accuracy: 1e-12)
        guard case let .ends(end) = try instance.info().timing else { return XCTFail("text-reveal ends") }
        XCTAssertEqual(end, 0.6, accuracy: 1e-12, "the block's fade ends at 0.1 + 0.2 + 0.3")
    }

    func testReplayRestartsFromHidden() throws {
        let instance = try reveal([("preset", .choice("blur"))])
        try instance.set("replay", to: .integer(1), at: 2)
        XCTAssertEqual(unitValues(try instance.sample(at: 1.99), 0)[0], 1)
        XCTAssertEqual(Array(unitValues(try instance.sample(at: 2), 0)[0..<5]), [0, 0, 0, 8, 1], "hidden again")
        // 0.37 s into the replay, unit 2 (started at 0.1 s) is 0.27 s into its easeOut(0.55).
        XCTAssertEqual(unitValues(try instance.sample(at: 2.37), 2)[0], Reference.easeOut(0.27 / 0.55), accuracy: 1e-12)
        // Setting the value it already has replays nothing.
        try instance.set("replay", to: .integer(1), at: 3)
        XCTAssertEqual(unitValues(try instance.sample(at: 3.01), 0)[0], 1)
        // A preset changed before the replay applies from the replay on.
        let changed = try reveal([("preset", .choice("blur"))])
        try changed.set("preset", to: .choice("soften"), at: 1)
        try changed.set("replay", to: .integer(7), at: 1.5)
        XCTAssertEqual(unitValues(try changed.sample(at: 1.2), 0)[4], 1)
        XCTAssertEqual(unitValues(try changed.sample(at: 1.5), 0)[4], 0.96, "soften starts at scale 0.96")
    }

    // MARK: layout

    /// Chunks Plan, the, week, in and the highlighted "one calm glance."
    private func layoutInstance(_ alignment: String) throws -> EffectInstance {
        try reveal([("alignment", .choice(alignment)), ("highlights", .string("one calm glance"))])
    }

    private let sizes: [(width: Double, height: Double)] = [(80, 48), (56, 48), (96, 48), (32, 48), (250, 50)]

    /// Worked by hand: gap = round(0.24 · 50) = 12; the highlighted chunk is
    /// 250 + 2 · 2 wide in the flow; its block pad is round(0.16 · 50) = 8.
    func testLayoutAtWidth300() throws {
        let layout = try layoutInstance("leading").layout(sizes: sizes, containerWidth: 300)
        XCTAssertEqual(layout.items.map(\.x), [0, 92, 160, 268, 2])
        XCTAssertEqual(layout.items.map(\.y), [0, 0, 0, 0, 48])
        XCTAssertEqual(layout.items.map(\.row), [0, 0, 0, 0, 1])
        XCTAssertEqual(layout.width, 300)
        XCTAssertEqual(layout.height, 98)
        let block = try XCTUnwrap(layout.items[4].decoration)
        XCTAssertEqual([block.x, block.y, block.width, block.height, block.radius], [-6, 47.5, 266, 52, 12])
        XCTAssertNil(layout.items[0].decoration)

        let center = try layoutInstance("center").layout(sizes: sizes, containerWidth: 300)
        XCTAssertEqual(center.items.map(\.x), [0, 92, 160, 268, 25], "the second row is centred: (300 − 254) / 2 + 2")
        XCTAssertEqual(center.items[4].decoration?.x, 17)
        let trailing = try layoutInstance("trailing").layout(sizes: sizes, containerWidth: 300)
        XCTAssertEqual(trailing.items.map(\.x), [0, 92, 160, 268, 48])
    }

    func testLayoutAtWidth200WrapsAndOverflows() throws {
        let layout = try layoutInstance("leading").layout(sizes: sizes, containerWidth: 200)
        XCTAssertEqual(layout.items.map(\.x), [0, 92, 0, 108, 2])
        XCTAssertEqual(layout.items.map(\.y), [0, 0, 48, 48, 96])
        XCTAssertEqual(layout.items.map(\.row), [0, 0, 1, 1, 2])
        XCTAssertEqual(layout.width, 254, "the phrase never breaks, so it overflows its row")
        XCTAssertEqual(layout.height, 146)
    }

    func testLayoutBottomAlignsAndCentresWithinItsOwnWidth() throws {
        let layout = try layoutInstance("center").layout(sizes: sizes, containerWidth: 1000)
        // One row, 80 + 56 + 96 + 32 + 254 + 4 · 12 = 566 wide: the layout is
        // that wide, so the row starts at 0 (WordFlow places rows within the
        // size it reports); the 48-tall words sit 2 lower than the 50-tall phrase.
        XCTAssertEqual(layout.width, 566)
        XCTAssertEqual(layout.items.map(\.x), [0, 92, 160, 268, 314])
        XCTAssertEqual(layout.items.map(\.y), [2, 2, 2, 2, 0])
        XCTAssertEqual(layout.height, 50)
        // Two rows of 300 and 254 at width 300 (above) centre the second in the first.
        let wrapped = try layoutInstance("center").layout(sizes: sizes, containerWidth: 200)
        XCTAssertEqual(wrapped.width, 254)
        XCTAssertEqual(wrapped.items.map(\.x), [53, 145, 57, 165, 2], "rows of 148, 140 and 254 centred in 254")
    }

    func testLayoutStacksLines() throws {
        let instance = try reveal([("text", .string("First line\n\nThird")), ("unit", .choice("lines")), ("alignment", .choice("center"))])
        let layout = try instance.layout(sizes: [(100, 20), (0, 20), (60, 20)], containerWidth: 200)
        XCTAssertEqual(layout.items.map(\.x), [0, 50, 20], "centred within the widest line, 100")
        XCTAssertEqual(layout.items.map(\.y), [0, 20, 40])
        XCTAssertEqual(layout.height, 60)
        XCTAssertEqual(layout.width, 100)
    }

    func testGridLayoutForTerminals() throws {
        let layout = try layoutInstance("leading").layout(sizes: nil, containerWidth: 20)
        XCTAssertEqual(layout.items.map(\.x), [0, 5, 9, 14, 0])
        XCTAssertEqual(layout.items.map(\.y), [0, 0, 0, 0, 1])
        XCTAssertEqual(layout.items.map(\.width), [4, 3, 4, 2, 16])
        let block = try XCTUnwrap(layout.items[4].decoration)
        XCTAssertEqual([block.x, block.y, block.width, block.height, block.radius], [0, 1, 16, 1, 0])
    }

    func testLayoutRefusesBadInput() throws {
        let instance = try layoutInstance("leading")
        XCTAssertThrowsError(try instance.layout(sizes: Array(sizes.prefix(3)), containerWidth: 100)) { error in
            XCTAssertEqual((error as? EffectError)?.message, "item_count is 3; this instance lays out 5 items")
        }
        XCTAssertThrowsError(try instance.layout(sizes: [(80, 48), (56, .nan), (96, 48), (32, 48), (250, 50)], containerWidth: 100)) {
            error in XCTAssertEqual((error as? EffectError)?.statusName, "EFFECT_ERR_RANGE")
        }
        XCTAssertThrowsError(try instance.layout(sizes: sizes, containerWidth: -1))
        XCTAssertThrowsError(try instance.layout(sizes: sizes, containerWidth: .infinity))
    }

    func testGridCountsWideCharactersAsTwoCells() throws {
        let instance = try reveal([("text", .string("日本 語 ok 🙂")), ("highlights", .string(""))])
        let layout = try instance.layout(sizes: nil, containerWidth: 80)
        XCTAssertEqual(layout.items.map(\.width), [4, 2, 2, 2])
        XCTAssertEqual(layout.items.map(\.x), [0, 5, 8, 11])
    }

    func testLayoutRefusesSizesThatOverflow() throws {
        let instance = try reveal([("text", .string("a b"))])
        XCTAssertThrowsError(try instance.layout(sizes: [(1, 1e308), (1, 1e308)], containerWidth: 10)) { error in
            XCTAssertEqual((error as? EffectError)?.message, "the sizes are too large to lay out")
        }
    }

    /// Replays only redo the timing: thousands of them on a long text stay
    /// cheap, where rebuilding the text every time would not finish.
    func testManyReplaysOnALongText() throws {
        let words = (0..<5000).map { "word\($0)" }.joined(separator: " ")
        let instance = try reveal([("text", .string(words)), ("highlights", .string("word10 word11|word4999"))])
        for replay in 1...500 { try instance.set("replay", to: .integer(Int64(replay)), at: Double(replay)) }
        XCTAssertEqual(instance.elementCount, 5000)
        let frame = try instance.sample(at: 500)
        XCTAssertEqual(unitValues(frame, 0)[0], 0, "hidden again at the last replay")
        XCTAssertEqual(unitValues(frame, 4999)[1], 1, "masked: opacity stays 1")
    }

    func testParamsRefused() throws {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/libReveal.so")
        let effect = try XCTUnwrap(plugin.effect(id: "text-reveal"))
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("unit", .choice("sentences"))])) { error in
            XCTAssertEqual(
                (error as? EffectError)?.message, "param 'unit' has no choice 'sentences' (choices: characters, words, lines)")
        }
        XCTAssertThrowsError(try plugin.instantiate(effect, params: [("duration", .number(-1))]))
        let instance = try plugin.instantiate(effect)
        XCTAssertThrowsError(try instance.set("text", to: .string("other"), at: 1))
    }
}
