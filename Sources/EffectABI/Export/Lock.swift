#if arch(wasm32)
/// wasm32 without the threads proposal runs one thread: nothing to lock.
final class Lock: @unchecked Sendable {
    init() {}
    func locked<T>(_ body: () -> T) -> T { body() }
}
#else
import Glibc

/// A pthread mutex for the few places the kit shares state between threads.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
#endif
