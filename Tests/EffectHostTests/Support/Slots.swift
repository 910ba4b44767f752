/// One result slot per thread for concurrency tests; each thread writes
/// only its own, so no lock is needed.
final class Slots<Value>: @unchecked Sendable {
    let storage: UnsafeMutableBufferPointer<Value>

    init(count: Int, initial: Value) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: initial)
    }

    deinit {
        _ = storage.deinitialize()
        storage.deallocate()
    }
}
