import Glibc

/// What plugin code effect-host is running, so a plugin that calls exit()
/// (in create, say) is reported as such instead of ending the command
/// quietly with status 0. exit() runs the handler installed here;
/// `_exit()` and signals cannot be caught and end the process as they say.
enum PluginActivity {
    nonisolated(unsafe) private static var phase: String?
    nonisolated(unsafe) private static var plugin = ""

    static func install() {
        on_exit({ status, _ in
            guard let phase = PluginActivity.phase else { return }
            let message =
                "effect-host: \(Terminal.sanitize(PluginActivity.plugin)) called exit(\(status)) during \(phase); effect-host stops with status \(status == 0 ? 1 : status)\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            _exit(status == 0 ? 1 : status)
        }, nil)
    }

    /// Plugin code from `plugin` may run from now on, in `phase` ("create").
    static func begin(_ phase: String, plugin path: String? = nil) {
        if let path { plugin = path }
        self.phase = phase
    }

    /// The command is done with plugin code; exit() is its own again.
    static func end() { phase = nil }
}
