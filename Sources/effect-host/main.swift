import EffectHost
import EffectRender
import Glibc

/// Runs one command and returns its exit status: 0 on success, 1 when the
/// work failed, 2 when the command was called wrongly.
func runCommand(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
        Output.error.line("effect-host: no command given (list, info, run, render, export, plot or validate); see effect-host --help")
        try? Output.error.flush()
        return 2
    }
    let rest = Array(arguments.dropFirst())
    let wantsHelp = rest.contains("--help") || rest.contains("-h")
    do {
        switch command {
        case "-h", "--help", "help":
            Output.standard.line(rest.first.flatMap(CommandSpec.named)?.help ?? Help.main)
        case "--version", "version":
            Output.standard.line(Version.line)
        case ScanWorker.command:
            ScanCommand.run(rest)
        default:
            if command.hasPrefix("-") {
                let hint = closestOption(to: command, among: ["--help", "--version"]).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option \(Terminal.sanitize(command))\(hint); a command comes first, see effect-host --help")
            }
            guard let spec = CommandSpec.named(command) else {
                let hint = didYouMean(command, among: CommandSpec.all.map(\.name) + ["help", "version"])
                throw UsageError("unknown command '\(Terminal.sanitize(command))'\(hint); see effect-host --help")
            }
            if wantsHelp {
                Output.standard.line(spec.help)
                break
            }
            let status = try spec.run(rest)
            try? Output.standard.flush()
            // Whatever a command said along the way goes out, however it ended.
            try? Output.error.flush()
            return status
        }
        try? Output.standard.flush()
        return 0
    } catch let error as UsageError {
        try? Output.standard.flush()
        Output.error.line("effect-host: \(Terminal.sanitize(error.message))")
        try? Output.error.flush()
        return 2
    } catch let error as RuntimeError {
        try? Output.standard.flush()
        Output.error.line("effect-host: \(Terminal.sanitize(error.message))")
        try? Output.error.flush()
        return 1
    } catch {
        try? Output.standard.flush()
        Output.error.line("effect-host: \(Terminal.sanitize("\(error)"))")
        try? Output.error.flush()
        return 1
    }
}

// A reader that goes away (`| head`) ends the run quietly through a
// failed write instead of killing the process with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
StandardOutput.protect()
CellWidth.useUTF8Locale()
TerminalRestore.install()
PluginActivity.beforeExit = TerminalRestore.restoreNow
PluginActivity.install()
let status: Int32
do {
    status = runCommand(try RawArguments.ofThisProcess())
} catch {
    Output.error.line("effect-host: \(error.message)")
    try? Output.error.flush()
    status = 2
}
PluginActivity.end()
exit(status)
