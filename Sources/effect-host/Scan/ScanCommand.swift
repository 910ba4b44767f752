import EffectHost
import Glibc

/// `effect-host scan-plugin -- FILE`, run by PluginScanner in a child
/// process: loads one plugin and answers with its metadata on stdout, so
/// a plugin that crashes, exits, hangs or prints while loading harms only
/// this process. Not for people; left out of --help and completions.
///
/// The answer is `ok` and the record's lines (PluginRecordText), or
/// `failure` and the reason, tab-separated.
enum ScanCommand {
    static let name = "scan-plugin"

    static func run(_ arguments: [String]) -> Never {
        let paths = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
        guard paths.count == 1 else {
            Output.error.line("effect-host: \(name) takes one plugin file")
            try? Output.error.flush()
            _exit(2)
        }
        let answer: [String]
        let printed = StrayOutput()
        do {
            let plugin = try Plugin.load(path: paths[0])
            if let text = printed.text() {
                answer = [PluginRecordText.line("failure", "printed to stdout while loading (\(text)); a plugin may not print")]
            } else {
                answer = ["ok"] + PluginRecordText.lines(for: plugin.record)
            }
        } catch {
            answer = [PluginRecordText.line("failure", error.reason)]
        }
        for line in answer { Output.standard.line(line) }
        try? Output.standard.flush()
        // Done: the plugin's destructors have nothing to say to the scan.
        _exit(0)
    }
}
