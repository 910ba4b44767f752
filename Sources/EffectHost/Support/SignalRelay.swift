import Dispatch
import Glibc
import Synchronization

/// The write end of the relay's pipe, read by the signal handler. A literal
/// initial value makes it a static global: the handler never runs Swift's
/// lazy initialiser, which is not async-signal-safe.
nonisolated(unsafe) private var relayWriteEnd: Int32 = -1

/// Hands signals to whoever listens, one run at a time or several at once,
/// and gives the process its own handlers back when nobody does.
///
/// Why not Dispatch's signal sources: on Linux libdispatch installs its
/// own handler the first time a source for a signal is made, and never
/// again. Anything that sets the signal's action afterwards (a run that
/// restores the process's handler when it ends) leaves later sources
/// deaf: a second Player in one process would never hear Ctrl-C. So the
/// relay installs a handler of its own with sigaction for as long as
/// anyone listens, which writes the signal's number into a pipe (write is
/// async-signal-safe), and a Dispatch read source on that pipe calls the
/// listeners. The action each signal had before is restored exactly.
public final class SignalRelay: Sendable {
    public static let shared = SignalRelay()

    /// A listener's registration; dropping it is `stop(listening:)`.
    public struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct State {
        var next = 0
        var listeners: [Int: (signals: Set<Int32>, queue: DispatchQueue, handler: @Sendable (Int32) -> Void)] = [:]
        /// Per signal handled: how many listeners want it, and the action it had before.
        var installed: [Int32: (count: Int, previous: sigaction)] = [:]
        var source: DispatchSourceRead?
    }

    private let state = Mutex(State())
    private let readEnd: Int32
    /// Why the pipe could not be made, if it could not.
    private let pipeError: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        pipeError = pipe(&ends) == 0 ? 0 : errno
        if pipeError == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        } else {
            ends = [-1, -1]
        }
        readEnd = ends[0]
        relayWriteEnd = ends[1]
    }

    /// Calls `handler` on `queue` with each of `signals` that arrives until
    /// `stop(listening:)`. While anyone listens to a signal its action is
    /// the relay's; a signal that arrives before its listener asked is not
    /// replayed. Throws the errno of a failed pipe or sigaction.
    public func listen(to signals: [Int32], on queue: DispatchQueue, _ handler: @escaping @Sendable (Int32) -> Void) throws(SignalRelayError) -> Token {
        guard readEnd >= 0 else { throw SignalRelayError(errno: pipeError, call: "pipe") }
        return try state.withLock { state throws(SignalRelayError) in
            if state.source == nil {
                let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "effect-host.signals"))
                source.setEventHandler { [self] in drain() }
                source.resume()
                state.source = source
            }
            for number in Set(signals) {
                if let entry = state.installed[number] {
                    state.installed[number] = (entry.count + 1, entry.previous)
                    continue
                }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { number in
                    let saved = errno
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(relayWriteEnd, &byte, 1)
                    errno = saved
                }
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                var previous = sigaction()
                guard sigaction(number, &action, &previous) == 0 else { throw SignalRelayError(errno: errno, call: "sigaction") }
                state.installed[number] = (1, previous)
            }
            let token = Token(id: state.next)
            state.next += 1
            state.listeners[token.id] = (Set(signals), queue, handler)
            return token
        }
    }

    /// Ends a registration; a signal nobody listens to any more gets back the action it had before.
    public func stop(listening token: Token) {
        state.withLock { state in
            guard let listener = state.listeners.removeValue(forKey: token.id) else { return }
            for number in listener.signals {
                guard let entry = state.installed[number] else { continue }
                if entry.count > 1 {
                    state.installed[number] = (entry.count - 1, entry.previous)
                } else {
                    var previous = entry.previous
                    sigaction(number, &previous, nil)
                    state.installed[number] = nil
                }
            }
        }
    }

    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &bytes, bytes.count)
            guard count > 0 else { return }
            for byte in bytes[0..<count] {
                let number = Int32(byte)
                let listeners = state.withLock { state in state.listeners.values.filter { $0.signals.contains(number) } }
                for listener in listeners { listener.queue.async { listener.handler(number) } }
            }
        }
    }
}

/// A system call the relay needed failed.
public struct SignalRelayError: Error, Sendable, CustomStringConvertible {
    public let errno: Int32
    public let call: String
    public var description: String { "\(call) failed: \(SystemError.reason(errno))" }
}
