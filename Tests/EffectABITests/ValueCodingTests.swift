import CEffect
@testable import EffectABI
import XCTest

/// A caller's effect_value checked against a param's spec, and a stored
/// value written back out, as include/effect.h describes them.
final class ValueCodingTests: XCTestCase {
    private enum Mode: String, ParamChoice { case slow, fast, still }

    private let speed = Param.number("speed", default: 1, range: 0...10, doc: "How fast.").spec
    private let count = Param.integer("count", default: 3, range: 0...100, doc: "How many.").spec
    private let on = Param.bool("on", default: false, doc: "Whether.").spec
    private let mode = Param.choice("mode", default: Mode.slow, doc: "How it moves.").spec
    private let label = Param.string("label", default: "hi", doc: "What it says.").spec
    private let tint = Param.color("tint", default: RGBA(red: 1, green: 2, blue: 3), doc: "Its colour.").spec
    private let phase = Param.optionalNumber("phase", range: 0...1, doc: "A point to hold.").spec

    func testANumberParamTakesANumberOrAnIntegerWithinItsRange() {
        XCTAssertEqual(accepted(number(2.5), for: speed), .number(2.5))
        XCTAssertEqual(accepted(number(0), for: speed), .number(0), "the range's ends are in it")
        XCTAssertEqual(accepted(number(10), for: speed), .number(10))
        XCTAssertEqual(accepted(integer(7), for: speed), .number(7), "an integer is taken as a number")
    }

    func testANumberOutsideItsRangeIsRefused() {
        XCTAssertEqual(
            refusal(number(10.5), for: speed), Refusal(EFFECT_ERR_RANGE, "param 'speed' is 10.5; it must be within 0...10"))
        XCTAssertEqual(
            refusal(number(-1), for: speed), Refusal(EFFECT_ERR_RANGE, "param 'speed' is -1; it must be within 0...10"))
        XCTAssertEqual(
            refusal(integer(11), for: speed), Refusal(EFFECT_ERR_RANGE, "param 'speed' is 11; it must be within 0...10"))
        XCTAssertEqual(
            refusal(number(1e300), for: speed),
            Refusal(EFFECT_ERR_RANGE, "param 'speed' is 1e+300; it must be within 0...10"))
    }

    func testNaNAndInfinityAreRefusedForNumbersAndIntegers() {
        XCTAssertEqual(
            refusal(number(.nan), for: speed), Refusal(EFFECT_ERR_RANGE, "param 'speed' must be a finite number, not nan"))
        XCTAssertEqual(
            refusal(number(.infinity), for: speed),
            Refusal(EFFECT_ERR_RANGE, "param 'speed' must be a finite number, not inf"))
        XCTAssertEqual(
            refusal(number(-.infinity), for: count),
            Refusal(EFFECT_ERR_RANGE, "param 'count' must be a finite number, not -inf"))
        XCTAssertEqual(
            refusal(number(.nan), for: phase), Refusal(EFFECT_ERR_RANGE, "param 'phase' must be a finite number, not nan"))
    }

    func testAnIntegerParamTakesAnIntegerOrAWholeNumber() {
        XCTAssertEqual(accepted(integer(42), for: count), .integer(42))
        XCTAssertEqual(accepted(integer(100), for: count), .integer(100))
        XCTAssertEqual(accepted(number(42), for: count), .integer(42))
        XCTAssertEqual(accepted(number(-0.0), for: count), .integer(0))
    }

    func testAnIntegerParamRefusesFractionsAndValuesOutOfRange() {
        XCTAssertEqual(
            refusal(number(2.5), for: count), Refusal(EFFECT_ERR_RANGE, "param 'count' needs a whole number, not 2.5"))
        XCTAssertEqual(
            refusal(integer(101), for: count), Refusal(EFFECT_ERR_RANGE, "param 'count' is 101; it must be within 0...100"))
        XCTAssertEqual(
            refusal(integer(-1), for: count), Refusal(EFFECT_ERR_RANGE, "param 'count' is -1; it must be within 0...100"))
        XCTAssertEqual(
            refusal(number(100.5), for: count),
            Refusal(EFFECT_ERR_RANGE, "param 'count' is 100.5; it must be within 0...100"))
    }

