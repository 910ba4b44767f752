import EffectHost
import XCTest

/// One grammar for params and events as text ("NAME=VALUE",
/// "T:NAME=VALUE") with one set of errors, and one log that makes an
/// instance again, for the command line and effect_host.h alike. The
/// strike's `amount` is the seed's easeInOut over 0.32 s from each change
/// of `done`: half struck halfway (0.16 s in), by the curve's symmetry.
final class InstanceRecipeTests: XCTestCase {
    private func refusal(_ body: () throws -> Void) -> RecipeTextError? {
        do {
            try body()
            return nil
        } catch {
            return error as? RecipeTextError
        }
    }

    func testAnAssignmentIsANameAndEverythingAfterItsFirstEquals() throws {
        XCTAssertEqual(try InstanceRecipe.assignment("text=a=b").name, "text")
        XCTAssertEqual(try InstanceRecipe.assignment("text=a=b").value, "a=b")
        XCTAssertEqual(try InstanceRecipe.assignment("text=").value, "")
        XCTAssertEqual(refusal { _ = try InstanceRecipe.assignment("=x") }, .assignment("=x"))
        XCTAssertEqual(refusal { _ = try InstanceRecipe.assignment("done") }, .assignment("done"))
        XCTAssertEqual(RecipeTextError.assignment("done").message, "a param is set as NAME=VALUE, not 'done'")
    }

    func testAnEventIsATimeInSecondsThenAnAssignment() throws {
        let event = try InstanceRecipe.event("1.25:done=false")
        XCTAssertEqual(event.t, 1.25)
        XCTAssertEqual(event.name, "done")
        XCTAssertEqual(event.value, "false")
        XCTAssertEqual(try InstanceRecipe.event("0:text=a:b").value, "a:b")
        XCTAssertEqual(refusal { _ = try InstanceRecipe.event("1.2") }, .event("1.2"))
        XCTAssertEqual(refusal { _ = try InstanceRecipe.event("soon:done=true") }, .eventTime("soon"))
        XCTAssertEqual(refusal { _ = try InstanceRecipe.event("-1:done=true") }, .eventTime("-1"))
        XCTAssertEqual(refusal { _ = try InstanceRecipe.event("inf:done=true") }, .eventTime("inf"))
        XCTAssertEqual(refusal { _ = try InstanceRecipe.event("1:done") }, .assignment("done"))
        XCTAssertEqual(RecipeTextError.event("1.2").message, "an event is T:NAME=VALUE, not '1.2'")
        XCTAssertEqual(RecipeTextError.eventTime("soon").message, "an event needs a time in seconds >= 0 before ':', not 'soon'")
    }

    func testAValueIsTheParamsOrTheErrorNamingTheParams() throws {
        let effect = try Fixtures.strikeInstance().effect
        XCTAssertEqual(try InstanceRecipe.value("false", for: "done", of: effect), .bool(false))
        XCTAssertEqual(try InstanceRecipe.value("0.5", for: "duration", of: effect), .number(0.5))
        let unknown = refusal { _ = try InstanceRecipe.value("1", for: "duratoin", of: effect) }
        XCTAssertEqual(unknown?.message, "effect 'strikethrough-reveal' has no param 'duratoin' (did you mean 'duration'?)")
        guard case .value? = refusal({ _ = try InstanceRecipe.value("soon", for: "duration", of: effect) }) else {
            return XCTFail("a number param refuses 'soon'")
        }
    }

    /// Made again, the instance has its params (one replaced) and every event.
    func testARecipeMakesTheInstanceAgainWithItsEvents() throws {
        let strike = try Fixtures.strikeInstance()
        let amount = try XCTUnwrap(strike.effect.channels.firstIndex { $0.name == "amount" })
        var recipe = InstanceRecipe(plugin: strike.plugin, effect: strike.effect, params: [("done", .bool(false))])
        XCTAssertEqual(try recipe.make().sample(at: 0.16)[amount], 0, accuracy: 1e-12)
        XCTAssertEqual(try recipe.make(overriding: [("done", .bool(true))]).sample(at: 0.16)[amount], 0.5, accuracy: 1e-9)
        recipe.record("done", .bool(true), at: 1)
        XCTAssertEqual(recipe.lastEvent, 1)
        let again = try recipe.make()
        XCTAssertEqual(try again.sample(at: 0.5)[amount], 0, accuracy: 1e-12)
        XCTAssertEqual(try again.sample(at: 1.16)[amount], 0.5, accuracy: 1e-9)
        XCTAssertEqual(try again.sample(at: 1.32)[amount], 1, accuracy: 1e-9)
    }

