@testable import EffectABI
import XCTest

/// The kit holds a plugin's declarations to the ABI's rules before
/// describe answers: what it finds wrong, word for word.
final class DescriptorCheckTests: XCTestCase {
    private let plugin = PluginInfo(
        id: "probe-plugin", name: "Probe", version: "1.0.0", author: "", license: "", summary: "Probes the checks.")

    private func problems(_ effects: [any Effect.Type], plugin: PluginInfo? = nil) -> [String] {
        DescriptorCheck.problems(plugin: plugin ?? self.plugin, effects: effects.map { EffectKind($0).facts })
    }

    func testAWellFormedEffectHasNoProblems() {
        XCTAssertEqual(problems([Probe<WellFormed>.self]), [])
        XCTAssertEqual(problems([Probe<Minimal>.self, Probe<Renamed>.self]), [], "two effects with their own ids")
    }

    func testPluginProblems() {
        let unnamed = PluginInfo(id: "Probe_Plugin", name: "", version: "", author: "", license: "", summary: "")
        XCTAssertEqual(
            problems([Probe<Minimal>.self], plugin: unnamed),
            [
                "plugin id 'Probe_Plugin' is not kebab-case", "plugin name is empty", "plugin version is empty",
                "plugin summary is empty",
            ])
        XCTAssertEqual(problems([]), ["plugin has no effects"])
        XCTAssertEqual(problems([Probe<Minimal>.self, Probe<Minimal>.self]), ["effect id 'probe' is used twice"])
        let tooMany = problems(Array(repeating: Probe<Minimal>.self, count: 1025))
        XCTAssertEqual(tooMany.first, "plugin has 1,025 effects, more than the 1,024 allowed")
    }

    func testEffectInfoProblems() {
        XCTAssertEqual(problems([Probe<BadID>.self]), ["effect 'Probe Effect': id is not kebab-case"])
        XCTAssertEqual(
            problems([Probe<Undescribed>.self]), ["effect 'probe': name, summary and timing doc must not be empty"])
        XCTAssertEqual(problems([Probe<Timeless>.self]), ["effect 'probe': declares no timing kind"])
    }

    func testEveryEffectNeedsABoolReduceMotion() {
        XCTAssertEqual(problems([Probe<NoReduceMotion>.self]), ["effect 'probe': has no bool param 'reduce_motion'"])
        XCTAssertEqual(problems([Probe<NumericReduceMotion>.self]), ["effect 'probe': has no bool param 'reduce_motion'"])
    }

    func testParamNamesDocsAndDefaults() {
        XCTAssertEqual(
            problems([Probe<BadParams>.self]),
            [
                "effect 'probe': param 'Speed' is not snake_case",
                "effect 'probe': param 'quiet' has no doc",
                "effect 'probe': param 'unset' has no default and is not optional",
                "effect 'probe': param 'preset' is optional but has a default; optional params start unset",
                "effect 'probe': param 'twice' is declared twice",
            ])
    }

    /// ABI 1.7's EFFECT_PARAM_MULTILINE: `Param.string(multiline:)` carries it
    /// into the spec and the exported flags, and the kit refuses it on any
    /// param but a string.
    func testMultilineIsAStringParamsFlag() {
        let plain = Param.string("label", default: "a", doc: "A label.")
        let paragraph = Param.string("body", default: "a\nb", live: true, multiline: true, doc: "A paragraph.")
        XCTAssertEqual([plain.spec.isMultiline, paragraph.spec.isMultiline], [false, true])
        XCTAssertTrue(paragraph.spec.isLive, "multiline leaves live as given")
        XCTAssertEqual(problems([Probe<MultilineText>.self]), [])
        let entry = EffectEntry(EffectKind(Probe<MultilineText>.self), strings: StringPool())
        // LIVE 1 | MULTILINE 4, and nothing for the plain string.
        XCTAssertEqual(entry.params.map(\.flags), [1, 0, 5])
        XCTAssertEqual(
            problems([Probe<MultilineNumber>.self]),
            ["effect 'probe': param 'size' is marked multiline, which only a string param may be"])
    }

    func testNumericRangesAndDefaults() {
        XCTAssertEqual(
            problems([Probe<BadNumbers>.self]),
            [
                "effect 'probe': param 'no_range' needs a finite range with min < max",
                "effect 'probe': param 'endless' needs a finite range with min < max",
                "effect 'probe': param 'point' needs a finite range with min < max",
                "effect 'probe': param 'not_a_number' has a default that is not finite",
                "effect 'probe': param 'too_fast' has a default outside its range",
                "effect 'probe': param 'too_many' has a default outside its range",
            ])
    }