    /// Past 2^53 not every integer is a double: 2^53 + 1 would round to
    /// 2^53 and pass for the range's end if it were compared as one.
    func testIntegersPastTwoToThe53AreComparedWithTheRangeExactly() {
        let big = Param.integer("big", default: 0, range: 0...9_007_199_254_740_992, doc: "Up to 2^53.").spec
        XCTAssertEqual(accepted(integer(9_007_199_254_740_992), for: big), .integer(9_007_199_254_740_992))
        XCTAssertEqual(
            refusal(integer(9_007_199_254_740_993), for: big),
            Refusal(EFFECT_ERR_RANGE, "param 'big' is 9007199254740993; it must be within 0...9007199254740992.0"),
            "a message writes a bound past 1e15 as a double")
        let whole = Param.integer("whole", default: 0, range: Int.min...Int.max, doc: "Any Int64.").spec
        XCTAssertEqual(accepted(integer(.max), for: whole), .integer(.max))
        XCTAssertEqual(accepted(integer(.min), for: whole), .integer(.min))
    }

    /// A range of doubles need not have whole ends: 0.5...2.5 holds 1 and 2.
    func testAnIntegerParamsRangeMayHaveFractionalEnds() {
        let spec = ParamSpec(name: "steps", kind: .integer, defaultValue: .integer(1), range: 0.5...2.5, doc: "", isLive: true)
        XCTAssertEqual(accepted(integer(1), for: spec), .integer(1))
        XCTAssertEqual(accepted(integer(2), for: spec), .integer(2))
        XCTAssertEqual(refusal(integer(0), for: spec), Refusal(EFFECT_ERR_RANGE, "param 'steps' is 0; it must be within 0.5...2.5"))
        XCTAssertEqual(refusal(integer(3), for: spec), Refusal(EFFECT_ERR_RANGE, "param 'steps' is 3; it must be within 0.5...2.5"))
    }

    func testABoolIsZeroOrOne() {
        XCTAssertEqual(accepted(bool(0), for: on), .bool(false))
        XCTAssertEqual(accepted(bool(1), for: on), .bool(true))
        XCTAssertEqual(refusal(bool(2), for: on), Refusal(EFFECT_ERR_RANGE, "param 'on' is a bool: 0 or 1, not 2"))
        XCTAssertEqual(refusal(bool(-1), for: on), Refusal(EFFECT_ERR_RANGE, "param 'on' is a bool: 0 or 1, not -1"))
    }

    func testAChoiceIsNamedOrGivenByIndex() {
        XCTAssertEqual(withCString("fast") { accepted(choice(named: $0), for: mode) }, .choice(1))
        XCTAssertEqual(
            withCString("still") { accepted(choice(named: $0, index: 0), for: mode) }, .choice(2),
            "the name wins over the index")
        XCTAssertEqual(accepted(choice(index: 2), for: mode), .choice(2))
        XCTAssertEqual(accepted(choice(index: 0), for: mode), .choice(0))
    }

    func testAnUnknownChoiceIsRefused() {
        XCTAssertEqual(
            withCString("Fast") { refusal(choice(named: $0), for: mode) },
            Refusal(EFFECT_ERR_RANGE, "param 'mode' has no choice 'Fast' (choices: slow, fast, still)"))
        XCTAssertEqual(
            refusal(choice(index: 3), for: mode),
            Refusal(EFFECT_ERR_RANGE, "param 'mode' has 3 choices; index 3 is out of range"))
        XCTAssertEqual(
            refusal(choice(index: -1), for: mode),
            Refusal(EFFECT_ERR_RANGE, "param 'mode' has 3 choices; index -1 is out of range"))
        XCTAssertEqual(
            withCString([0x66, 0xC3]) { refusal(choice(named: $0), for: mode) },
            Refusal(EFFECT_ERR_UTF8, "the value of 'mode' is not valid UTF-8"))
    }

    func testAStringIsCopiedAndMustBeValidUTF8() {
        // "héllo" in UTF-8, in memory the test overwrites once it is decoded.
        let bytes = UnsafeMutablePointer<CChar>.allocate(capacity: 7)
        defer { bytes.deallocate() }
        for (offset, byte) in [0x68, 0xC3, 0xA9, 0x6C, 0x6C, 0x6F, 0x00].enumerated() { bytes[offset] = CChar(bitPattern: UInt8(byte)) }
        let decoded = accepted(string(UnsafePointer(bytes)), for: label)
        bytes[0] = 0x4A
        XCTAssertEqual(decoded, .string("h\u{E9}llo"))

        XCTAssertEqual(
            refusal(string(nil), for: label), Refusal(EFFECT_ERR_NULL_POINTER, "the value of 'label' is NULL"))
        XCTAssertEqual(
            withCString([0xFF, 0x41]) { refusal(string($0), for: label) },
            Refusal(EFFECT_ERR_UTF8, "the value of 'label' is not valid UTF-8"))
        XCTAssertEqual(
            withCString([0xED, 0xA0, 0x80]) { refusal(string($0), for: label) },
            Refusal(EFFECT_ERR_UTF8, "the value of 'label' is not valid UTF-8"), "an encoded surrogate is not UTF-8")
        XCTAssertEqual(withCString("") { accepted(string($0), for: label) }, .string(""))
    }

