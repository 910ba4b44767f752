/// What the ABI publishes about one channel or element attribute.
public struct ChannelSpec: Sendable {
    public let name: String
    public let unit: String
    public let doc: String
    /// The values it can take; either bound may be infinite.
    public let range: ClosedRange<Double>
    /// Names for the whole-number values 0, 1, 2, ... of a discrete channel.
    public let labels: [String]
    public let isDiscrete: Bool
    /// Counts the repeats of a looping instance: one more each period.
    public let isCounter: Bool

    public init(
        _ name: String, unit: String = "", range: ClosedRange<Double> = -Double.infinity...Double.infinity,
        doc: String
    ) {
        self.name = name
        self.unit = unit
        self.doc = doc
        self.range = range
        self.labels = []
        self.isDiscrete = false
        self.isCounter = false
    }

    /// A channel that only takes whole numbers, each optionally named.
    public static func discrete(
        _ name: String, unit: String = "", range: ClosedRange<Double>, labels: [String] = [], doc: String
    ) -> ChannelSpec {
        ChannelSpec(name: name, unit: unit, doc: doc, range: range, labels: labels, isDiscrete: true, isCounter: false)
    }

    /// The most a counter channel counts to: 2^53, the largest whole
    /// number a double holds with every whole number below it. Past it a
    /// count could not go up by one, so it stays there.
    public static let counterLimit = 9_007_199_254_740_992.0

    /// A whole-number channel that counts the repeats of a looping
    /// instance, going up by one each period, up to `counterLimit`.
    public static func counter(_ name: String, doc: String) -> ChannelSpec {
        ChannelSpec(name: name, unit: "", doc: doc, range: 0...Double.infinity, labels: [], isDiscrete: true, isCounter: true)
    }

    private init(
        name: String, unit: String, doc: String, range: ClosedRange<Double>, labels: [String], isDiscrete: Bool,
        isCounter: Bool
    ) {
        self.name = name
        self.unit = unit
        self.doc = doc
        self.range = range
        self.labels = labels
        self.isDiscrete = isDiscrete
        self.isCounter = isCounter
    }
}

/// An effect's channels of one scope, as a Swift enum: declare
/// `enum Channel: Int, ChannelSet { case amount, ... }` and give each case its
/// spec. The case order is the channel order in every frame.
public protocol ChannelSet: CaseIterable, Sendable where AllCases == [Self] {
    var index: Int { get }
    var spec: ChannelSpec { get }
}

extension ChannelSet where Self: RawRepresentable, RawValue == Int {
    public var index: Int { rawValue }
}

/// The channel set of a scope an effect does not use.
public enum NoChannel: ChannelSet {
    public var index: Int { switch self {} }
    public var spec: ChannelSpec { switch self {} }
}
