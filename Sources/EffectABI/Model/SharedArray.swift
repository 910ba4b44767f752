/// An array that the versions of a model share as it grows, so that a
/// model extended by one event per set_param costs O(1) per event.
///
/// Each version sees its own first `count` elements of one storage. The
/// version that reaches the storage's end appends in place (doubling the
/// storage when it is full, so appends are amortised O(1)); an older
/// version that appends, or a version that changes an element, copies
/// first, so no version ever sees another's changes. Appending takes the
/// storage's lock, so copies may grow on different threads at once; an
/// append writes only past every other version's end, so readers, which
/// never lock, see nothing change.
///
/// One exception keeps a model rebuilt from an earlier version O(1): a
/// version one short of the storage's end may write the last slot again
/// once no version that saw it is left. Every version that has seen the
/// last slot holds its `Claim`, and so does the storage, so "none left"
/// is the storage's reference being the only one. (Not a weak reference:
/// an object referenced weakly pays the slow path on every retain, and
/// every copy of a model retains each claim.) That is how the kit
/// redoes the latest event time from the model before it when a second
/// event arrives at that time (Instance.set).
///
/// Reading is a load through a pointer that never changes for the life of
/// the storage, so sampling pays no more than it does for an Array, and a
/// copy to iterate (`Steps.allValues`) allocates nothing.
public struct SharedArray<Element>: RandomAccessCollection {
    @usableFromInline var storage: Storage
    public private(set) var count: Int
    /// Held while this version has seen the storage's last slot.
    private var claim: Claim?

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    init() {
        storage = Storage(capacity: 4)
        count = 0
    }

    init(_ element: Element) {
        storage = Storage(capacity: 4)
        claim = storage.append(element, after: 0)
        count = 1
    }

    @inlinable
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "SharedArray index out of range")
        return storage.base[index]
    }

    mutating func append(_ element: Element) {
        if let claimed = storage.append(element, after: count) {
            claim = claimed
        } else {
            storage = storage.copy(count, capacity: Swift.max(4, count * 2))
            claim = storage.append(element, after: count)
        }
        count += 1
    }

    /// Replaces the last element: a change, so this version gets storage
    /// of its own unless no other version can see it.
    mutating func replaceLast(with element: Element) {
        precondition(count > 0, "replaceLast on an empty SharedArray")
        if !isKnownUniquelyReferenced(&storage) || !storage.ends(at: count) {
            storage = storage.copy(count - 1, capacity: count)
            claim = storage.append(element, after: count - 1)
            return
        }
        storage.base[count - 1] = element
    }

    /// Forgets the last element. The storage keeps it for the versions
    /// that still see it; this one gives up its claim, so once none is
    /// left its next append may write that slot again.
    mutating func removeLast() {
        precondition(count > 0, "removeLast on an empty SharedArray")
        count -= 1
        claim = nil
    }

    /// Proof of having seen a storage's last slot; its identity is all it has.
    final class Claim: Sendable {}

    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        private let capacity: Int
        private let lock = Lock()
        /// How many elements are initialised: the longest version's count.
        /// Read and written under `lock`.
        private var filled = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(1, capacity))
        }

        /// The claim of the versions that have seen the last slot. Read
        /// and written under `lock`.
        private var lastClaim: Claim?

        /// Puts `element` after the first `count` when they are all there
        /// is (or all but a last slot no living version has seen) and
        /// there is room, and returns the claim to that slot; nil,
        /// changing nothing, when not.
        func append(_ element: Element, after count: Int) -> Claim? {
            lock.locked {
                if filled == count + 1, isKnownUniquelyReferenced(&lastClaim) {
                    (base + count).deinitialize(count: 1)
                    filled = count
                }
                guard filled == count, filled < capacity else { return nil }
                (base + filled).initialize(to: element)
                filled += 1
                let claim = Claim()
                lastClaim = claim
                return claim
            }
        }

        /// Whether a version of `count` elements is the longest.
        func ends(at count: Int) -> Bool {
            lock.locked { filled == count }
        }

        /// A storage of its own holding the first `count` elements, for a
        /// version about to append to them: no version has claimed its
        /// last slot yet.
        func copy(_ count: Int, capacity: Int) -> Storage {
            let copy = Storage(capacity: Swift.max(capacity, count + 1))
            copy.base.initialize(from: base, count: count)
            copy.filled = count
            return copy
        }

        deinit {
            base.deinitialize(count: filled)
            base.deallocate()
        }
    }
}

extension SharedArray: Sendable where Element: Sendable {}

extension SharedArray: Equatable where Element: Equatable {
    public static func == (a: SharedArray, b: SharedArray) -> Bool {
        guard a.count == b.count else { return false }
        if a.storage === b.storage { return true }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}
