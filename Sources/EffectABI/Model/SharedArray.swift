/// An array that the versions of a model share as it grows, so that a
/// model extended by one event per set_param costs O(1) per event.
///
/// Each version sees its own first `count` elements of one storage. The
/// version that reaches the storage's end appends in place (doubling the
/// storage when it is full, so appends are amortised O(1)); an older
/// version that appends, or a version that changes an element, copies
/// first, so no version ever sees another's changes. In place is safe for
/// an instance's models because the ABI gives set_param the instance
/// alone: nothing reads a model while the next one is being made.
///
/// Reading is a load through a pointer that never changes for the life of
/// the storage, so sampling pays no more than it does for an Array, and a
/// copy to iterate (`Steps.allValues`) allocates nothing.
public struct SharedArray<Element>: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline var storage: Storage
    public private(set) var count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    init() {
        storage = Storage(capacity: 0)
        count = 0
    }

    init(_ elements: [Element]) {
        storage = Storage(capacity: elements.count)
        for element in elements { storage.append(element) }
        count = elements.count
    }

    @inlinable
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "SharedArray index out of range")
        return storage.base[index]
    }

    mutating func append(_ element: Element) {
        if storage.filled != count || storage.filled == storage.capacity {
            storage = storage.copy(count, capacity: Swift.max(4, count * 2))
        }
        storage.append(element)
        count += 1
    }

    /// Replaces the last element: a change, so this version gets storage
    /// of its own unless no other version can see it.
    mutating func replaceLast(with element: Element) {
        precondition(count > 0, "replaceLast on an empty SharedArray")
        if !isKnownUniquelyReferenced(&storage) || storage.filled != count {
            storage = storage.copy(count, capacity: count)
        }
        storage.base[count - 1] = element
    }

    @usableFromInline
    final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        let capacity: Int
        /// How many elements are initialised: the longest version's count.
        private(set) var filled = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutablePointer<Element>.allocate(capacity: Swift.max(1, capacity))
        }

        func append(_ element: Element) {
            (base + filled).initialize(to: element)
            filled += 1
        }

        func copy(_ count: Int, capacity: Int) -> Storage {
            let copy = Storage(capacity: Swift.max(capacity, count))
            for index in 0..<count { copy.append(base[index]) }
            return copy
        }

        deinit {
            base.deinitialize(count: filled)
            base.deallocate()
        }
    }
}

extension SharedArray: Equatable where Element: Equatable {
    public static func == (a: SharedArray, b: SharedArray) -> Bool {
        guard a.count == b.count else { return false }
        if a.storage === b.storage { return true }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}
