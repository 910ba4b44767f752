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
            Output.standard.line(helpText(for: rest.first) ?? Help.main)
        case "--version", "version":
            Output.standard.line(Version.line)
        case "completions":
            if wantsHelp { Output.standard.line(Help.completions); break }
            try CompletionsCommand(rest).run()
        case "man":
            if wantsHelp { Output.standard.line(Help.man); break }
            try ManCommand(rest).run()
        case ScanWorker.command:
            ScanCommand.run(rest)
        case "list":
            if wantsHelp { Output.standard.line(Help.list); break }
            try ListCommand(rest).run()
        case "info":
            if wantsHelp { Output.standard.line(Help.info); break }
            try InfoCommand(rest).run()
        case "validate":
            if wantsHelp { Output.standard.line(Help.validate); break }
            let status = try ValidateCommand(rest).run()
            try? Output.standard.flush()
            return status
        case "run":
            if wantsHelp { Output.standard.line(Help.run); break }
            let status = try RunCommand(rest).run()
            try? Output.standard.flush()
            return status
        case "render":
            if wantsHelp { Output.standard.line(Help.render); break }
            let status = try RenderCommand(rest).run()
            try? Output.standard.flush()
            return status
        case "export":
            if wantsHelp { Output.standard.line(Help.export); break }
            let status = try ExportCommand(rest).run()
            try? Output.standard.flush()
            return status
        case "plot":
            if wantsHelp { Output.standard.line(Help.plot); break }
            let status = try PlotCommand(rest).run()
            try? Output.standard.flush()
            return status
        default:
            let hint = didYouMean(command, among: CommandSpec.all.map(\.name) + ["help", "version"])
            throw UsageError("unknown command '\(Terminal.sanitize(command))'\(hint); see effect-host --help")
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

func helpText(for command: String?) -> String? {
    switch command {
    case "list": Help.list
    case "info": Help.info
    case "run": Help.run
    case "export": Help.export
    case "validate": Help.validate
    case "render": Help.render
    case "plot": Help.plot
    case "completions": Help.completions
    case "man": Help.man
    default: nil
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
let status = runCommand(Array(CommandLine.arguments.dropFirst()))
PluginActivity.end()
exit(status)