    /// A default must be of the param's own type: the kit turns each pair
    /// of kind and default into what the rules check.
    func testDefaultsOfTheWrongType() {
        XCTAssertEqual(
            problems([Probe<MismatchedDefaults>.self]),
            [
                "effect 'probe': param 'number' has a default of the wrong type",
                "effect 'probe': param 'integer' has a default of the wrong type",
                "effect 'probe': param 'flag' has a default of the wrong type",
                "effect 'probe': param 'text' has a default of the wrong type",
                "effect 'probe': param 'tint' has a default of the wrong type",
                "effect 'probe': param 'mode' has a default that is not one of its choices",
            ])
    }

    func testChoices() {
        XCTAssertEqual(
            problems([Probe<BadChoices>.self]),
            [
                "effect 'probe': param 'none' needs one or more distinct choices",
                "effect 'probe': param 'none' has a default that is not one of its choices",
                "effect 'probe': param 'same' needs one or more distinct choices",
                "effect 'probe': param 'past_end' has a default that is not one of its choices",
                "effect 'probe': param 'crowded' has 4,097 choices, more than the 4,096 allowed",
            ])
    }

    func testTooManyParams() {
        XCTAssertEqual(problems([Probe<Crowded>.self]), ["effect 'probe': has 1,025 params, more than the 1,024 allowed"])
    }

    func testChannelProblems() {
        XCTAssertEqual(
            problems([Probe<GappedChannels>.self]),
            ["effect 'probe': channel indices must run 0, 1, 2, ... within each scope"])
        XCTAssertEqual(
            problems([Probe<BadChannels>.self]),
            [
                "effect 'probe': channel 'Level' is not snake_case",
                "effect 'probe': channel 'level' is declared twice",
                "effect 'probe': channel 'quiet' has no doc",
            ])
        XCTAssertEqual(
            problems([Probe<SharedChannelName>.self]), ["effect 'probe': channel 'value' is declared twice"],
            "names are unique across scopes")
    }
}

// MARK: Test effects

/// What a test effect declares: by default, an effect with nothing wrong.
private protocol Declaration {
    associatedtype Channel: ChannelSet = Level
    associatedtype ElementChannel: ChannelSet = NoChannel
    static var info: EffectInfo { get }
    static var params: [ParamSpec] { get }
}

extension Declaration {
    static var info: EffectInfo {
        EffectInfo(id: "probe", name: "Probe", summary: "Holds still.", timingKinds: .ends, timingDoc: "ends at 0")
    }

    static var params: [ParamSpec] { [reduceMotion] }
}

/// An effect that holds still: only its declarations matter here.
private struct Probe<D: Declaration>: Effect {
    typealias Channel = D.Channel
    typealias ElementChannel = D.ElementChannel
    static var info: EffectInfo { D.info }
    static var params: [ParamSpec] { D.params }

    init(params: ParamTimeline, strings: StringPool) {}
    var timing: Timing { .ends(at: 0) }
    func displayStrings(at t: Double) -> DisplayStrings { DisplayStrings(text: .empty, accessibilityLabel: .empty) }
    func sample(at t: Double, into frame: Frame<Self>) {}
}

private let reduceMotion = Param.reduceMotion(doc: "Holds still.").spec

private func number(_ name: String, _ value: ParamValue, range: ClosedRange<Double>?, doc: String = "A number.")
    -> ParamSpec
{
    ParamSpec(name: name, kind: .number, defaultValue: value, range: range, doc: doc, isLive: true)
}

private func choice(_ name: String, _ choices: [String], default index: Int) -> ParamSpec {
    ParamSpec(name: name, kind: .choice(choices), defaultValue: .choice(index), doc: "A choice.", isLive: false)
}

private enum Minimal: Declaration {}

private enum Renamed: Declaration {
    static let info = EffectInfo(id: "probe-2", name: "Probe 2", summary: "Still.", timingKinds: .loops, timingDoc: "loops")
}

private enum Mode: String, ParamChoice { case slow, fast }

/// One param of every kind, and channels in every scope.
private enum WellFormed: Declaration {
    static let info = EffectInfo(
        id: "probe", name: "Probe", summary: "Holds still.", elementNoun: "dot", timingKinds: [.ends, .loops],
        timingDoc: "ends at 0")
    static let params = [
        Param.number("speed", default: 1, range: 0...10, doc: "How fast.").spec,
        Param.integer("count", default: 100, range: 0...100, doc: "How many.").spec,
        Param.bool("on", default: true, doc: "Whether.").spec,
        Param.choice("mode", default: Mode.fast, doc: "How it moves.").spec,
        Param.string("label", default: "", doc: "What it says.").spec,
        Param.color("tint", default: RGBA(red: 0, green: 0, blue: 0), doc: "Its colour.").spec,
        Param.color("ink", light: RGBA(red: 0, green: 0, blue: 0), dark: RGBA(red: 255, green: 255, blue: 255), doc: "Ink.")
            .spec,
        Param.optionalNumber("phase", range: 0...1, doc: "A point to hold.").spec,
        reduceMotion,
    ]
    typealias ElementChannel = Reversed
}

