import EffectHost
import Foundation
import ReferenceMath
import XCTest

/// ABI 1.2's `draw`: each bundled effect's display list at chosen times,
/// against geometry worked out here from the seeds' view bodies and the
/// ABI's reference metrics (effect.h), independently of the plugins.
final class DrawTests: XCTestCase {
    private func instance(_ library: String, _ id: String, _ params: [(String, Value)] = []) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    /// The reference advance of `text` in 1/1000 em, from effect.h's table,
    /// for the characters these tests use.
    private func thousandths(_ text: String) -> Double {
        let table: [Character: Double] = [
            " ": 278, ".": 278, "A": 667, "B": 667, "E": 667, "H": 722, "R": 722, "S": 667, "T": 611, "P": 667,
            "a": 556, "c": 500, "e": 556, "g": 556, "h": 556, "i": 222, "k": 500, "l": 222, "m": 833, "n": 556,
            "o": 556, "p": 556, "t": 278, "w": 722,
        ]
        return text.reduce(0) { $0 + table[$1]! }
    }

    private func groups(_ list: DisplayList) -> [UInt32: DrawGroup] {
        var found: [UInt32: DrawGroup] = [:]
        for case let .group(group) in list.items { found[group.id] = group }
        return found
    }

    private func shapes(_ list: DisplayList) -> [UInt32: DrawShape] {
        var found: [UInt32: DrawShape] = [:]
        for case let .shape(shape) in list.items { found[shape.id] = shape }
        return found
    }

    private func texts(_ list: DisplayList) -> [UInt32: DrawText] {
        var found: [UInt32: DrawText] = [:]
        for case let .text(text) in list.items { found[text.id] = text }
        return found
    }

