import CRunningCall

/// The plugin function effect-host is inside on this thread, if any, so
/// that a plugin ending the process (exit() in create, a crash in sample)
/// is named with the call that did it. Thread-local: a crash handler and
/// an exit() handler run on the thread that crashed or exited, and name
/// that thread's call, whatever other threads are doing.
public enum RunningCall {
    /// The table function's name, as the header spells it ("create").
    public static var name: String? {
        pointer.map { String(cString: $0) }
    }

    /// The name as a NUL-terminated C string in static memory, for a
    /// signal handler, which may not allocate.
    public static var pointer: UnsafePointer<CChar>? { effect_running_call() }

    /// Runs `body`, a call to the plugin's `function` (or "dlopen", which
    /// runs its library constructors). EffectHost marks each call it
    /// makes; a tool calling the table itself marks its own.
    @inline(__always)
    public static func during<T, E: Error>(_ function: StaticString, _ body: () throws(E) -> T) throws(E) -> T {
        let outer = effect_running_call()
        effect_set_running_call(UnsafeRawPointer(function.utf8Start).assumingMemoryBound(to: CChar.self))
        defer { effect_set_running_call(outer) }
        return try body()
    }
}