private enum BadID: Declaration {
    static let info = EffectInfo(id: "Probe Effect", name: "Probe", summary: "Still.", timingKinds: .ends, timingDoc: "ends")
}

private enum Undescribed: Declaration {
    static let info = EffectInfo(id: "probe", name: "Probe", summary: "Still.", timingKinds: .ends, timingDoc: "")
}

private enum Timeless: Declaration {
    static let info = EffectInfo(id: "probe", name: "Probe", summary: "Still.", timingKinds: [], timingDoc: "ends")
}

private enum NoReduceMotion: Declaration {
    static let params = [Param.number("speed", default: 1, range: 0...10, doc: "How fast.").spec]
}

private enum NumericReduceMotion: Declaration {
    static let params = [number("reduce_motion", .number(0), range: 0...1)]
}

private enum BadParams: Declaration {
    static let params = [
        reduceMotion,
        number("Speed", .number(1), range: 0...10),
        number("quiet", .number(1), range: 0...10, doc: ""),
        number("unset", .none, range: 0...10),
        ParamSpec(name: "preset", kind: .number, defaultValue: .number(0.5), range: 0...1, doc: "Set.", isLive: true, isOptional: true),
        number("twice", .number(1), range: 0...10),
        number("twice", .number(1), range: 0...10),
    ]
}

private enum BadNumbers: Declaration {
    static let params = [
        reduceMotion,
        number("no_range", .number(1), range: nil),
        number("endless", .number(1), range: 0...Double.infinity),
        number("point", .number(1), range: 1...1),
        number("not_a_number", .number(.nan), range: 0...1),
        number("too_fast", .number(11), range: 0...10),
        ParamSpec(name: "too_many", kind: .integer, defaultValue: .integer(101), range: 0...100, doc: "How many.", isLive: true),
    ]
}

private enum MismatchedDefaults: Declaration {
    static let params = [
        reduceMotion,
        number("number", .integer(1), range: 0...10),
        ParamSpec(name: "integer", kind: .integer, defaultValue: .number(1), range: 0...10, doc: "Count.", isLive: true),
        ParamSpec(name: "flag", kind: .bool, defaultValue: .integer(1), doc: "Flag.", isLive: true),
        ParamSpec(name: "text", kind: .string, defaultValue: .choice(0), doc: "Text.", isLive: false),
        ParamSpec(name: "tint", kind: .color, defaultValue: .string("red"), doc: "Tint.", isLive: true),
        ParamSpec(name: "mode", kind: .choice(["a", "b"]), defaultValue: .string("a"), doc: "Mode.", isLive: false),
    ]
}

private enum MultilineText: Declaration {
    static let params = [
        reduceMotion, Param.string("label", default: "a", doc: "A label.").spec,
        Param.string("body", default: "a\nb", live: true, multiline: true, doc: "A paragraph.").spec,
    ]
}

private enum MultilineNumber: Declaration {
    static let params = [
        reduceMotion,
        ParamSpec(name: "size", kind: .number, defaultValue: .number(1), range: 0...10, doc: "Size.", isLive: true, isMultiline: true),
    ]
}

private enum BadChoices: Declaration {
    static let params = [
        reduceMotion,
        choice("none", [], default: 0),
        choice("same", ["a", "a"], default: 0),
        choice("past_end", ["a", "b"], default: 2),
        choice("crowded", (0...4096).map { "c\($0)" }, default: 0),
    ]
}

private enum Crowded: Declaration {
    static let params = [reduceMotion] + (1...1024).map { number("p\($0)", .number(0), range: 0...1) }
}

private enum Level: Int, ChannelSet {
    case value
    var spec: ChannelSpec { ChannelSpec("value", range: 0...1, doc: "0 to 1.") }
}

/// Declared out of order, but running 0, 1 all the same.
private enum Reversed: Int, ChannelSet {
    case second = 1, first = 0
    var spec: ChannelSpec { ChannelSpec(self == .first ? "first" : "second", doc: "A dot's.") }
}

private enum Gapped: Int, ChannelSet {
    case start = 0, end = 2
    var spec: ChannelSpec { ChannelSpec(self == .start ? "start" : "end", doc: "An end.") }
}

private enum GappedChannels: Declaration {
    typealias ElementChannel = Gapped
}

private enum Misnamed: Int, ChannelSet {
    case shouting, level, again, quiet
    var spec: ChannelSpec {
        switch self {
        case .shouting: ChannelSpec("Level", doc: "Loud.")
        case .level, .again: ChannelSpec("level", doc: "A level.")
        case .quiet: ChannelSpec("quiet", doc: "")
        }
    }
}

private enum BadChannels: Declaration {
    typealias Channel = Misnamed
}

private enum ValueAgain: Int, ChannelSet {
    case value
    var spec: ChannelSpec { ChannelSpec("value", doc: "The global one's name again.") }
}

private enum SharedChannelName: Declaration {
    typealias ElementChannel = ValueAgain
}