    func testStrikeDrawsTheSeedsRow() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal")
        // At 0.16 s the easeInOut amount is exactly 0.5.
        let list = try strike.draw(at: 0.16)
        let a = 0.5
        let expected = Reference.strike(amount: a)
        let advance = thousandths("Ship the component") / 1000 * 20 * 1.02
        let height = (0.952 + 0.241) * 20
        XCTAssertEqual(list.width, 16 + 10 + advance, accuracy: 1e-9)
        XCTAssertEqual(list.height, height, accuracy: 1e-9)
        let row = try XCTUnwrap(groups(list)[1])
        XCTAssertEqual(row.transform.scaleX, expected.scale, accuracy: 1e-12)
        XCTAssertEqual(row.transform.scaleY, expected.scale, accuracy: 1e-12)
        XCTAssertEqual(row.transform.anchorX, list.width / 2, accuracy: 1e-9, "the dip is about the row's centre")
        XCTAssertEqual(row.transform.anchorY, height / 2, accuracy: 1e-9)
        let tick = try XCTUnwrap(shapes(list)[2])
        XCTAssertEqual(tick.kind, .path)
        let top = (height - 16) / 2
        XCTAssertEqual(tick.segments, [.move(x: 1, y: 8 + top), .line(x: 6, y: 13 + top), .line(x: 15, y: 2 + top)])
        XCTAssertEqual(tick.trimEnd, expected.tickTrim, accuracy: 1e-12)
        XCTAssertEqual(tick.stroke, DrawStroke(color: 0x8A8F_98FF, width: 2.4, cap: .round, join: .round))
        XCTAssertNil(tick.fill)
        let style = try XCTUnwrap(groups(list)[3])
        XCTAssertEqual(style.opacity, expected.textOpacity, accuracy: 1e-12)
        XCTAssertEqual(style.saturation, expected.saturation, accuracy: 1e-12)
        let text = try XCTUnwrap(texts(list)[4])
        XCTAssertEqual(text.text, "Ship the component")
        XCTAssertEqual(text.x, 26, accuracy: 1e-9, "16 pt tick, 10 pt spacing")
        XCTAssertEqual(text.y, 0.952 * 20, accuracy: 1e-9)
        XCTAssertEqual(text.size, 20)
        XCTAssertEqual(text.weight, 500)
        XCTAssertEqual(text.advance, advance, accuracy: 1e-9)
        let line = try XCTUnwrap(shapes(list)[5])
        XCTAssertEqual(line.kind, .capsule)
        XCTAssertEqual(line.fill, .color(0x8A8F_98FF))
        XCTAssertEqual(line.frame.x, 26, accuracy: 1e-9)
        XCTAssertEqual(line.frame.width, advance * expected.lineWidth, accuracy: 1e-9)
        XCTAssertEqual(line.frame.height, 1.6, accuracy: 1e-12)
        XCTAssertEqual(line.frame.y + 0.8, height / 2, accuracy: 1e-9, "centred on the text")
        // The line is over the text, outside its fade: the text group ends first.
        let order = list.items.map { item -> String in
            switch item {
            case let .group(g): "g\(g.id)"
            case let .endGroup(id): "/\(id)"
            case let .shape(s): "s\(s.id)"
            case let .text(t): "t\(t.id)"
            }
        }
        XCTAssertEqual(order, ["g1", "s2", "g3", "t4", "/3", "s5", "/1"])
        XCTAssertLessThanOrEqual(list.items.count + 3, list.maxItemCount, "segments count as items")
    }

    func testStrikeWithoutTheTickStartsWithTheText() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal", [("tick", .bool(false))])
        let list = try strike.draw(at: 0.32)
        XCTAssertNil(shapes(list)[2])
        XCTAssertEqual(try XCTUnwrap(texts(list)[4]).x, 0)
        XCTAssertEqual(try XCTUnwrap(shapes(list)[5]).frame.width, try XCTUnwrap(texts(list)[4]).advance, accuracy: 1e-9)
    }

    func testTrackingBreatheStaysCentredAsItBreathes() throws {
        let breathe = try instance("libBreathe.so", "tracking-breathe")
        let plain = thousandths("BREATHE") / 1000 * 34 * 1.04
        let widest = plain + 7 * (9 + 8)
        for t in [0.0, 0.45, 2.7, 4.0] {
            let list = try breathe.draw(at: t)
            let expected = Reference.trackingBreathe(at: t)
            XCTAssertEqual(list.width, widest, accuracy: 1e-9)
            let text = try XCTUnwrap(texts(list)[2])
            XCTAssertEqual(text.text, "BREATHE")
            XCTAssertEqual(text.weight, 600)
            XCTAssertEqual(text.color, 0x1212_12FF)
            XCTAssertEqual(text.tracking, expected.tracking, accuracy: 1e-12, "t = \(t)")
            let advance = plain + 7 * expected.tracking
            XCTAssertEqual(text.advance, advance, accuracy: 1e-9)
            XCTAssertEqual(text.x, (widest - advance) / 2, accuracy: 1e-9, "centred with its trailing tracking")
            let group = try XCTUnwrap(groups(list)[1])
            XCTAssertEqual(group.opacity, expected.opacity, accuracy: 1e-12)
            XCTAssertEqual(group.transform.translateX, expected.tracking / 2, accuracy: 1e-12, "the half-tracking nudge")
        }
    }

    func testBreathingCirclesDrawTheArticlesRing() throws {
        let circles = try instance("libBreathe.so", "breathing-circles")
        let t = 2.2
        let e = Reference.breathingCircles(at: t).expansion
        let list = try circles.draw(at: t)
        XCTAssertEqual(list.width, 80)
        XCTAssertEqual(list.height, 80)
        XCTAssertEqual(list.bounds, DrawRect(x: 40 - 150, y: 40 - 150, width: 300, height: 300))
        let ring = try XCTUnwrap(groups(list)[1])
        XCTAssertEqual(ring.transform.rotation, 100 * e, accuracy: 1e-9)
        XCTAssertEqual([ring.transform.anchorX, ring.transform.anchorY], [40, 40])
        for index in 0..<8 {
            let angle = 2 * Double.pi / 8 * Double(index)
            let group = try XCTUnwrap(groups(list)[0x100_0000 + UInt32(index)])
            XCTAssertEqual(group.transform.scaleX, 1 + e, accuracy: 1e-9)
            XCTAssertEqual([group.transform.anchorX, group.transform.anchorY], [40, 40])
            XCTAssertEqual(group.transform.translateX, cos(angle) * 70 * e, accuracy: 1e-9)
            XCTAssertEqual(group.transform.translateY, sin(angle) * 70 * e, accuracy: 1e-9)
            XCTAssertEqual(group.opacity, 1 - 0.8 * e, accuracy: 1e-9)
            let circle = try XCTUnwrap(shapes(list)[0x200_0000 + UInt32(index)])
            XCTAssertEqual(circle.kind, .ellipse)
            XCTAssertEqual(circle.frame, DrawRect(x: 0, y: 0, width: 80, height: 80))
            XCTAssertEqual(
                circle.fill,
                .linearGradient(x0: 0, y0: 0, x1: 80, y1: 80, stops: [(0, 0x20D9_D2FF), (1, 0x0CE8_FFFF)]),
                "teal at the top-leading corner to cyan at the bottom-trailing one")
        }
        XCTAssertEqual(list.items.count, 2 + 8 * 3)
        XCTAssertEqual(list.maxItemCount, 2 + 8 * 5)
    }

    func testTextRevealRisesUnderMasksAndWipesItsHighlight() throws {
        let reveal = try instance("libReveal.so", "text-reveal", [("highlights", .string("calm glance"))])
        let h = (0.952 + 0.241) * 40
        let stagger = 0.3 / 6
        let words = ["Plan", "the", "week", "in", "one", "calm", "glance."]
        func advance(_ text: String) -> Double { thousandths(text) / 1000 * 40 * 1.06 + Double(text.count) * -1.3 }
        // One row (no width proposed): chunks 11 pt apart (round(0.24 h)),
        // the highlighted phrase padded 2 pt on each side.
        let gap = (0.24 * h).rounded()
        let phrase = advance("calm") + advance(" ") + advance("glance.")
        var x = 0.0
        var expectedX: [Double] = []
        for word in words.prefix(5) {
            expectedX.append(x)
            x += advance(word) + gap
        }
        let phraseX = x + 2
        expectedX += [phraseX, phraseX + advance("calm") + advance(" ")]
        for t in [0.1, 0.3, 0.8, 1.0, 1.6] {
            let list = try reveal.draw(at: t)
            XCTAssertEqual(list.width, phraseX + phrase + 2, accuracy: 1e-9)
            XCTAssertEqual(list.height, h, accuracy: 1e-9)
            for unit in 0..<7 {
                let text = try XCTUnwrap(texts(list)[0x500_0000 + UInt32(unit)])
                XCTAssertEqual(text.text, words[unit])
                XCTAssertEqual(text.x, expectedX[unit], accuracy: 1e-9, "unit \(unit)")
                XCTAssertEqual(text.y, 0.952 * 40, accuracy: 1e-9)
                let elapsed = t - Double(unit) * stagger
                let p = elapsed <= 0 ? 0 : Reference.spring(duration: 0.62, bounce: 0, at: elapsed)
                let group = try XCTUnwrap(groups(list)[0x400_0000 + UInt32(unit)])
                // Rises from 1.05 of its measured height; the plugin ends a
                // spring at rest within 1e-3 of it, as SwiftUI does.
                XCTAssertEqual(group.transform.translateY, 1.05 * h * (1 - p), accuracy: 0.06, "unit \(unit) at t = \(t)")
                XCTAssertEqual(group.opacity, 1, "a masked unit shows through its mask")
            }
            for chunk in 0..<6 {
                let mask = try XCTUnwrap(groups(list)[0x300_0000 + UInt32(chunk)]?.clip)
                XCTAssertEqual(mask.rect.y + mask.rect.height, h, accuracy: 1e-9, "closed at the chunk's bottom")
                XCTAssertEqual(mask.rect.x, expectedX[chunk] - 40, accuracy: 1e-9)
            }
            // The wipe: a smooth spring of 0.5 s from 0.42 s after the
            // phrase's last unit starts.
            let elapsed = t - (6 * stagger + 0.42)
            let s = elapsed <= 0 ? 0 : Reference.spring(duration: 0.5, bounce: 0, at: elapsed)
            let pad = (0.16 * h).rounded()
            let blockGroup = try XCTUnwrap(groups(list)[0x100_0005])
            XCTAssertEqual(blockGroup.transform.scaleX, s, accuracy: 2e-3, "t = \(t)")
            XCTAssertEqual(blockGroup.transform.anchorX, phraseX, accuracy: 1e-9, "from the phrase's leading edge")
            let block = try XCTUnwrap(shapes(list)[0x200_0005])
            XCTAssertEqual(block.kind, .roundedRect)
            XCTAssertEqual(block.frame.x, phraseX - pad, accuracy: 1e-9)
            XCTAssertEqual(block.frame.y, -0.01 * h, accuracy: 1e-9)
            XCTAssertEqual(block.frame.width, phrase + 2 * pad, accuracy: 1e-9)
            XCTAssertEqual(block.frame.height, 1.04 * h, accuracy: 1e-9)
            XCTAssertEqual(block.cornerRadius, 0.24 * h, accuracy: 1e-9)
            XCTAssertEqual(block.fill, .color(0xFFD9_76FF))
            let ink = try XCTUnwrap(groups(list)[0x600_0005]?.clip)
            XCTAssertEqual(ink.rect.x, phraseX, accuracy: 1e-9)
            XCTAssertEqual(ink.rect.width, s * phrase, accuracy: 2e-3 * phrase, "t = \(t)")
            XCTAssertEqual(try XCTUnwrap(texts(list)[0x700_0006]).color, 0x1414_14FF)
        }
    }

    func testTextRevealWrapsToTheProposedWidth() throws {
        let reveal = try instance("libReveal.so", "text-reveal")
        let h = (0.952 + 0.241) * 40
        let list = try reveal.draw(at: 2, width: 300)
        let rows = Set(texts(list).values.map { ($0.y / h).rounded(.down) })
        XCTAssertGreaterThan(rows.count, 1, "the sentence wraps")
        XCTAssertLessThanOrEqual(list.width, 300)
        XCTAssertEqual(list.height, Double(rows.count) * h, accuracy: 1e-9)
        for text in texts(list).values { XCTAssertLessThanOrEqual(text.x + text.advance, 300 + 1e-9) }
    }

    /// Ten points a character, a 30 pt line: wrapping worked out by hand.
    private final class TenPerCharacter: TextMeasuring, @unchecked Sendable {
        func measure(_ text: String, size: Double, weight: Double, tracking: Double)
            -> (advance: Double, ascent: Double, descent: Double)?
        {
            (Double(text.unicodeScalars.count) * (10 + tracking), 24, 6)
        }
    }

    /// The strike's text wraps to the width proposed less the tick's 26 pt,
    /// and its line crosses the middle of the block, as wide as the block.
    func testTheStrikesTextWrapsAndItsLineCrossesTheBlock() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal", [("text", .string("pay the rent\nfeed cat"))])
        // 126 − 26 = 100 for the text: "pay the" (70) / "rent" (40) / "feed cat" (80).
        let list = try strike.draw(at: 0.32, width: 126, measurer: TenPerCharacter())
        let runs = list.items.compactMap { item -> DrawText? in if case let .text(text) = item { text } else { nil } }
        XCTAssertEqual(runs.map(\.text), ["pay", "the", "rent", "feed cat"])
        XCTAssertEqual(runs.map(\.id), [4, 4 + 0x10000, 4 + 0x20000, 4 + 0x30000])
        XCTAssertEqual(runs.map(\.x), [26, 66, 26, 26])
        XCTAssertEqual(runs.map(\.y), [24, 24, 54, 84])
        XCTAssertEqual(list.width, 26 + 80)
        XCTAssertEqual(list.height, 90)
        let line = try XCTUnwrap(shapes(list)[5])
        XCTAssertEqual(line.frame.width, 80, "the settled line spans the widest row")
        XCTAssertEqual(line.frame.y + line.frame.height / 2, 45, accuracy: 1e-9, "through the middle of the three rows")
    }

    /// tracking-breathe's text wraps to the width proposed instead of
    /// growing a picture as wide as the whole sentence. Its frame holds the
    /// rows at the widest tracking (max_tracking + 8 = 9: 19 pt a
    /// character, "IN THROUGH" / "THE NOSE", 190 wide); held still at
    /// min_tracking (11 pt a character) the rows are "IN THROUGH THE" (154) / "NOSE".
    func testTrackingBreatheWrapsALongText() throws {
        let breathe = try instance(
            "libBreathe.so", "tracking-breathe",
            [("text", .string("in through the nose")), ("min_tracking", .number(1)), ("max_tracking", .number(1)),
             ("reduce_motion", .bool(true))])
        let list = try breathe.draw(at: 1, width: 200, measurer: TenPerCharacter())
        let runs = list.items.compactMap { item -> DrawText? in if case let .text(text) = item { text } else { nil } }
        XCTAssertEqual(runs.map(\.text), ["IN", "THROUGH", "THE", "NOSE"])
        XCTAssertEqual(runs.map(\.x), [23, 56, 144, 23], "the block centred in the 200 pt frame, its rows leading-aligned")
        XCTAssertEqual(runs.map(\.y), [24, 24, 24, 54])
        XCTAssertEqual(list.width, 200, "the frame is the width proposed")
        XCTAssertEqual(list.height, 60)
    }

    /// Hebrew flows from the right: units reveal in reading order, so their
    /// x positions fall; a highlight's wipe and ink copy start at the right.
    func testARightToLeftTextRevealFlowsFromTheRight() throws {
        let reveal = try instance(
            "libReveal.so", "text-reveal",
            [("text", .string("\u{05D0}\u{05D1} \u{05D2}\u{05D3} \u{05D4}\u{05D5}")), ("highlights", .string("\u{05D2}\u{05D3}"))])
        let list = try reveal.draw(at: 5, width: 400, measurer: TenPerCharacter())
        let units = (0..<3).map { texts(list)[0x500_0000 + UInt32($0)] }
        let xs = try units.map { try XCTUnwrap($0).x }
        let advances = try units.map { try XCTUnwrap($0).advance }
        XCTAssertEqual(xs, xs.sorted(by: >), "reading order runs right to left: \(xs)")
        XCTAssertEqual(xs[0] + advances[0], list.width, accuracy: 1e-9, "the first word ends at the right edge")
        // The highlighted word's ink copy is clipped from its right edge leftwards.
        let clip = try XCTUnwrap(groups(list)[0x600_0001]?.clip)
        XCTAssertEqual(clip.shape, .rect)
        XCTAssertEqual(clip.rect.x + clip.rect.width, xs[1] + advances[1], accuracy: 1e-9)
    }

    /// Arabic words inside an English text read right to left among the
    /// English ones (UAX #9, L2): at 10 − 1.3 = 8.7 pt a character (the
    /// seed's tracking) and a 7 pt gap (round(0.24 × 30)), "one" (26.1) at
    /// 0, then بالعالم (60.9) at 33.1 and مرحبا (43.5) at 101, then "two"
    /// at 151.5; units stay in reading order.
    func testWordsAgainstTheTextsDirectionReadInTheirOwn() throws {
        let reveal = try instance(
            "libReveal.so", "text-reveal",
            [("text", .string("one \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645} two")),
             ("highlights", .string(""))])
        let list = try reveal.draw(at: 5, width: 400, measurer: TenPerCharacter())
        let xs = try (0..<4).map { try XCTUnwrap(texts(list)[0x500_0000 + UInt32($0)]).x }
        for (x, expected) in zip(xs, [0, 101, 33.1, 151.5]) { XCTAssertEqual(x, expected, accuracy: 1e-9, "\(xs)") }
        XCTAssertEqual(list.width, 177.6, accuracy: 1e-9)
    }

    /// With `unit` = characters an Arabic word's letters are drawn with
    /// joiners where they connect, tracked only at the word's end (as the
    /// word drawn whole is), and placed from the right in reading order.
    func testArabicLettersRevealJoinedFromTheRight() throws {
        let reveal = try instance(
            "libReveal.so", "text-reveal",
            [("text", .string("\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}")), ("unit", .choice("characters")), ("highlights", .string(""))])
        XCTAssertEqual(try reveal.element(0).text, "\u{0645}", "an element is the letter itself")
        let list = try reveal.draw(at: 5, width: 400, measurer: TenPerCharacter())
        let units = try (0..<5).map { try XCTUnwrap(texts(list)[0x500_0000 + UInt32($0)]) }
        XCTAssertEqual(
            units.map(\.text),
            ["\u{0645}\u{200D}", "\u{200D}\u{0631}", "\u{062D}\u{200D}", "\u{200D}\u{0628}\u{200D}", "\u{200D}\u{0627}"])
        XCTAssertEqual(units.map(\.tracking), [0, 0, 0, 0, -1.3])
        XCTAssertEqual(units.map(\.x), units.map(\.x).sorted(by: >), "reading order runs right to left")
        for (unit, next) in zip(units, units.dropFirst()) { XCTAssertEqual(next.x + next.advance, unit.x, accuracy: 1e-9, "side by side") }
    }

    func testALamAndTheAlefAfterItRevealAsOneUnit() throws {
        let reveal = try instance(
            "libReveal.so", "text-reveal",
            [("text", .string("\u{0633}\u{0644}\u{0627}\u{0645}")), ("unit", .choice("characters")), ("highlights", .string(""))])
        XCTAssertEqual(try (0..<3).map { try reveal.element($0).text }, ["\u{0633}", "\u{0644}\u{0627}", "\u{0645}"])
        XCTAssertThrowsError(try reveal.element(3), "three units: the ligature لا is one")
        let list = try reveal.draw(at: 5, width: 400, measurer: TenPerCharacter())
        let units = try (0..<3).map { try XCTUnwrap(texts(list)[0x500_0000 + UInt32($0)]) }
        XCTAssertEqual(units.map(\.text), ["\u{0633}\u{200D}", "\u{200D}\u{0644}\u{0627}", "\u{0645}"])
    }

    func testAHebrewStrikePutsTheTickOnTheRightAndStrikesLeftwards() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal", [("text", .string("\u{05D0}\u{05D1}\u{05D2}"))])
        let list = try strike.draw(at: 0.32, measurer: TenPerCharacter())
        let text = try XCTUnwrap(texts(list)[4])
        XCTAssertEqual(text.x, 0, "the text on the left, where left to right the tick's 26 pt come first")
        XCTAssertEqual(list.width, 26 + 30, "the tick and its gap are to the text's right")
        let line = try XCTUnwrap(shapes(list)[5])
        XCTAssertEqual(line.frame.x + line.frame.width, 30, accuracy: 1e-9, "the line ends at the text's right (leading) edge")
    }

    /// A host's measurer decides where text goes: a monospaced one makes
    /// every character 10 pt wide and the line 30 pt tall.
    func testTheHostsMeasurerIsUsed() throws {
        final class Monospaced: TextMeasuring, @unchecked Sendable {
            func measure(_ text: String, size: Double, weight: Double, tracking: Double)
                -> (advance: Double, ascent: Double, descent: Double)?
            {
                (Double(text.unicodeScalars.count) * (10 + tracking), 24, 6)
            }
        }
        let strike = try instance("libStrike.so", "strikethrough-reveal")
        let list = try strike.draw(at: 0.32, measurer: Monospaced())
        let text = try XCTUnwrap(texts(list)[4])
        XCTAssertEqual(text.advance, 180)
        XCTAssertEqual(text.y, 24)
        XCTAssertEqual(list.width, 26 + 180)
        XCTAssertEqual(list.height, 30)
        XCTAssertEqual(try XCTUnwrap(shapes(list)[5]).frame.width, 180, "the line spans the measured text")
    }

    func testAFailingMeasurerFailsTheDraw() throws {
        final class Broken: TextMeasuring, @unchecked Sendable {
            func measure(_ text: String, size: Double, weight: Double, tracking: Double)
                -> (advance: Double, ascent: Double, descent: Double)?
            { (.nan, 1, 1) }
        }
        let strike = try instance("libStrike.so", "strikethrough-reveal")
        XCTAssertThrowsError(try strike.draw(at: 0, measurer: Broken())) { error in
            XCTAssertEqual((error as? EffectError)?.status, -7)
        }
    }

    /// Eight threads drawing one instance at once get what one thread gets
    /// (ThreadSanitizer runs this one too: scripts/test-sanitizers).
    func testConcurrentDrawingMatchesOneThread() throws {
        let reveal = try instance("libReveal.so", "text-reveal", [("highlights", .string("calm glance"))])
        let times = (0..<120).map { Double($0) * 0.015 }
        let expected = try times.map { try reveal.draw(at: $0, width: 300).items }
        let results = Slots<[[DrawItem]]>(count: 8, initial: [])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            results.storage[thread] = times.map { (try? reveal.draw(at: $0, width: 300).items) ?? [] }
        }
        for thread in 0..<8 { XCTAssertEqual(results.storage[thread], expected, "thread \(thread)") }
    }

    /// Answers so large that positions overflow are refused, not drawn as
    /// infinities; a negative advance (tracking can make one) never gives
    /// a frame of negative size.
    func testMeasurerAnswersCannotBreakTheList() throws {
        final class Answer: TextMeasuring, @unchecked Sendable {
            let advance: Double
            init(_ advance: Double) { self.advance = advance }
            func measure(_ text: String, size: Double, weight: Double, tracking: Double)
                -> (advance: Double, ascent: Double, descent: Double)?
            { (advance, advance > 0 ? 1e308 : 10, 4) }
        }
        for (library, id) in [("libStrike.so", "strikethrough-reveal"), ("libReveal.so", "text-reveal"), ("libBreathe.so", "tracking-breathe")] {
            let effect = try instance(library, id)
            // Refused (RANGE) or drawn finite; never a list the host's
            // reader has to call broken (INTERNAL).
            do {
                _ = try effect.draw(at: 0.5, measurer: Answer(.greatestFiniteMagnitude))
            } catch {
                XCTAssertEqual(error.status, -7, "\(id): \(error.message)")
            }
            let list = try effect.draw(at: 0.5, measurer: Answer(-50))
            XCTAssertGreaterThanOrEqual(list.width, 0, id)
            XCTAssertGreaterThanOrEqual(list.bounds.width, 0, id)
        }
    }

    func testDrawIsDeterministicAndIdsAreStable() throws {
        let reveal = try instance("libReveal.so", "text-reveal", [("highlights", .string("calm glance"))])
        var ids: [UInt32]?
        for t in [0.0, 0.5, 0.25, 3, 0.5] {
            let list = try reveal.draw(at: t)
            XCTAssertEqual(try reveal.draw(at: t).items, list.items, "the same t gives the same list")
            let seen = list.items.compactMap { item -> UInt32? in if case .endGroup = item { nil } else { item.id } }
            XCTAssertEqual(Set(seen).count, seen.count, "each id once")
            if let ids { XCTAssertEqual(seen, ids, "the same things at every t") } else { ids = seen }
        }
    }
}
