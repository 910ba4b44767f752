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

/// Descriptor 1 pointed at an unlinked file while plugin code runs, so
/// what it prints there can be named.
private struct StrayOutput {
    private let file: UnsafeMutablePointer<FILE>?

    init() {
        file = tmpfile()
        if let file { dup2(fileno(file), STDOUT_FILENO) }
    }

    /// The first bytes printed, quoted, or nil when nothing was.
    func text() -> String? {
        guard let file else { return nil }
        let descriptor = fileno(file)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 60)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        var shown = String(decoding: bytes.prefix(max(0, got)), as: UTF8.self)
        while shown.last?.isNewline == true { shown.removeLast() }
        let more = Int(status.st_size) > max(0, got) ? "…" : ""
        return "\(status.st_size) byte\(status.st_size == 1 ? "" : "s"): '\(Terminal.sanitize(shown))\(more)'"
    }
}
