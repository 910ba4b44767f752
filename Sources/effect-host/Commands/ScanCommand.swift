import EffectHost
import Glibc

/// `effect-host scan-plugin -- FILE`, run by PluginScanner in a child
/// process: prints ScanWorker's answer for one plugin file on stdout.
enum ScanCommand {
    static func run(_ arguments: [String]) -> Never {
        let paths = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
        guard paths.count == 1 else {
            Output.error.line("effect-host: \(ScanWorker.command) takes one plugin file")
            try? Output.error.flush()
            _exit(2)
        }
        for line in ScanWorker.answer(for: paths[0]) { Output.standard.line(line) }
        try? Output.standard.flush()
        // Done: the plugin's destructors have nothing to say to the scan.
        _exit(0)
    }
}
