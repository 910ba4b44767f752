import CEffect

/// Turns a caller's effect_value into a checked ParamValue for `spec`.
func decode(_ value: effect_value, for spec: ParamSpec) throws(EffectFailure) -> ParamValue {
    let name = spec.name
    if value.type == EFFECT_TYPE_NONE {
        guard spec.isOptional else {
            throw EffectFailure(status: Status.type, "param '\(name)' cannot be unset; it needs \(typeName(spec.kind))")
        }
        return .none
    }
    switch spec.kind {
    case .number:
        let number: Double
        switch value.type {
        case EFFECT_TYPE_NUMBER: number = value.number
        case EFFECT_TYPE_INTEGER: number = Double(value.integer)
        default: throw wrongType(spec, value.type)
        }
        try checkRange(number, spec)
        return .number(number)
    case .integer:
        let integer: Int64
        switch value.type {
        case EFFECT_TYPE_INTEGER:
            integer = value.integer
            try checkRange(integer, spec)
        case EFFECT_TYPE_NUMBER:
            try checkRange(value.number, spec)
            guard let whole = Int64(exactly: value.number) else {
                throw EffectFailure(status: Status.range, "param '\(name)' needs a whole number, not \(value.number)")
            }
            integer = whole
        default: throw wrongType(spec, value.type)
        }
        return .integer(integer)
    case .bool:
        guard value.type == EFFECT_TYPE_BOOL else { throw wrongType(spec, value.type) }
        guard value.integer == 0 || value.integer == 1 else {
            throw EffectFailure(status: Status.range, "param '\(name)' is a bool: 0 or 1, not \(value.integer)")
        }
        return .bool(value.integer == 1)
    case let .choice(choices):
        guard value.type == EFFECT_TYPE_ENUM else { throw wrongType(spec, value.type) }
        if let pointer = value.string {
            let choice = try readString(pointer, "the value of '\(name)'")
            guard let index = choices.firstIndex(of: choice) else {
                throw EffectFailure(
                    status: Status.range, "param '\(name)' has no choice '\(choice)' (choices: \(nameList(choices)))")
            }
            return .choice(index)
        }
        guard value.integer >= 0, value.integer < Int64(choices.count) else {
            throw EffectFailure(
                status: Status.range, "param '\(name)' has \(choices.count) choices; index \(value.integer) is out of range")
        }
        return .choice(Int(value.integer))
    case .string:
        guard value.type == EFFECT_TYPE_STRING else { throw wrongType(spec, value.type) }
        return .string(try readString(value.string, "the value of '\(name)'"))
    case .color:
        guard value.type == EFFECT_TYPE_COLOR else { throw wrongType(spec, value.type) }
        guard value.integer >= 0, value.integer <= 0xFFFF_FFFF else {
            throw EffectFailure(status: Status.range, "param '\(name)' is a 0xRRGGBBAA colour; \(value.integer) is out of range")
        }
        return .color(UInt32(value.integer))
    }
}

private func checkRange(_ number: Double, _ spec: ParamSpec) throws(EffectFailure) {
    guard number.isFinite else {
        throw EffectFailure(status: Status.range, "param '\(spec.name)' must be a finite number, not \(number)")
    }
    if let range = spec.range, !range.contains(number) {
        throw EffectFailure(
            status: Status.range,
            "param '\(spec.name)' is \(describe(number)); it must be within \(describe(range.lowerBound))...\(describe(range.upperBound))")
    }
}

/// Compared exactly, not as a double: past 2^53 an integer's nearest
/// double can be in the range when the integer is not (2^53 + 1 rounds to
/// 2^53), and C callers compare integers exactly (effect_kit.h).
private func checkRange(_ integer: Int64, _ spec: ParamSpec) throws(EffectFailure) {
    guard let range = spec.range, !(isAtLeast(integer, range.lowerBound) && isAtMost(integer, range.upperBound)) else {
        return
    }
    throw EffectFailure(
        status: Status.range,
        "param '\(spec.name)' is \(integer); it must be within \(describe(range.lowerBound))...\(describe(range.upperBound))")
}

// Each bound is whole and within Int64 once the bounds past Int64's reach
// are answered: -2^63 is an Int64 and 2^63 is not.
private func isAtLeast(_ integer: Int64, _ bound: Double) -> Bool {
    if bound <= -0x1p63 { return true }
    if bound >= 0x1p63 { return false }
    return integer >= Int64(bound.rounded(.up))
}

private func isAtMost(_ integer: Int64, _ bound: Double) -> Bool {
    if bound >= 0x1p63 { return true }
    if bound < -0x1p63 { return false }
    return integer <= Int64(bound.rounded(.down))
}

private func wrongType(_ spec: ParamSpec, _ type: UInt32) -> EffectFailure {
    EffectFailure(status: Status.type, "param '\(spec.name)' needs \(typeName(spec.kind)), not \(tagName(type))")
}

func typeName(_ kind: ParamKind) -> String {
    switch kind {
    case .number: "a number"
    case .integer: "an integer"
    case .bool: "a bool"
    case .choice: "an enum choice"
    case .string: "a string"
    case .color: "a colour"
    }
}

private func tagName(_ type: UInt32) -> String {
    switch type {
    case EFFECT_TYPE_NUMBER: "a number"
    case EFFECT_TYPE_INTEGER: "an integer"
    case EFFECT_TYPE_BOOL: "a bool"
    case EFFECT_TYPE_ENUM: "an enum choice"
    case EFFECT_TYPE_STRING: "a string"
    case EFFECT_TYPE_COLOR: "a colour"
    default: "value type \(type)"
    }
}

func typeTag(_ kind: ParamKind) -> UInt32 {
    switch kind {
    case .number: EFFECT_TYPE_NUMBER
    case .integer: EFFECT_TYPE_INTEGER
    case .bool: EFFECT_TYPE_BOOL
    case .choice: EFFECT_TYPE_ENUM
    case .string: EFFECT_TYPE_STRING
    case .color: EFFECT_TYPE_COLOR
    }
}

/// Turns a stored value back into an effect_value. Strings must already be
/// interned in `strings`; choice names come from the effect's metadata.
func encode(_ value: ParamValue, choiceNames: [CString], strings: (String) -> CString) -> effect_value {
    var out = effect_value(type: EFFECT_TYPE_NONE, reserved: 0, number: 0, integer: 0, string: nil)
    switch value {
    case .none: break
    case let .number(x):
        out.type = EFFECT_TYPE_NUMBER
        out.number = x
    case let .integer(x):
        out.type = EFFECT_TYPE_INTEGER
        out.integer = x
    case let .bool(x):
        out.type = EFFECT_TYPE_BOOL
        out.integer = x ? 1 : 0
    case let .choice(index):
        out.type = EFFECT_TYPE_ENUM
        out.integer = Int64(index)
        out.string = choiceNames.indices.contains(index) ? choiceNames[index].pointer : nil
    case let .string(x):
        out.type = EFFECT_TYPE_STRING
        out.string = strings(x).pointer
    case let .color(x):
        out.type = EFFECT_TYPE_COLOR
        out.integer = Int64(x)
    }
    return out
}
