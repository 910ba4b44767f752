/// Which timing kinds an effect may report.
public struct TimingKinds: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let ends = TimingKinds(rawValue: 1)
    public static let loops = TimingKinds(rawValue: 2)
}

/// An instance's timing, given its params and events so far.
public enum Timing: Sendable, Equatable {
    /// Every t ≥ `at` gives the frame at `at`.
    case ends(at: Double)
    /// For t ≥ `start`, t and t + `period` give the same frame.
    case loops(start: Double, period: Double)
}

/// The static description of an effect.
public struct EffectInfo: Sendable {
    public let id: String
    public let name: String
    public let summary: String
    public let elementNoun: String
    public let timingKinds: TimingKinds
    public let timingDoc: String
    public let credit: String

    public init(
        id: String, name: String, summary: String, elementNoun: String = "", timingKinds: TimingKinds,
        timingDoc: String, credit: String = ""
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.elementNoun = elementNoun
        self.timingKinds = timingKinds
        self.timingDoc = timingDoc
        self.credit = credit
    }
}

/// The static description of a plugin.
public struct PluginInfo: Sendable {
    public let id: String
    public let name: String
    public let version: String
    public let author: String
    public let license: String
    public let summary: String

    public init(id: String, name: String, version: String, author: String, license: String, summary: String) {
        self.id = id
        self.name = name
        self.version = version
        self.author = author
        self.license = license
        self.summary = summary
    }
}
