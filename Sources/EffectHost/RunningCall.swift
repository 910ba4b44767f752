import Synchronization

/// The plugin function effect-host is inside, if any, so that a plugin
/// ending the process (exit() in create, a crash in sample) can be named
/// with the call that did it. It is for diagnostics only: with several
/// threads inside the plugin at once it names one of their calls.
///
/// A handler that runs as the process ends (on_exit, a fatal signal)
/// reads it: `pointer` needs no allocation and no lock.
public enum RunningCall {
    /// The table function's name, as the header spells it ("create").
    public static var name: String? {
        pointer.map { String(cString: $0) }
    }

    /// The name as a NUL-terminated C string in static memory, for a
    /// signal handler, which may not allocate.
    public static var pointer: UnsafePointer<CChar>? {
        UnsafePointer(bitPattern: runningCall.load(ordering: .relaxed))
    }

    /// Runs `body`, a call to the plugin's `function` (or "dlopen", which
    /// runs its library constructors). EffectHost marks each call it
    /// makes; a tool calling the table itself marks its own.
    @inline(__always)
    public static func during<T, E: Error>(_ function: StaticString, _ body: () throws(E) -> T) throws(E) -> T {
        let outer = runningCall.exchange(Int(bitPattern: function.utf8Start), ordering: .relaxed)
        defer { runningCall.store(outer, ordering: .relaxed) }
        return try body()
    }
}

/// The address of the running call's StaticString, or 0 for none.
private let runningCall = Atomic<Int>(0)