    /// A plugin's refusal says what it refused and, for an event, when.
    func testARefusalSaysWhenTheEventWas() throws {
        let strike = try Fixtures.strikeInstance()
        var recipe = InstanceRecipe(plugin: strike.plugin, effect: strike.effect, params: [])
        recipe.record("duration", .number(120), at: 2)
        XCTAssertThrowsError(try recipe.make()) { error in
            guard case let .event(t, refusal)? = error as? RecipeError else { return XCTFail("\(error)") }
            XCTAssertEqual(t, 2)
            XCTAssertTrue((error as? RecipeError)?.message.hasPrefix("at t = 2: ") == true, "\(error)")
            XCTAssertTrue(refusal.isRefusal)
        }
        let bad = InstanceRecipe(plugin: strike.plugin, effect: strike.effect, params: [("duration", .number(120))])
        XCTAssertThrowsError(try bad.make()) { XCTAssertNotNil(($0 as? RecipeError)?.effectError) }
    }

    /// A change made after stepping back rewrites the history from there:
    /// the events later than its time go, those at its time stay. done =
    /// false at 1 retracts by 1.32; done = true at 2 strikes again, half
    /// struck at 2.16. Rewound to 1.5, nothing strikes at 2.
    func testRewindingDropsTheEventsAfterTheTimeAndKeepsThoseAtIt() throws {
        let strike = try Fixtures.strikeInstance()
        let amount = try XCTUnwrap(strike.effect.channels.firstIndex { $0.name == "amount" })
        var recipe = InstanceRecipe(plugin: strike.plugin, effect: strike.effect, params: [("duration", .number(0.32))])
        recipe.record("done", .bool(false), at: 1)
        recipe.record("done", .bool(true), at: 2)
        recipe.record("line_color", .color(0xFF00_00FF), at: 2)
        XCTAssertEqual(try recipe.make().sample(at: 2.16)[amount], 0.5, accuracy: 1e-9)

        XCTAssertNil(recipe.rewound(to: 2), "no event is later than 2: the instance as it is takes the change")
        XCTAssertNil(recipe.rewound(to: 7))
        let rewound = try XCTUnwrap(recipe.rewound(to: 1.5))
        XCTAssertEqual(rewound.events.map(\.t), [1])
        XCTAssertEqual(rewound.events.map(\.name), ["done"])
        XCTAssertEqual(rewound.params.map(\.name), ["duration"], "the create-time params stay")
        XCTAssertEqual(rewound.lastEvent, 1)
        let made = try rewound.make()
        XCTAssertEqual(try made.sample(at: 0.16)[amount], 0.5, accuracy: 1e-9, "the strike on appear is kept")
        XCTAssertEqual(try made.sample(at: 1.16)[amount], 0.5, accuracy: 1e-9, "the retract at 1 is kept")
        XCTAssertEqual(try made.sample(at: 2.16)[amount], 0, accuracy: 1e-12, "the strike at 2 is gone")
        XCTAssertEqual(try XCTUnwrap(recipe.rewound(to: 1)).events.map(\.t), [1], "an event at the time itself stays")
        XCTAssertEqual(try XCTUnwrap(recipe.rewound(to: 0.5)).events.count, 0)
        XCTAssertEqual(recipe.events.count, 3, "rewinding makes a new recipe")
    }

    /// A param forgotten is gone from the start, its create-time value and
    /// its events, so the effect's own default holds: done (default true)
    /// strikes on appear over the 0.5 s given, half struck at 0.25; the
    /// duration event at 0.5 stays (it starts no strike itself).
    func testForgettingAParamTakesOutItsValueAndItsEventsAndKeepsTheRest() throws {
        let strike = try Fixtures.strikeInstance()
        let amount = try XCTUnwrap(strike.effect.channels.firstIndex { $0.name == "amount" })
        var recipe = InstanceRecipe(
            plugin: strike.plugin, effect: strike.effect, params: [("done", .bool(false)), ("duration", .number(0.5))])
        recipe.record("duration", .number(1), at: 0.5)
        recipe.record("done", .bool(true), at: 1)
        let before = try recipe.make()
        XCTAssertEqual(try before.sample(at: 0.25)[amount], 0, accuracy: 1e-12)
        XCTAssertEqual(try before.sample(at: 1.5)[amount], 0.5, accuracy: 1e-9, "struck at 1 over 1 s")

        let forgotten = recipe.forgetting("done")
        XCTAssertEqual(forgotten.params.map(\.name), ["duration"])
        XCTAssertEqual(forgotten.events.map(\.name), ["duration"])
        XCTAssertEqual(forgotten.events.map(\.t), [0.5])
        let made = try forgotten.make()
        XCTAssertEqual(try made.sample(at: 0.25)[amount], 0.5, accuracy: 1e-9)
        XCTAssertEqual(try made.sample(at: 1.5)[amount], 1, accuracy: 1e-12, "no strike starts at 1")
        XCTAssertEqual(recipe.forgetting("tick").events.count, 2, "a param never set: nothing to take out")
    }
}