    func testAColourIsA32BitValue() {
        XCTAssertEqual(accepted(color(0), for: tint), .color(0))
        XCTAssertEqual(accepted(color(0xFFFF_FFFF), for: tint), .color(0xFFFF_FFFF))
        XCTAssertEqual(accepted(color(0x1122_3344), for: tint), .color(0x1122_3344))
        XCTAssertEqual(
            refusal(color(0x1_0000_0000), for: tint),
            Refusal(EFFECT_ERR_RANGE, "param 'tint' is a 0xRRGGBBAA colour; 4294967296 is out of range"))
        XCTAssertEqual(
            refusal(color(-1), for: tint),
            Refusal(EFFECT_ERR_RANGE, "param 'tint' is a 0xRRGGBBAA colour; -1 is out of range"))
    }

    func testAValueOfTheWrongTypeIsRefusedNamingBothTypes() {
        XCTAssertEqual(refusal(bool(1), for: speed), Refusal(EFFECT_ERR_TYPE, "param 'speed' needs a number, not a bool"))
        XCTAssertEqual(
            refusal(color(1), for: speed), Refusal(EFFECT_ERR_TYPE, "param 'speed' needs a number, not a colour"))
        XCTAssertEqual(
            refusal(color(1), for: count), Refusal(EFFECT_ERR_TYPE, "param 'count' needs an integer, not a colour"))
        XCTAssertEqual(refusal(integer(1), for: on), Refusal(EFFECT_ERR_TYPE, "param 'on' needs a bool, not an integer"))
        XCTAssertEqual(
            withCString("fast") { refusal(string($0), for: mode) },
            Refusal(EFFECT_ERR_TYPE, "param 'mode' needs an enum choice, not a string"))
        XCTAssertEqual(
            withCString("yo") { refusal(choice(named: $0), for: label) },
            Refusal(EFFECT_ERR_TYPE, "param 'label' needs a string, not an enum choice"))
        XCTAssertEqual(
            refusal(integer(0x1122_3344), for: tint), Refusal(EFFECT_ERR_TYPE, "param 'tint' needs a colour, not an integer"))
        XCTAssertEqual(
            refusal(number(1), for: tint), Refusal(EFFECT_ERR_TYPE, "param 'tint' needs a colour, not a number"))
        XCTAssertEqual(
            refusal(effect_value(type: 99, reserved: 0, number: 1, integer: 1, string: nil), for: speed),
            Refusal(EFFECT_ERR_TYPE, "param 'speed' needs a number, not value type 99"))
    }

    func testNoneUnsetsAnOptionalParamAndNoOther() {
        XCTAssertEqual(accepted(none(), for: phase), ParamValue.none)
        XCTAssertEqual(accepted(number(0.5), for: phase), .number(0.5))
        XCTAssertEqual(
            refusal(number(2), for: phase), Refusal(EFFECT_ERR_RANGE, "param 'phase' is 2; it must be within 0...1"))
        XCTAssertEqual(
            refusal(none(), for: speed), Refusal(EFFECT_ERR_TYPE, "param 'speed' cannot be unset; it needs a number"))
        XCTAssertEqual(
            refusal(none(), for: mode), Refusal(EFFECT_ERR_TYPE, "param 'mode' cannot be unset; it needs an enum choice"))
    }

    func testEncodeFillsTheFieldsTheHeaderNamesForEachType() {
        let pool = StringPool()
        let names = ["slow", "fast", "still"].map(pool.intern)
        func encoded(_ value: ParamValue) -> Fields { Fields(encode(value, choiceNames: names, strings: pool.intern)) }
        XCTAssertEqual(encoded(.none), Fields(EFFECT_TYPE_NONE, 0, 0, nil))
        XCTAssertEqual(encoded(.number(2.5)), Fields(EFFECT_TYPE_NUMBER, 2.5, 0, nil))
        XCTAssertEqual(encoded(.integer(-7)), Fields(EFFECT_TYPE_INTEGER, 0, -7, nil))
        XCTAssertEqual(encoded(.bool(true)), Fields(EFFECT_TYPE_BOOL, 0, 1, nil))
        XCTAssertEqual(encoded(.bool(false)), Fields(EFFECT_TYPE_BOOL, 0, 0, nil))
        XCTAssertEqual(encoded(.choice(1)), Fields(EFFECT_TYPE_ENUM, 0, 1, "fast"), "an enum carries its name and index")
        XCTAssertEqual(encoded(.choice(3)), Fields(EFFECT_TYPE_ENUM, 0, 3, nil), "no name for an index past the choices")
        XCTAssertEqual(encoded(.string("h\u{E9}llo")), Fields(EFFECT_TYPE_STRING, 0, 0, "h\u{E9}llo"))
        XCTAssertEqual(encoded(.color(0xFFFF_FFFF)), Fields(EFFECT_TYPE_COLOR, 0, 4_294_967_295, nil), "not sign-extended")
    }

