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
/// Reading is a load through a pointer that never changes for the life of
/// the storage, so sampling pays no more than it does for an Array, and a
/// copy to iterate (`Steps.allValues`) allocates nothing.
public struct SharedArray<Element>: RandomAccessCollection {
    @usableFromInline var storage: Storage
    public private(set) var count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    init() {
        storage = Storage(capacity: 4)
        count = 0
    }

    init(_ element: Element) {
        storage = Storage(capacity: 4)
        _ = storage.append(element, after: 0)
        count = 1
    }

    @inlinable
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "SharedArray index out of range")
        return storage.base[index]
    }

    mutating func append(_ element: Element) {
        if !storage.append(element, after: count) {
            storage = storage.copy(count, capacity: Swift.max(4, count * 2))
            _ = storage.append(element, after: count)
        }
        count += 1
    }

    /// Replaces the last element: a change, so this version gets storage
    /// of its own unless no other version can see it.
    mutating func replaceLast(with element: Element) {
        precondition(count > 0, "replaceLast on an empty SharedArray")
        if !isKnownUniquelyReferenced(&storage) || !storage.ends(at: count) {
            storage = storage.copy(count, capacity: count)
        }
        storage.base[count - 1] = element
    }

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

        /// Puts `element` after the first `count` when they are all there
        /// is and there is room; false, changing nothing, when not.
        func append(_ element: Element, after count: Int) -> Bool {
            lock.locked {
                guard filled == count, filled < capacity else { return false }
                (base + filled).initialize(to: element)
                filled += 1
                return true
            }
        }

        /// Whether a version of `count` elements is the longest.
        func ends(at count: Int) -> Bool {
            lock.locked { filled == count }
        }

        func copy(_ count: Int, capacity: Int) -> Storage {
            let copy = Storage(capacity: Swift.max(capacity, count))
            for index in 0..<count { _ = copy.append(base[index], after: index) }
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
