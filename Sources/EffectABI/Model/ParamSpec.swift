/// The type of a param, as the C ABI names them.
public enum ParamKind: Sendable, Equatable {
    case number
    case integer
    case bool
    case choice([String])
    case string
    case color
}

/// A param's value. `.none` is an optional param left unset.
public enum ParamValue: Sendable, Equatable {
    case none
    case number(Double)
    case integer(Int64)
    case bool(Bool)
    case choice(Int)
    case string(String)
    case color(UInt32)
}

/// Everything the ABI publishes about one param.
public struct ParamSpec: Sendable {
    public let name: String
    public let kind: ParamKind
    public let defaultValue: ParamValue
    /// Numeric params only; finite, lower < upper.
    public let range: ClosedRange<Double>?
    public let unit: String
    public let doc: String
    /// Whether set_param may change it at a time t.
    public let isLive: Bool
    public let isOptional: Bool
    /// A string whose line breaks the effect shows as lines: hosts offer a
    /// multi-line field (ABI 1.7's EFFECT_PARAM_MULTILINE).
    public let isMultiline: Bool

    public init(
        name: String, kind: ParamKind, defaultValue: ParamValue, range: ClosedRange<Double>? = nil,
        unit: String = "", doc: String, isLive: Bool, isOptional: Bool = false, isMultiline: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.range = range
        self.unit = unit
        self.doc = doc
        self.isLive = isLive
        self.isOptional = isOptional
        self.isMultiline = isMultiline
    }
}

/// A param declaration that also knows how to read its value as a Swift type.
///
/// Effects declare their params as static `Param` values, list their specs,
/// and read them back from a `ParamTimeline` with full type safety.
public struct Param<Value: Sendable>: Sendable {
    public let spec: ParamSpec
    let read: @Sendable (ParamValue) -> Value
    /// What the param reads as until someone sets it, when that is more
    /// than its published default can say (a colour for each appearance);
    /// nil: the default, read like any value.
    let unset: Value?

    public var name: String { spec.name }

    init(spec: ParamSpec, unset: Value? = nil, read: @escaping @Sendable (ParamValue) -> Value) {
        self.spec = spec
        self.unset = unset
        self.read = read
    }
}

extension Param where Value == Double {
    public static func number(
        _ name: String, default value: Double, range: ClosedRange<Double>, unit: String = "",
        live: Bool = true, doc: String
    ) -> Param {
        Param(
            spec: ParamSpec(
                name: name, kind: .number, defaultValue: .number(value), range: range, unit: unit,
                doc: doc, isLive: live),
            read: { if case let .number(x) = $0 { x } else { value } })
    }
}

extension Param where Value == Double? {
    /// A number that is unset unless given: a preview override, say.
    public static func optionalNumber(
        _ name: String, range: ClosedRange<Double>, unit: String = "", live: Bool = true, doc: String
    ) -> Param {
        Param(
            spec: ParamSpec(
                name: name, kind: .number, defaultValue: .none, range: range, unit: unit, doc: doc,
                isLive: live, isOptional: true),
            read: { if case let .number(x) = $0 { x } else { nil } })
    }
}

extension Param where Value == Int {
    public static func integer(
        _ name: String, default value: Int, range: ClosedRange<Int>, unit: String = "", live: Bool = true,
        doc: String
    ) -> Param {
        Param(
            spec: ParamSpec(
                name: name, kind: .integer, defaultValue: .integer(Int64(value)),
                range: Double(range.lowerBound)...Double(range.upperBound), unit: unit, doc: doc,
                isLive: live),
            read: { if case let .integer(x) = $0 { Int(x) } else { value } })
    }
}

extension Param where Value == Bool {
    public static func bool(_ name: String, default value: Bool, live: Bool = true, doc: String) -> Param {
        Param(
            spec: ParamSpec(name: name, kind: .bool, defaultValue: .bool(value), doc: doc, isLive: live),
            read: { if case let .bool(x) = $0 { x } else { value } })
    }

    /// The accessibility setting every effect honours, declared the same way
    /// everywhere. `doc` says what this effect does with it.
    public static func reduceMotion(doc: String) -> Param {
        .bool("reduce_motion", default: false, live: true, doc: doc)
    }
}

extension Param where Value == String {
    /// `multiline`: the effect shows a line break in the text as a new
    /// line, so hosts offer a multi-line field.
    public static func string(
        _ name: String, default value: String, live: Bool = false, multiline: Bool = false, doc: String
    ) -> Param {
        Param(
            spec: ParamSpec(
                name: name, kind: .string, defaultValue: .string(value), doc: doc, isLive: live, isMultiline: multiline),
            read: { if case let .string(x) = $0 { x } else { value } })
    }
}

extension Param where Value == RGBA {
    public static func color(_ name: String, default value: RGBA, live: Bool = true, doc: String) -> Param {
        Param(
            spec: ParamSpec(name: name, kind: .color, defaultValue: .color(value.packed), doc: doc, isLive: live),
            read: { if case let .color(x) = $0 { RGBA(packed: x) } else { value } })
    }
}

extension Param where Value == AdaptiveColor {
    /// A colour that, left unset, takes `light` or `dark` by the appearance
    /// the host draws in; once set (at create or by an event) it is that
    /// colour in both. The published default is `light`, and the doc says
    /// what the dark one is.
    public static func color(_ name: String, light: RGBA, dark: RGBA, live: Bool = true, doc: String) -> Param {
        Param(
            spec: ParamSpec(
                name: name, kind: .color, defaultValue: .color(light.packed),
                doc: doc + " Unset, it adapts: \(light.hex) in the light appearance, \(dark.hex) in the dark.",
                isLive: live),
            unset: AdaptiveColor(light: light, dark: dark),
            read: { if case let .color(x) = $0 { AdaptiveColor(RGBA(packed: x)) } else { AdaptiveColor(light) } })
    }
}

/// A param whose value is one of a Swift enum's cases, named by raw value.
public protocol ParamChoice: CaseIterable, Sendable, Equatable, RawRepresentable<String>
where AllCases == [Self] {}

extension Param where Value: ParamChoice {
    public static func choice(_ name: String, default value: Value, live: Bool = false, doc: String) -> Param {
        let cases = Value.allCases
        return Param(
            spec: ParamSpec(
                name: name, kind: .choice(cases.map { $0.rawValue }),
                defaultValue: .choice(cases.firstIndex(of: value) ?? 0), doc: doc, isLive: live),
            read: { stored in
                if case let .choice(index) = stored, cases.indices.contains(index) { cases[index] } else { value }
            })
    }
}

/// An sRGB colour with straight alpha, packed as 0xRRGGBBAA in the ABI.
public struct RGBA: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(packed: UInt32) {
        red = UInt8(truncatingIfNeeded: packed >> 24)
        green = UInt8(truncatingIfNeeded: packed >> 16)
        blue = UInt8(truncatingIfNeeded: packed >> 8)
        alpha = UInt8(truncatingIfNeeded: packed)
    }

    public var packed: UInt32 {
        UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
    }

    /// "#RRGGBBAA", as hosts print colour params.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + String((0..<8).reversed().map { digits[Int(packed >> (UInt32($0) * 4) & 0xF)] })
    }
}
