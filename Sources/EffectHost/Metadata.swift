/// A param's value on the host side. Choices travel by name.
public enum Value: Sendable, Equatable {
    case none
    case number(Double)
    case integer(Int64)
    case bool(Bool)
    case choice(String)
    case string(String)
    case color(UInt32)
}

public enum ParamType: String, Sendable {
    case number, integer, bool, choice = "enum", string, color
}

public struct ParamDescription: Sendable {
    public let name: String
    public let type: ParamType
    public let isLive: Bool
    public let isOptional: Bool
    public let unit: String
    public let doc: String
    /// Numeric params only.
    public let range: ClosedRange<Double>?
    public let defaultValue: Value
    public let choices: [String]
    /// A string param whose line breaks the effect shows as lines (ABI
    /// 1.7's EFFECT_PARAM_MULTILINE): offer it a multi-line field.
    public let isMultiline: Bool
}

public enum ChannelScope: String, Sendable {
    case global, element, attribute
}

public struct ChannelDescription: Sendable {
    public let name: String
    public let scope: ChannelScope
    public let unit: String
    public let doc: String
    public let range: ClosedRange<Double>
    public let isDiscrete: Bool
    /// Counts the repeats of a looping instance: one more each period.
    public let isCounter: Bool
    public let labels: [String]

    /// The label for a discrete value, if it has one.
    public func label(for value: Double) -> String? {
        guard isDiscrete, value >= 0, value < Double(labels.count) else { return nil }
        return labels[Int(value)]
    }
}

public struct TimingKinds: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let ends = TimingKinds(rawValue: 1)
    public static let loops = TimingKinds(rawValue: 2)
}

public struct EffectDescription: Sendable {
    public let index: UInt32
    public let id: String
    public let name: String
    public let summary: String
    public let elementNoun: String
    public let timingKinds: TimingKinds
    public let timingDoc: String
    public let credit: String
    public let params: [ParamDescription]
    /// Global channels, in frame order.
    public let channels: [ChannelDescription]
    /// Per-element channels, in frame order within each element.
    public let elementChannels: [ChannelDescription]
    /// Static per-element values.
    public let attributes: [ChannelDescription]

    public func param(named name: String) -> ParamDescription? {
        params.first { $0.name == name }
    }
}

public struct PluginDescription: Sendable {
    public let id: String
    public let name: String
    public let version: String
    public let author: String
    public let license: String
    public let summary: String
    public let abiMajor: UInt32
    public let abiMinor: UInt32
}

/// How an instance's motion ends, given its params and events so far.
public enum Timing: Sendable, Equatable {
    case ends(at: Double)
    case loops(start: Double, period: Double)
}

public struct InstanceInfo: Sendable {
    public let elementCount: Int
    public let frameSize: Int
    public let timing: Timing
    /// Items `layout` places; 0 when the effect does no layout.
    public let layoutItemCount: Int
    /// What the params as given leave out that a person should hear (a
    /// highlight phrase that matches no word), a line each, printable;
    /// none from a plugin before ABI 1.5.
    public let notes: [String]
}

/// Where one layout item goes, in the caller's units, y pointing down.
public struct LayoutItem: Sendable, Equatable {
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double
    /// The shape drawn behind the item (Reveal's highlight block), if any.
    public let decoration: (x: Double, y: Double, width: Double, height: Double, radius: Double)?
    public let row: Int

    public static func == (a: LayoutItem, b: LayoutItem) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height && a.row == b.row
            && a.decoration.map { [$0.x, $0.y, $0.width, $0.height, $0.radius] }
                == b.decoration.map { [$0.x, $0.y, $0.width, $0.height, $0.radius] }
    }
}

public struct LayoutResult: Sendable, Equatable {
    /// The widest row.
    public let width: Double
    /// All rows together.
    public let height: Double
    public let items: [LayoutItem]
}

public struct DisplayStrings: Sendable, Equatable {
    public let text: String
    public let accessibilityLabel: String
    public let accessibilityValue: String
}

public struct ElementDescription: Sendable {
    public let text: String
    public let attributes: [Double]
}
