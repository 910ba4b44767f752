import EffectHost
import EffectRender
import Glibc

/// What plugin code effect-host is running, so a plugin that calls exit()
/// (in create, say) is reported as such instead of ending the command
/// quietly with status 0. exit() runs the handler installed here;
/// `_exit()` and signals cannot be caught and end the process as they say.
enum PluginActivity {
    nonisolated(unsafe) private static var phase: String?
    nonisolated(unsafe) private static var plugin = ""
    /// In a validate worker: where its verdict goes, so the exit is the
    /// check's verdict instead of a message the parent would have to parse.
    nonisolated(unsafe) static var verdictDescriptor: Int32?

    static func install() {
        on_exit({ code, _ in
            guard let phase = PluginActivity.phase else { return }
            // exit() keeps the low 8 bits: exit(256) would end with 0.
            let status = code & 0xFF == 0 ? 1 : code & 0xFF
            let line: String
            let call = RunningCall.name
            if let verdict = PluginActivity.verdictDescriptor {
                let during = call.map { "\($0), in \(phase)" } ?? phase
                line = "\(ValidateCommand.verdictMark)crash\tthe plugin exited with status \(code & 0xFF) during \(during)\n"
                _ = line.withCString { write(verdict, $0, strlen($0)) }
            } else {
                // atexit handlers run after this one, if at all: give the terminal back here.
                TerminalRestore.restoreNow()
                line =
                    "effect-host: \(Terminal.sanitize(PluginActivity.plugin)) called exit(\(code)) during \(call ?? phase); effect-host stops with status \(status)\n"
                _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            }
            _exit(status)
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