    func testDecodingWhatEncodeWroteGivesTheSameValue() {
        let pool = StringPool()
        let names = ["slow", "fast", "still"].map(pool.intern)
        let values: [(ParamSpec, ParamValue)] = [
            (speed, .number(2.5)), (count, .integer(42)), (on, .bool(true)), (on, .bool(false)), (mode, .choice(2)),
            (label, .string("h\u{E9}llo")), (label, .string("")), (tint, .color(0xFFFF_FFFF)), (phase, .none),
            (phase, .number(0.25)),
        ]
        for (spec, value) in values {
            let encoded = encode(value, choiceNames: names, strings: pool.intern)
            XCTAssertEqual(accepted(encoded, for: spec), value, "\(spec.name): \(value)")
        }
    }

    func testTypeNamesAndTagsFollowTheHeader() {
        let kinds: [ParamKind] = [.number, .integer, .bool, .choice(["a"]), .string, .color]
        XCTAssertEqual(
            kinds.map(typeName), ["a number", "an integer", "a bool", "an enum choice", "a string", "a colour"])
        XCTAssertEqual(
            kinds.map(typeTag),
            [EFFECT_TYPE_NUMBER, EFFECT_TYPE_INTEGER, EFFECT_TYPE_BOOL, EFFECT_TYPE_ENUM, EFFECT_TYPE_STRING,
             EFFECT_TYPE_COLOR])
        XCTAssertEqual(kinds.map(typeTag), [1, 2, 3, 4, 5, 6], "the numbers effect.h gives them")
    }
}

// MARK: Values in, and what became of them

/// A refused value's status and message.
private struct Refusal: Equatable, CustomStringConvertible {
    let status: Int32
    let message: String

    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { "\(status): \(message)" }
}

/// What decode made of `value`, or nil when it refused it.
private func accepted(_ value: effect_value, for spec: ParamSpec) -> ParamValue? {
    try? decode(value, for: spec)
}

/// Why decode refused `value`, or nil when it accepted it.
private func refusal(_ value: effect_value, for spec: ParamSpec) -> Refusal? {
    do {
        _ = try decode(value, for: spec)
        return nil
    } catch {
        return Refusal(error.status, error.message)
    }
}

private func value(_ type: UInt32, number: Double = 0, integer: Int64 = 0, string: UnsafePointer<CChar>? = nil)
    -> effect_value
{
    effect_value(type: type, reserved: 0, number: number, integer: integer, string: string)
}

private func none() -> effect_value { value(EFFECT_TYPE_NONE) }
private func number(_ x: Double) -> effect_value { value(EFFECT_TYPE_NUMBER, number: x) }
private func integer(_ x: Int64) -> effect_value { value(EFFECT_TYPE_INTEGER, integer: x) }
private func bool(_ x: Int64) -> effect_value { value(EFFECT_TYPE_BOOL, integer: x) }
private func color(_ x: Int64) -> effect_value { value(EFFECT_TYPE_COLOR, integer: x) }
private func string(_ pointer: UnsafePointer<CChar>?) -> effect_value { value(EFFECT_TYPE_STRING, string: pointer) }
private func choice(index: Int64) -> effect_value { value(EFFECT_TYPE_ENUM, integer: index) }
private func choice(named name: UnsafePointer<CChar>, index: Int64 = 0) -> effect_value {
    value(EFFECT_TYPE_ENUM, integer: index, string: name)
}

/// `bytes` as a NUL-terminated C string for the length of `body`, valid
/// UTF-8 or not.
private func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
}

private func withCString<R>(_ text: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
    withCString(Array(text.utf8), body)
}

/// An effect_value's fields, with its string read back.
private struct Fields: Equatable {
    let type: UInt32
    let reserved: UInt32
    let number: Double
    let integer: Int64
    let string: String?

    init(_ type: UInt32, _ number: Double, _ integer: Int64, _ string: String?) {
        self.type = type
        reserved = 0
        self.number = number
        self.integer = integer
        self.string = string
    }

    init(_ value: effect_value) {
        type = value.type
        reserved = value.reserved
        number = value.number
        integer = value.integer
        string = value.string.map { String(cString: $0) }
    }
}
