/// One param change at a time t, as set_param records it.
public struct ParamEvent: Sendable, Equatable {
    public let time: Double
    public let param: Int
    public let value: ParamValue
}

/// An instance's params over time: the values it was created with, and every
/// event set on it since, kept in time order (events at one time stay in the
/// order they were set).
///
/// Effects read it while they build their model, never while sampling: the
/// model turns what it needs into `Steps` and `AnimationTrack`s up front.
public struct ParamTimeline: Sendable {
    public let specs: [ParamSpec]
    let initial: [ParamValue]
    /// Which params create was given a value for: a param nobody set reads
    /// as its `unset` value where it has one.
    let setAtCreate: [Bool]
    public private(set) var events: [ParamEvent] = []
    /// The same events split by param, so one param's value at t is a
    /// binary search and its steps one pass, however many events there are.
    private var eventsByParam: [[ParamEvent]]

    /// Param positions by name: effects look params up on every rebuild.
    private let positions: [String: Int]

    init(specs: [ParamSpec], initial: [ParamValue], setAtCreate: [Bool]) {
        self.specs = specs
        self.initial = initial
        self.setAtCreate = setAtCreate
        eventsByParam = Array(repeating: [], count: specs.count)
        var positions: [String: Int] = [:]
        for (index, spec) in specs.enumerated() where positions[spec.name] == nil { positions[spec.name] = index }
        self.positions = positions
    }

    /// Adds an event after every other at its time (amortised O(1) when it
    /// is the latest), and returns where it went, for `remove`.
    @discardableResult
    mutating func insert(_ event: ParamEvent) -> (all: Int, ofParam: Int) {
        let all = Self.countUpTo(event.time, in: events)
        let ofParam = Self.countUpTo(event.time, in: eventsByParam[event.param])
        events.insert(event, at: all)
        eventsByParam[event.param].insert(event, at: ofParam)
        return (all, ofParam)
    }

    /// Takes back the event `insert` just put at `position`.
    mutating func remove(_ event: ParamEvent, at position: (all: Int, ofParam: Int)) {
        events.remove(at: position.all)
        eventsByParam[event.param].remove(at: position.ofParam)
    }

    /// How many of `events` (in time order) happen at or before `t`: all of
    /// them, at once, for a t at or after the last (as when events are
    /// set as time goes on); otherwise a binary search.
    private static func countUpTo(_ t: Double, in events: [ParamEvent]) -> Int {
        if let last = events.last, last.time <= t { return events.count }
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].time <= t { low = middle + 1 } else { high = middle }
        }
        return low
    }

    func index(of name: String) -> Int? {
        positions[name]
    }

    /// The stored value of param `index` at `t`, after every event at or before t.
    func rawValue(of index: Int, at t: Double) -> ParamValue {
        let events = eventsByParam[index]
        let count = Self.countUpTo(t, in: events)
        return count > 0 ? events[count - 1].value : initial[index]
    }

    /// The value a param was created with, before any event.
    public func created<V>(_ param: Param<V>) -> V {
        guard let index = index(of: param.name) else { return param.unset ?? param.read(param.spec.defaultValue) }
        return createdValue(param, index)
    }

    private func createdValue<V>(_ param: Param<V>, _ index: Int) -> V {
        if !setAtCreate[index], let unset = param.unset { return unset }
        return param.read(initial[index])
    }

    /// The value at `t`, after every event at or before t.
    public func value<V>(_ param: Param<V>, at t: Double) -> V {
        guard let index = index(of: param.name) else { return param.unset ?? param.read(param.spec.defaultValue) }
        let events = eventsByParam[index]
        let count = Self.countUpTo(t, in: events)
        return count > 0 ? param.read(events[count - 1].value) : createdValue(param, index)
    }

    /// The param's value from 0 on, and each time an event changes it
    /// (events that set the value it already has are left out).
    public func steps<V: Equatable>(_ param: Param<V>) -> Steps<V> {
        guard let index = index(of: param.name) else {
            return Steps(initial: param.unset ?? param.read(param.spec.defaultValue))
        }
        var steps = Steps(initial: value(param, at: 0))
        let events = eventsByParam[index]
        for (position, event) in events.enumerated() where event.time > 0 {
            // Several events at one time apply together: only the last counts.
            if position + 1 < events.count, events[position + 1].time == event.time { continue }
            steps.append(param.read(event.value), at: event.time)
        }
        return steps
    }

    /// Every distinct time that has an event, in order.
    public var eventTimes: [Double] {
        var times: [Double] = []
        for event in events where times.last != event.time { times.append(event.time) }
        return times
    }

    /// The latest event time, or 0 when there is none.
    public var lastEventTime: Double { events.last?.time ?? 0 }
}
