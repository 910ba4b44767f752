import CEffect
import EffectHost
import Glibc

/// In a validate worker, every effect_error the host hands a plugin ends
/// where an inaccessible page begins (one per thread, made on its first
/// call), so a plugin that writes past the struct faults at that write and
/// is named for it, in whichever check meets it first: "wrote past the
/// 264-byte effect_error it was given, in describe", not "crashed: signal
/// 6" from the stack it would otherwise have smashed.
enum GuardedErrors {
    nonisolated(unsafe) private static var key = pthread_key_t()
    /// The guard pages, for the fault handler: plain loads of a fixed array.
    nonisolated(unsafe) static let guardStarts = UnsafeMutablePointer<UInt>.allocate(capacity: capacity)
    nonisolated(unsafe) static var guardCount = 0
    private static let capacity = 256
    nonisolated(unsafe) private static let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func install() {
        pthread_key_create(&key, nil)
        pthread_mutex_init(lock, nil)
        OverrunWatch.installErrorGuards(
            line: "\(ValidationWorker.verdictMark)fail\tthe plugin wrote past the \(MemoryLayout<effect_error>.size)-byte effect_error it was given, in ")
        ErrorStructs.source = { buffer() }
    }

    /// This thread's struct; nil (the stack) once the table of guards is full or a page cannot be mapped.
    private static func buffer() -> UnsafeMutablePointer<effect_error>? {
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: effect_error.self) }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard guardCount < capacity,
            let mapped = mmap(nil, 2 * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED
        else { return nil }
        let guardPage = mapped + pageSize
        guard mprotect(guardPage, pageSize, PROT_NONE) == 0 else {
            munmap(mapped, 2 * pageSize)
            return nil
        }
        guardStarts[guardCount] = UInt(bitPattern: guardPage)
        guardCount += 1
        let error = (guardPage - MemoryLayout<effect_error>.size).assumingMemoryBound(to: effect_error.self)
        pthread_setspecific(key, error)
        return error
    }

    /// Whether `address` lies in one of the guard pages (called in the fault handler).
    static func contains(_ address: UInt) -> Bool {
        for index in 0..<guardCount where address >= guardStarts[index] && address < guardStarts[index] + UInt(pageSize) {
            return true
        }
        return false
    }
}
