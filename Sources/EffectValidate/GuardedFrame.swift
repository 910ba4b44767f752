import EffectHost
import Glibc

/// A buffer of doubles that ends exactly where an inaccessible page
/// begins, so a write past its end faults at once; the fault is then
/// reported as an overrun of that buffer instead of a crash with a signal
/// number.
final class GuardedFrame {
    let count: Int
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int
    private let guardPage: UnsafeMutableRawPointer
    let values: UnsafeMutableBufferPointer<Double>

    init?(count: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let bytes = max(1, count) * MemoryLayout<Double>.size
        let pages = (bytes + page - 1) / page
        mappedBytes = (pages + 1) * page
        guard let mapped = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        mapping = mapped
        guardPage = mapped + pages * page
        guard mprotect(guardPage, page, PROT_NONE) == 0 else {
            munmap(mapped, mappedBytes)
            return nil
        }
        self.count = count
        let start = (guardPage - count * MemoryLayout<Double>.size).assumingMemoryBound(to: Double.self)
        values = UnsafeMutableBufferPointer(start: start, count: count)
        fill()
    }

    deinit { munmap(mapping, mappedBytes) }

    /// A NaN with a payload no computation makes, to see which values a
    /// call wrote.
    static let untouched = Double(bitPattern: 0x7FF8_DEAD_BEEF_0001)

    func fill() {
        for index in values.indices { values[index] = Self.untouched }
    }

    var written: Int { values.filter { $0.bitPattern != Self.untouched.bitPattern }.count }

    /// Runs `body` with a fault in the guard page reported as `overrun`:
    /// the worker's verdict is written and the process ends.
    func watching<T>(overrun: String, _ body: (UnsafeMutablePointer<Double>) -> T) -> T {
        OverrunWatch.arm(start: UInt(bitPattern: guardPage), length: Int(sysconf(Int32(_SC_PAGESIZE))), verdict: overrun)
        defer { OverrunWatch.disarm() }
        return body(values.baseAddress!)
    }
}

/// The SIGSEGV handler behind GuardedFrame. It only writes a prepared line
/// and exits: nothing else is safe in a signal handler.
enum OverrunWatch {
    nonisolated(unsafe) private static var start: UInt = 0
    nonisolated(unsafe) private static var end: UInt = 0
    nonisolated(unsafe) private static var line: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var lineLength = 0
    nonisolated(unsafe) private static var installed = false
    /// Where the worker writes its verdict.
    nonisolated(unsafe) static var verdictDescriptor: Int32 = -1

    static func arm(start: UInt, length: Int, verdict: String) {
        install()
        free(line)
        let text = "\(ValidationWorker.verdictMark)fail\t\(verdict.replacingNewlines())\n"
        line = strdup(text)
        lineLength = text.utf8.count
        self.start = start
        end = start + UInt(length)
    }

    static func disarm() {
        start = 0
        end = 0
    }

    /// The verdict's beginning for a write past an error struct (GuardedErrors); the call's name ends it.
    nonisolated(unsafe) private static var errorLine: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var unnamedCall: UnsafeMutablePointer<CChar>?

    static func installErrorGuards(line: String) {
        install()
        errorLine = strdup(line)
        unnamedCall = strdup("a call")
    }

    private static func install() {
        guard !installed else { return }
        installed = true
        var action = sigaction()
        action.sa_flags = SA_SIGINFO
        action.__sigaction_handler.sa_sigaction = { number, info, _ in
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            if address >= OverrunWatch.start, address < OverrunWatch.end, let line = OverrunWatch.line {
                _ = write(OverrunWatch.verdictDescriptor, line, OverrunWatch.lineLength)
                _exit(0)
            }
            if let line = OverrunWatch.errorLine, GuardedErrors.contains(address) {
                let call = RunningCall.pointer ?? UnsafePointer(OverrunWatch.unnamedCall)
                _ = write(OverrunWatch.verdictDescriptor, line, strlen(line))
                if let call { _ = write(OverrunWatch.verdictDescriptor, call, strlen(call)) }
                _ = write(OverrunWatch.verdictDescriptor, "\n", 1)
                _exit(0)
            }
            // Not ours: a crash like any other.
            CrashNote.noteAndDie(number)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGSEGV, &action, nil)
    }
}
