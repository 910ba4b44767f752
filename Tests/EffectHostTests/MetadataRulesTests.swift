import EffectHost
import MetadataRules
import XCTest

/// One set of metadata rules for the kit, the loader and validate: what
/// the loader refuses, with messages that count as people do.
final class MetadataRulesTests: XCTestCase {
    private func loadFailure(_ defines: [String]) throws -> String {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let path = try Fixtures.testPlugin("broken.so", in: directory, defines: defines)
        do {
            _ = try Plugin.load(path: path)
            XCTFail("\(defines) loaded")
            return ""
        } catch {
            return error.reason
        }
    }

    func testTheLoaderRefusesIdsAndNamesThatBreakTheRules() throws {
        XCTAssertEqual(
            try loadFailure([#"PLUGIN_ID="../../Probe Plugin""#]), "plugin id '../../Probe Plugin' is not kebab-case")
        XCTAssertEqual(try loadFailure(["BROKEN_DUPLICATE_PARAM"]), "effect 'test-ramp': param 'length' is declared twice")
        XCTAssertEqual(try loadFailure(["BROKEN_DEFAULT_RANGE"]), "effect 'test-ramp': param 'length' has a default outside its range")
    }

    private func effect(params: [MetadataRules.ParamFacts], channels: [MetadataRules.ChannelFacts]) -> MetadataRules.PluginFacts {
        MetadataRules.PluginFacts(
            id: "probe", name: "Probe", version: "1", summary: "A probe.",
            effects: [
                MetadataRules.EffectFacts(
                    id: "probe-effect", name: "Probe", summary: "Probes.", timingDoc: "ends at 1 s", declaresTiming: true,
                    params: params, channels: channels)
            ])
    }

    private let reduceMotion = MetadataRules.ParamFacts(
        name: "reduce_motion", doc: "Still.", kind: .bool, isOptional: false, range: nil, defaultValue: .fitting, choices: [])

    func testEachRuleHasItsSeverity() {
        let clean = effect(params: [reduceMotion], channels: [.init(name: "value", doc: "0 to 1.", low: 0, high: 1)])
        XCTAssertEqual(MetadataRules.problems(clean), [])

        let nan = MetadataRules.ParamFacts(
            name: "speed", doc: "How fast.", kind: .number, isOptional: false, range: (0, 1), defaultValue: .number(.nan),
            choices: [])
        let infinite = MetadataRules.ParamFacts(
            name: "reach", doc: "How far.", kind: .number, isOptional: false, range: (0, .infinity), defaultValue: .number(1),
            choices: [])
        let broken = effect(
            params: [reduceMotion, nan, infinite],
            channels: [
                .init(name: "value", doc: "", low: 0, high: 1), .init(name: "value", doc: "again", low: 0, high: 1),
                .init(name: "Bad-Name", doc: "x", low: 1, high: 0),
            ])
        let found = MetadataRules.problems(broken)
        XCTAssertEqual(
            found.map(\.message),
            [
                "effect 'probe-effect': param 'speed' has a default that is not finite",
                "effect 'probe-effect': param 'reach' needs a finite range with min < max",
                "effect 'probe-effect': channel 'value' has no doc",
                "effect 'probe-effect': channel 'value' is declared twice",
                "effect 'probe-effect': channel 'Bad-Name' is not snake_case",
                "effect 'probe-effect': channel 'Bad-Name' has an empty range",
            ])
        XCTAssertEqual(found.map(\.severity), [.refused, .refused, .warning, .refused, .refused, .refused])

        let noReduceMotion = effect(params: [], channels: [])
        XCTAssertEqual(
            MetadataRules.problems(noReduceMotion).map(\.severity), [.failure], "a missing reduce_motion fails validate, and still loads")
    }

    func testCountsReadAsPeopleReadThem() {
        XCTAssertEqual(MetadataRules.count(1, "effect"), "1 effect")
        XCTAssertEqual(MetadataRules.count(0, "effect"), "0 effects")
        XCTAssertEqual(MetadataRules.count(1024), "1,024")
        XCTAssertEqual(MetadataRules.count(2_147_483_649, "value"), "2,147,483,649 values")
        XCTAssertEqual(MetadataRules.count(999), "999")
        XCTAssertEqual(MetadataRules.count(-1_000_000), "-1,000,000")
    }
}
