/// A value that holds still and changes only at given times: a param over
/// time, or anything derived from one. Looked up by binary search, with no
/// allocation, so it is safe to read while sampling. Copies share their
/// storage as they grow (`SharedArray`), so extending a model's steps by
/// one change costs O(1).
public struct Steps<Value: Sendable & Equatable>: Sendable, Equatable {
    // Inlinable, so sampling in a plugin's module gets a lookup specialised
    // for the value type instead of generic calls.
    @usableFromInline var times = SharedArray<Double>()
    @usableFromInline var values: SharedArray<Value>
    // Copies of the first value and the first change's time, held inline:
    // most frames fall before any change, and answering them without
    // reaching into the storage is most of the lookup's cost.
    @usableFromInline var head: Value
    @usableFromInline var firstChange = Double.infinity

    public init(initial: Value) {
        values = SharedArray(initial)
        head = initial
    }

    /// The value from `time` on. Changes must come in time order; a value
    /// equal to the current one is not a change, and a change at the time
    /// of the last one replaces it (undoes it, when it brings back the
    /// value from before it).
    public mutating func append(_ value: Value, at time: Double) {
        guard value != values[values.count - 1] else { return }
        if let last = times.last, time <= last {
            // Kept, a change back to the value before it would be a change
            // from a value to itself: `changes` and `lastChange` would
            // report it, and the steps would differ from ones built without it.
            guard value != values[values.count - 2] else {
                times.removeLast()
                values.removeLast()
                firstChange = times.first ?? .infinity
                return
            }
            values.replaceLast(with: value)
            return
        }
        times.append(time)
        values.append(value)
        firstChange = times[0]
    }

    @inlinable @inline(__always)
    public func value(at t: Double) -> Value {
        t < firstChange ? head : Self.search(t, times, values)
    }

    @inlinable
    static func search(_ t: Double, _ times: SharedArray<Double>, _ values: SharedArray<Value>) -> Value {
        var low = 0
        var high = times.count
        while low < high {
            // Both are counts, far from overflowing; the wrapping add and the
            // shift spare the search an overflow check and a signed division.
            let middle = (low &+ high) &>> 1
            if times[middle] <= t { low = middle + 1 } else { high = middle }
        }
        return values[low]
    }

    /// The value from 0 on, before any change.
    public var initial: Value { head }

    /// The value after the last change.
    public var final: Value { values[values.count - 1] }

    /// Every value it takes, in time order (a view of the storage: reading
    /// it allocates nothing).
    public var allValues: SharedArray<Value> { values }

    /// Each change after the start: its time and new value.
    public var changes: [(time: Double, value: Value)] {
        (0..<times.count).map { (times[$0], values[$0 + 1]) }
    }

    /// The time of the last change, or 0.
    public var lastChange: Double { times.last ?? 0 }

    public func map<Other>(_ transform: (Value) -> Other) -> Steps<Other> {
        var mapped = Steps<Other>(initial: transform(values[0]))
        for (time, value) in changes { mapped.append(transform(value), at: time) }
        return mapped
    }
}
