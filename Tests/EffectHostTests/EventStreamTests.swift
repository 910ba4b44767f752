import EffectHost
import XCTest

/// set_param for events set as time goes on extends the model in O(1)
/// (issue 18); one set before the last rebuilds it from every event. The
/// two must agree to the bit, frames, timing, strings and drawings alike.
final class EventStreamTests: XCTestCase {
    private func instance(_ library: String, _ id: String, _ params: [(String, Value)] = []) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    /// The live params each effect's events exercise, with values to cycle through.
    private static let streams: [(library: String, id: String, events: [(String, [Value])])] = [
        (
            "libStrike.so", "strikethrough-reveal",
            [
                ("done", [.bool(false), .bool(true)]), ("duration", [.number(0.2), .number(0.5)]),
                ("fade", [.number(0.3), .number(0.6)]), ("tick", [.bool(false), .bool(true)]),
                ("progress", [.number(0.4), .none]), ("reduce_motion", [.bool(true), .bool(false)]),
                ("line_color", [.color(0xFF00_00FF), .color(0x00FF_00FF)]),
            ]
        ),
        (
            "libBreathe.so", "tracking-breathe",
            [
                ("min_tracking", [.number(0), .number(2)]), ("max_tracking", [.number(12), .number(6)]),
                ("period", [.number(2), .number(4.5)]), ("phase", [.number(0.25), .none]),
                ("reduce_motion", [.bool(true), .bool(false)]), ("color", [.color(0x3366_99FF), .color(0x1122_33FF)]),
            ]
        ),
        ("libBreathe.so", "breathing-circles", [("reduce_motion", [.bool(true), .bool(false)])]),
        (
            "libReveal.so", "text-reveal",
            [
                ("replay", [.integer(1), .integer(2), .integer(3)]), ("preset", [.choice("blur"), .choice("soften"), .choice("rise")]),
                ("duration", [.number(0.5), .number(1.5)]), ("delay", [.number(0.1), .number(0)]),
                ("color", [.color(0xAA22_33FF), .color(0x2233_44FF)]), ("highlight_color", [.color(0x1122_33FF)]),
                ("reduce_motion", [.bool(true), .bool(false)]),
            ]
        ),
    ]

    func testEventsInTimeOrderGiveTheModelAFullRebuildGives() throws {
        for stream in Self.streams {
            let params: [(String, Value)] = stream.id == "text-reveal" ? [("highlights", .string("one calm glance"))] : []
            let inOrder = try instance(stream.library, stream.id, params)
            let rebuilt = try instance(stream.library, stream.id, params)
            var events: [(String, Value, Double)] = []
            var t = 0.0
            var atThisTime: Set<String> = []
            for index in 0..<60 {
                // Every param in turn, out of step with four gaps: none (two
                // events at one time), short ones that land mid-animation,
                // and long ones after it settles; the first event is at 0.
                var gap = index == 0 ? 0 : [0.05, 0.3, 0, 1.1][(index * 2 + index / 5) % 4]
                // Events at one time apply in the order they were set, and the
                // two instances get them in opposite orders: one param each.
                if gap == 0, atThisTime.count == stream.events.count { gap = 0.05 }
                if gap > 0 { atThisTime = [] }
                t += gap
                var choice = (index * 5 + index / 7) % stream.events.count
                while atThisTime.contains(stream.events[choice].0) { choice = (choice + 1) % stream.events.count }
                let (name, values) = stream.events[choice]
                atThisTime.insert(name)
                events.append((name, values[index % values.count], t))
            }
            // In order, but for one event set late, out of its place: the
            // rest extend the model, the late one and those at one time rebuild it.
            let late = events.remove(at: 30)
            for (index, (name, value, time)) in events.enumerated() {
                try inOrder.set(name, to: value, at: time)
                if index == 40 { try inOrder.set(late.0, to: late.1, at: late.2) }
            }
            events.append(late)
            // Backwards, each event is earlier than the one before: every one rebuilds.
            for (name, value, time) in events.reversed() { try rebuilt.set(name, to: value, at: time) }
            XCTAssertEqual(try inOrder.info().timing, try rebuilt.info().timing, stream.id)
            let last = try XCTUnwrap(events.map(\.2).max())
            for step in 0..<Int((last + 5) / 0.05) {
                let at = Double(step) * 0.05 + 0.013
                XCTAssertEqual(try inOrder.sample(at: at), try rebuilt.sample(at: at), "\(stream.id) at \(at)")
                XCTAssertEqual(try inOrder.strings(at: at), try rebuilt.strings(at: at), "\(stream.id) at \(at)")
                if step % 8 == 0 {
                    for appearance in [Appearance.light, .dark] {
                        let a = try inOrder.draw(at: at, appearance: appearance)
                        let b = try rebuilt.draw(at: at, appearance: appearance)
                        XCTAssertEqual(a.items, b.items, "\(stream.id) drawn at \(at)")
                        XCTAssertEqual(a.bounds, b.bounds, "\(stream.id) bounds at \(at)")
                    }
                }
            }
        }
    }

