import EffectHost
import ReferenceMath
import XCTest

/// tracking-breathe keeps the rows its title settles into: where a text
/// wider than the width proposed breaks is decided at `min_tracking`, and
/// the entrance's flare and the breath only move the letters (issue 48).
/// Measured at ten points a character plus the tracking, rows 30 pt
/// (ascent 24): every number below follows from that and the seed's
/// formulas (Reference.trackingBreathe).
final class TrackingBreatheRowsTests: XCTestCase {
    private final class TenPerCharacter: TextMeasuring, @unchecked Sendable {
        func measure(_ text: String, size: Double, weight: Double, tracking: Double)
            -> (advance: Double, ascent: Double, descent: Double)?
        {
            (Double(text.unicodeScalars.count) * (10 + tracking), 24, 6)
        }
    }

    private func instance(_ params: [(String, Value)]) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/libBreathe.so")
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: "tracking-breathe")), params: params)
    }

    private func runs(_ list: DisplayList) -> [DrawText] {
        list.items.compactMap { item -> DrawText? in if case let .text(text) = item { text } else { nil } }
    }

    /// The entrance, the breath at both ends, and far into the loop.
    private let times = [0, 0.05, 0.2, 0.45, 0.8999, 0.9, 1.8, 2.7, 4.5, 100.3]

    /// "GOOD MORNING" (12 characters) fits 150 pt at rest (132) and not at
    /// the entrance's 17 pt (324) nor the breath's 9 (228): one row all the
    /// same, in a frame as wide as the flare, centred in it.
    func testATitleThatFitsAtRestStaysOnOneLine() throws {
        let breathe = try instance([("text", .string("good morning"))])
        for t in times {
            let list = try breathe.draw(at: t, width: 150, measurer: TenPerCharacter())
            let tracking = Reference.trackingBreathe(at: t).tracking
            XCTAssertEqual(runs(list).map(\.text), ["GOOD MORNING"], "t = \(t)")
            XCTAssertEqual(runs(list).map(\.id), [2], "t = \(t)")
            let run = try XCTUnwrap(runs(list).first)
            XCTAssertEqual(run.tracking, tracking, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(run.advance, 12 * (10 + tracking), accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(run.x, (324 - 12 * (10 + tracking)) / 2, accuracy: 1e-9, "centred in the frame at t = \(t)")
            XCTAssertEqual(run.y, 24)
            XCTAssertEqual(list.width, 324, "as wide as the flare, 12 × 27")
            XCTAssertEqual(list.height, 30)
        }
    }

    /// "ABCDEFGHIJ KLMNOPQRS" is 220 pt at rest: two rows in 150 pt, one a
    /// word (110, then 99). At 17 pt the first word alone is 270, wider than
    /// the width: it is not broken between its letters, and the second row
    /// does not rejoin the first as the tracking comes back down.
    func testATitleThatWrapsAtRestKeepsItsTwoRows() throws {
        let breathe = try instance([("text", .string("abcdefghij klmnopqrs"))])
        for t in times {
            let list = try breathe.draw(at: t, width: 150, measurer: TenPerCharacter())
            let tracking = Reference.trackingBreathe(at: t).tracking
            let rows = runs(list)
            XCTAssertEqual(rows.map(\.text), ["ABCDEFGHIJ", "KLMNOPQRS"], "t = \(t)")
            XCTAssertEqual(rows.map(\.id), [2, 2 + 0x10000], "t = \(t)")
            // The block is as wide as its first row, centred in a frame as wide as that row at 17 pt (270).
            let left = (270 - 10 * (10 + tracking)) / 2
            XCTAssertEqual(rows[0].x, left, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(rows[1].x, left, accuracy: 1e-9, "rows leading-aligned at t = \(t)")
            XCTAssertEqual(rows.map(\.y), [24, 54])
            XCTAssertEqual(rows[1].advance, 9 * (10 + tracking), accuracy: 1e-9)
            XCTAssertEqual(list.width, 270)
            XCTAssertEqual(list.height, 60)
        }
    }

    /// Rows are those of the settled tracking: with min_tracking 5 (15 pt a
    /// character) "GOOD MORNING" is 180, past 150, so it takes two rows,
    /// "GOOD" and "MORNING", even at a phase where the tracking is 5 again.
    /// With no width proposed a title is one line, as the seed's preview shows it.
    func testTheSettledTrackingDecidesTheRows() throws {
        let wide = try instance([("text", .string("good morning")), ("min_tracking", .number(5)), ("phase", .number(0))])
        let list = try wide.draw(at: 1, width: 150, measurer: TenPerCharacter())
        XCTAssertEqual(runs(list).map(\.text), ["GOOD", "MORNING"])
        XCTAssertEqual(runs(list).map(\.advance), [60, 105])
        let unbounded = try instance([("text", .string("abcdefghij klmnopqrs"))])
        for t in times {
            let list = try unbounded.draw(at: t, width: nil, measurer: TenPerCharacter())
            XCTAssertEqual(runs(list).map(\.text), ["ABCDEFGHIJ KLMNOPQRS"], "t = \(t)")
            XCTAssertEqual(list.width, 20 * 27, "the line at the flare")
        }
    }
}
