import EffectHost
import Glibc

/// `effect-host studio [EFFECT]`: a local page to look at and tune any
/// effect. The server is Python's http.server driving this host library
/// through the `effects` package (StudioLaunch finds them); this process
/// becomes it, so Ctrl-C and the exit status are the studio's own.
struct StudioCommand {
    let options: [String]

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .studio)
        guard parsed.positionals.count <= 1 else { throw UsageError("studio shows one EFFECT first, not \(parsed.positionals.count)") }
        var options = parsed.positionals
        if let port = try parsed.single("--port") {
            guard let number = Int(port), (0...65535).contains(number) else {
                throw UsageError("--port is a port number from 0 to 65535 (0: a free one), not '\(Terminal.sanitize(port))'")
            }
            options += ["--port", String(number)]
        }
        if let host = try parsed.single("--host") {
            guard !host.isEmpty else { throw UsageError("--host needs an address, such as 127.0.0.1") }
            options += ["--host", host]
        }
        if let directory = try parsed.single("--output-dir") {
            guard Files.isDirectory(directory) else {
                throw UsageError("--output-dir \(Terminal.sanitize(directory)) is not a directory")
            }
            options += ["--output-dir", directory]
        }
        for path in parsed.all("--plugin-path") { options += ["--plugin-path", path] }
        if parsed.has("--watch") { options.append("--watch") }
        if parsed.has(PluginSession.allowUnsafeFlag) { options.append(PluginSession.allowUnsafeFlag) }
        self.options = options
    }

    func run() throws -> Int32 {
        guard let executable = SearchPath.executablePath() else { throw RuntimeError("cannot tell where effect-host is (no /proc/self/exe)") }
        let launch: StudioLaunch
        do {
            launch = try StudioLaunch.plan(
                executable: executable, options: options,
                environment: Terminal.environment([StudioLaunch.pythonVariable, "PYTHONPATH"]))
        } catch {
            throw RuntimeError("studio: \(error.description)")
        }
        for (name, value) in launch.variables { setenv(name, value, 1) }
        StandardOutput.restore()
        var argv = launch.arguments.map { strdup($0) } + [nil]
        execv(launch.python, &argv)
        let reason = String(cString: strerror(errno))
        _ = dup2(STDERR_FILENO, STDOUT_FILENO)
        throw RuntimeError("studio: cannot run \(launch.python): \(reason)")
    }
}