    /// Several events at the latest time, the same param among them more
    /// than once, redo that time from the model before it (O(1) each); an
    /// instance given an event at a later time first rebuilds from every
    /// event for each of them. The two agree to the bit.
    func testEventsAtTheLatestTimeGiveTheModelARebuildGives() throws {
        for stream in Self.streams {
            let params: [(String, Value)] = stream.id == "text-reveal" ? [("highlights", .string("one calm glance"))] : []
            let redone = try instance(stream.library, stream.id, params)
            let rebuilt = try instance(stream.library, stream.id, params)
            // Each time holds several events; the first param comes back
            // with another value, so the time's last setting must win.
            var events: [(String, Value, Double)] = []
            for (step, t) in [0.5, 0.9, 2, 2.05, 7].enumerated() {
                for round in 0..<4 {
                    let (name, values) = stream.events[(round == 3 ? 0 : round + step) % stream.events.count]
                    events.append((name, values[(round + step) % values.count], t))
                }
            }
            let (name, values) = try XCTUnwrap(stream.events.last)
            let final = (name, values[0], 50.0)
            try rebuilt.set(final.0, to: final.1, at: final.2)
            for (name, value, time) in events {
                try redone.set(name, to: value, at: time)
                try rebuilt.set(name, to: value, at: time)
            }
            try redone.set(final.0, to: final.1, at: final.2)
            XCTAssertEqual(try redone.info().timing, try rebuilt.info().timing, stream.id)
            for step in 0..<1100 {
                let at = Double(step) * 0.05 + 0.013
                XCTAssertEqual(try redone.sample(at: at), try rebuilt.sample(at: at), "\(stream.id) at \(at)")
                XCTAssertEqual(try redone.strings(at: at), try rebuilt.strings(at: at), "\(stream.id) at \(at)")
            }
        }
    }

    /// text-reveal's colours are live: an event changes what it draws from
    /// its time on (before, an event rebuilt only the timing, so the draw
    /// kept the colour it was created with).
    func testTextRevealDrawsAColourSetByAnEvent() throws {
        let reveal = try instance("libReveal.so", "text-reveal", [("text", .string("Plan"))])
        try reveal.set("color", to: .color(0xFF00_00FF), at: 2)
        func colors(at t: Double) throws -> [UInt32] {
            try reveal.draw(at: t).items.compactMap { if case let .text(text) = $0 { text.color } else { nil } }
        }
        XCTAssertEqual(try colors(at: 1.9), [0x1414_14FF], "the seed's palette.text, #141414 in the light")
        XCTAssertEqual(try colors(at: 2), [0xFF00_00FF])
    }

    /// The header's limit is reachable: a million events, each later than
    /// the last, set one by one, on the effect with the smallest model
    /// (timed for every effect by Benchmarks/run, not here).
    func testAMillionEventsInTimeOrderAreAccepted() throws {
        let circles = try instance("libBreathe.so", "breathing-circles")
        for index in 0..<1_000_000 { try circles.set("reduce_motion", to: .bool(index % 2 == 1), at: Double(index + 1) * 0.001) }
        XCTAssertThrowsError(try circles.set("reduce_motion", to: .bool(true), at: 2000)) { error in
            XCTAssertEqual((error as? EffectError)?.message, "an instance holds at most 1000000 events")
        }
        // The last change, reduce_motion on at 1000 s (index 999 999 is odd):
        // the loop of 3 + 1 + 3 + 1 s breaths runs on from there.
        guard case let .loops(start, period) = try circles.info().timing else { return XCTFail("breathing-circles loops") }
        XCTAssertEqual(start, 1000, accuracy: 1e-9)
        XCTAssertEqual(period, 8)
    }
}
