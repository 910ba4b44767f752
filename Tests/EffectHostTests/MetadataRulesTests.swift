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

    private func effect(params: [MetadataRules.ParamFacts], channels: [MetadataRules.ChannelFacts], minor: UInt32 = 7)
        -> MetadataRules.PluginFacts
    {
        MetadataRules.PluginFacts(
            id: "probe", name: "Probe", version: "1", summary: "A probe.", minor: minor,
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

    /// ABI 1.7's EFFECT_PARAM_MULTILINE: a string's flag, from a plugin of
    /// 1.7 or later; anything else is refused, naming the param and why.
    func testMultilineIsAStringFlagOfABI17() {
        let text = MetadataRules.ParamFacts(
            name: "text", doc: "Lines.", kind: .string, isOptional: false, range: nil, defaultValue: .fitting, choices: [],
            isMultiline: true)
        let size = MetadataRules.ParamFacts(
            name: "size", doc: "Points.", kind: .number, isOptional: false, range: (1, 100), defaultValue: .number(12),
            choices: [], isMultiline: true)
        XCTAssertEqual(MetadataRules.problems(effect(params: [reduceMotion, text], channels: [])), [])
        XCTAssertEqual(MetadataRules.problems(effect(params: [reduceMotion, text], channels: [], minor: 8)), [])
        let onANumber = MetadataRules.problems(effect(params: [reduceMotion, size], channels: []))
        XCTAssertEqual(onANumber.map(\.message), ["effect 'probe-effect': param 'size' is marked multiline, which only a string param may be"])
        XCTAssertEqual(onANumber.map(\.severity), [.refused])
        let fromABI16 = MetadataRules.problems(effect(params: [reduceMotion, text], channels: [], minor: 6))
        XCTAssertEqual(
            fromABI16.map(\.message),
            ["effect 'probe-effect': param 'text' is marked multiline, a flag of ABI 1.7, in a plugin of ABI 1.6, which has no such flag"])
        XCTAssertEqual(fromABI16.map(\.severity), [.refused])
    }

    /// The loader reads the flag through param_info and applies the rules to
    /// the minor it uses the plugin as (test_plugin.c with its params'
    /// flags set by LENGTH_FLAGS and LABEL_FLAGS; a 1.7 table is 1.4's size).
    func testTheLoaderTakesMultilineOnAStringOfABI17Only() throws {
        let abi17 = ["BROKEN_ABI_MINOR=7", "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_4"]
        let directory = try TestEnvironment.temporaryDirectory(self)
        let loaded = try Plugin.load(
            path: try Fixtures.testPlugin("multiline.so", in: directory, defines: abi17 + ["LABEL", "LABEL_FLAGS=EFFECT_PARAM_MULTILINE"]))
        let params = try XCTUnwrap(loaded.effect(id: "test-ramp")).params
        XCTAssertEqual(params.map(\.name), ["length", "reduce_motion", "label"])
        XCTAssertEqual(params.map(\.isMultiline), [false, false, true])
        XCTAssertTrue(params[2].isLive, "the label stays live")
        XCTAssertEqual(
            try loadFailure(abi17 + ["LENGTH_FLAGS=EFFECT_PARAM_MULTILINE"]),
            "effect 'test-ramp': param 'length' is marked multiline, which only a string param may be")
        XCTAssertEqual(
            try loadFailure([
                "BROKEN_ABI_MINOR=6", "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_4", "LABEL", "LABEL_FLAGS=EFFECT_PARAM_MULTILINE",
            ]),
            "effect 'test-ramp': param 'label' is marked multiline, a flag of ABI 1.7, in a plugin of ABI 1.6, which has no such flag")
        XCTAssertEqual(try loadFailure(abi17 + ["LENGTH_FLAGS=8"]), "param 'length' of 'test-ramp' has unknown flags 0x8")
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
