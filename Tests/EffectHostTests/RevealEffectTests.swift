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
            XCTAssertEqual(instance.frameSize, 0)
            XCTAssertEqual(try instance.sample(at: 0.5), [])
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

    // MARK: timing

    /// The seed's stagger: max(0, duration − 0.5) / (units − 1).
    func testStagger() throws {
        // 7 words, duration 0.8: 0.3 / 6 = 0.05 s apart. Unit 6 starts at
        // 0.3 s: at 0.3 it is still hidden, just after it has begun.
        let instance = try reveal([("preset", .choice("blur"))])
        XCTAssertEqual(try instance.sample(at: 0.3)[6 * 6], 0)
        XCTAssertEqual(try instance.sample(at: 0.3 + 0.0275)[6 * 6], Reference.easeOut(0.05), accuracy: 1e-12)
        // duration 2 over 4 units: 1.5 / 3 = 0.5 s apart.
        let slow = try reveal([("text", .string("a b c d")), ("duration", .number(2)), ("preset", .choice("blur"))])
        XCTAssertEqual(try slow.sample(at: 1.499)[3 * 6], 0, "unit 3 starts at 1.5 s")
        XCTAssertEqual(try slow.sample(at: 1.775)[3 * 6], Reference.easeOut(0.5), accuracy: 1e-12)
        // duration under 0.5 s: no stagger at all.
        let quick = try reveal([("text", .string("a b")), ("duration", .number(0.3)), ("preset", .choice("blur"))])
        let frame = try quick.sample(at: 0.2)
        XCTAssertEqual(frame[0], frame[6])
        // One unit: no stagger either.
        let single = try reveal([("text", .string("alone")), ("preset", .choice("blur"))])
        XCTAssertEqual(try single.sample(at: 0.275)[0], Reference.easeOut(0.5), accuracy: 1e-12)
    }

    func testMaskedRise() throws {
        let instance = try reveal()
        for (t, unit) in [(0.4, 3), (0.1, 0), (0.5, 6)] {
            let elapsed = t - Double(unit) * 0.05
            let p = Reference.spring(duration: 0.62, bounce: 0, at: elapsed)
            let values = Array(try instance.sample(at: t)[(unit * 6)..<(unit * 6 + 6)])
            XCTAssertEqual(values[0], p, accuracy: 1e-9, "progress of \(unit) at \(t)")
            XCTAssertEqual(values[1], 1, "a masked unit is hidden by its mask, not by opacity")
            XCTAssertEqual(values[2], 1.05 * 48 * (1 - p), accuracy: 1e-7, "offset_y")
            XCTAssertEqual(values[3], 0)
            XCTAssertEqual(values[4], 1)
        }
        // Hidden at the start: one full mask height (plus 5%) down.
        XCTAssertEqual(Array(try instance.sample(at: 0)[0..<6]), [0, 1, 50.400000000000006, 0, 1, 0])
    }

    func testUnmaskedRiseOvershoots() throws {
        let instance = try reveal([("text", .string("Up")), ("masks_rise", .bool(false))])
        // spring(0.5, bounce 0.12) peaks at π/ωd = 0.52634 s at 1.0029660 (by hand).
        let peak = try instance.sample(at: 0.5263449506665744)
        XCTAssertEqual(peak[0], 1.0029660142389767, accuracy: 1e-9)
        XCTAssertEqual(peak[1], 1, "opacity is clamped")
        XCTAssertEqual(peak[2], 10 * (1 - 1.0029660142389767), accuracy: 1e-8, "it rises past its place")
        let early = try instance.sample(at: 0.1)
        let p = Reference.spring(duration: 0.5, bounce: 0.12, at: 0.1)
        XCTAssertEqual(early[0], p, accuracy: 1e-9)
        XCTAssertEqual(early[1], p, accuracy: 1e-9)
        XCTAssertEqual(early[2], 10 * (1 - p), accuracy: 1e-8)
    }

    func testBlurAndSoften() throws {
        let blur = try reveal([("text", .string("Soft")), ("preset", .choice("blur")), ("blur_radius", .number(12))])
        let p = Reference.easeOut(0.2 / 0.55)
        XCTAssertEqual(Array(try blur.sample(at: 0.2)[0..<5]).map { ($0 * 1e9).rounded() / 1e9 },
            [p, p, 0, 12 * (1 - p), 1].map { ($0 * 1e9).rounded() / 1e9 })
        let soften = try reveal([("text", .string("Soft")), ("preset", .choice("soften"))])
        let q = Reference.spring(duration: 0.5, bounce: 0, at: 0.2)
        let frame = try soften.sample(at: 0.2)
        XCTAssertEqual(frame[0], q, accuracy: 1e-9)
        XCTAssertEqual(frame[1], q, accuracy: 1e-9)
        XCTAssertEqual(frame[2], 0)
        XCTAssertEqual(frame[3], 0)
        XCTAssertEqual(frame[4], 0.96 + 0.04 * q, accuracy: 1e-9)
        XCTAssertEqual(Array(try soften.sample(at: 0)[0..<5]), [0, 0, 0, 0, 0.96])
    }

    func testHighlightWipe() throws {
        // Default text and highlight: "one calm glance." is chunk 4, units 4...6.
        // It lands 0.42 s after its last unit starts: 6 · 0.05 + 0.42 = 0.72 s,
        // then follows smooth(0.5).
        let instance = try reveal()
        for t in [0.5, 0.72, 0.9, 1.2] {
            let frame = try instance.sample(at: t)
            let wipe = t <= 0.72 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: t - 0.72)
            for unit in 4...6 { XCTAssertEqual(frame[unit * 6 + 5], wipe, accuracy: 1e-9, "unit \(unit) at \(t)") }
            for unit in 0...3 { XCTAssertEqual(frame[unit * 6 + 5], 0, "unit \(unit) is not highlighted") }
        }
        // It ends when the wipe settles: 0.72 + 9.2334135 · 0.5 / 2π (the
        // critically damped spring's 1e-3 settle time, solved by hand).
        guard case let .ends(end) = try instance.info().timing else { return XCTFail("text-reveal ends") }
        XCTAssertEqual(end, 0.72 + 9.233413476451585 * 0.5 / (2 * .pi), accuracy: 1e-9)
        XCTAssertEqual(try instance.sample(at: end + 0.01)[4 * 6 + 5], 1, "at rest the wipe is exactly complete")
    }

    func testReduceMotion() throws {
        let instance = try reveal([("reduce_motion", .bool(true)), ("delay", .number(0.1))])
        // No stagger: every unit eases out over 0.35 s from the delay; nothing moves.
        let p = Reference.easeOut(0.1 / 0.35)
        let frame = try instance.sample(at: 0.2)
        for unit in 0..<7 {
            XCTAssertEqual(frame[unit * 6], p, accuracy: 1e-12)
            XCTAssertEqual(frame[unit * 6 + 1], p, accuracy: 1e-12)
            XCTAssertEqual(Array(frame[(unit * 6 + 2)...(unit * 6 + 4)]), [0, 0, 1])
        }
        // The block fades in from delay + 0.2 s over easeOut(0.3).
        XCTAssertEqual(try instance.sample(at: 0.3)[4 * 6 + 5], 0)
        XCTAssertEqual(try instance.sample(at: 0.45)[4 * 6 + 5], Reference.easeOut(0.5), accuracy: 1e-12)
        guard case let .ends(end) = try instance.info().timing else { return XCTFail("text-reveal ends") }
        XCTAssertEqual(end, 0.6, accuracy: 1e-12, "the block's fade ends at 0.1 + 0.2 + 0.3")
    }

    func testReplayRestartsFromHidden() throws {
        let instance = try reveal([("preset", .choice("blur"))])
        try instance.set("replay", to: .integer(1), at: 2)
        let settled = try instance.sample(at: 1.99)
        XCTAssertEqual(settled[0], 1)
        XCTAssertEqual(Array(try instance.sample(at: 2)[0..<5]), [0, 0, 0, 8, 1], "hidden again")
        let first = try instance.sample(at: 0.37)
        let again = try instance.sample(at: 2.37)
        for (a, b) in zip(first, again) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        // Setting the value it already has replays nothing.
        try instance.set("replay", to: .integer(1), at: 3)
        XCTAssertEqual(try instance.sample(at: 3.01)[0], 1)
        // A preset changed before the replay applies from the replay on.
        let changed = try reveal([("preset", .choice("blur"))])
        try changed.set("preset", to: .choice("soften"), at: 1)
        try changed.set("replay", to: .integer(7), at: 1.5)
        XCTAssertEqual(try changed.sample(at: 1.2)[4], 1)
        XCTAssertEqual(try changed.sample(at: 1.5)[4], 0.96, "soften starts at scale 0.96")
    }

    // MARK: layout

    /// Chunks Plan, the, week, in and the highlighted "one calm glance."
    private func layoutInstance(_ alignment: String) throws -> EffectInstance {
        try reveal([("alignment", .choice(alignment))])
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

    func testLayoutBottomAlignsAndCentresOneRow() throws {
        let layout = try layoutInstance("center").layout(sizes: sizes, containerWidth: 1000)
        // Row width 80 + 56 + 96 + 32 + 254 + 4 · 12 = 566, centred at (1000 − 566) / 2 = 217;
        // the 48-tall words sit 2 lower than the 50-tall phrase.
        XCTAssertEqual(layout.items.map(\.x), [217, 309, 377, 485, 531])
        XCTAssertEqual(layout.items.map(\.y), [2, 2, 2, 2, 0])
        XCTAssertEqual(layout.height, 50)
    }

    func testLayoutStacksLines() throws {
        let instance = try reveal([("text", .string("First line\n\nThird")), ("unit", .choice("lines")), ("alignment", .choice("center"))])
        let layout = try instance.layout(sizes: [(100, 20), (0, 20), (60, 20)], containerWidth: 200)
        XCTAssertEqual(layout.items.map(\.x), [50, 100, 70])
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
