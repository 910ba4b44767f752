import Glibc

/// What plugin code the process is running, so a plugin that calls exit()
/// (in create, say) is reported as such instead of ending the host quietly
/// with status 0. exit() runs the handler `install()` sets up, which a host
/// calls once; `_exit()` and signals cannot be caught and end the process
/// as they say.
public enum PluginActivity {
    nonisolated(unsafe) private static var phase: String?
    nonisolated(unsafe) private static var plugin = ""
    nonisolated(unsafe) private static var installed = false
    /// The line the handler writes when a plugin calls exit(code), and
    /// where: by default a message on stderr naming the plugin and the call.
    /// A worker process sets its own (the verdict a parent reads).
    /// `call` is the plugin function running (effect.h's name), if one
    /// is; `phase` what the host was doing ("create").
    nonisolated(unsafe) public static var exitLine: (_ code: Int32, _ plugin: String, _ call: String?, _ phase: String) -> String = {
        code, plugin, call, phase in
        let status = code & 0xFF == 0 ? 1 : code & 0xFF
        return "effect-host: \(Terminal.sanitize(plugin)) called exit(\(code)) during \(call ?? phase); effect-host stops with status \(status)\n"
    }
    nonisolated(unsafe) public static var exitDescriptor: Int32 = STDERR_FILENO
    /// Runs first in the handler: a terminal view gives the terminal back
    /// here, since atexit handlers run after this one, if at all.
    nonisolated(unsafe) public static var beforeExit: (() -> Void)?

    /// Installs the handler, once per process however often it is called.
    public static func install() {
        guard !installed else { return }
        installed = true
        on_exit({ code, _ in
            guard let phase = PluginActivity.phase else { return }
            PluginActivity.beforeExit?()
            let line = PluginActivity.exitLine(code, PluginActivity.plugin, RunningCall.name, phase)
            _ = line.withCString { write(PluginActivity.exitDescriptor, $0, strlen($0)) }
            // exit() keeps the low 8 bits: exit(256) would end with 0.
            _exit(code & 0xFF == 0 ? 1 : code & 0xFF)
        }, nil)
    }

    /// Plugin code from `plugin` may run from now on, in `phase` ("create").
    public static func begin(_ phase: String, plugin path: String? = nil) {
        if let path { plugin = path }
        self.phase = phase
    }

    /// The host is done with plugin code; exit() is its own again.
    public static func end() { phase = nil }
}
