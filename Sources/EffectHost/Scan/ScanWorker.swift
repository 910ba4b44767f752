/// The worker's side of the plugin scan: what `effect-host scan-plugin --
/// FILE` answers in its child process, for PluginScanner to read.
///
/// The answer is `ok` and the record's lines (PluginRecordText), or
/// `failure` and the reason, tab-separated.
public enum ScanWorker {
    /// The worker's command, which people never type: left out of --help and completions.
    public static let command = "scan-plugin"

    /// Loads `path` (descriptor 1 caught meanwhile, since a plugin may not
    /// print) and answers with its record or why it failed.
    public static func answer(for path: String) -> [String] {
        Worker.endWithHost()
        let printed = StrayOutput()
        do {
            let plugin = try Plugin.load(path: path)
            if let text = printed.text() {
                return [PluginRecordText.line("failure", "printed to stdout while loading (\(text)); a plugin may not print")]
            }
            return ["ok"] + PluginRecordText.lines(for: plugin.record)
        } catch {
            return [PluginRecordText.line("failure", error.reason)]
        }
    }
}
