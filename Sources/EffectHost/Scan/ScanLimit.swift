/// How much metadata a scan reads: a worker's answer is cut at the child
/// process's capture limit, and a plugin whose record is longer is refused.
/// One rule for the scan and for validate, in the same words.
public enum ScanLimit {
    /// Bytes of answer text a scan reads.
    public static var bytes: Int { ChildProcess.captureLimit }

    /// Why a plugin whose answer is cut is refused.
    public static var reason: String { "its metadata is more than \(bytes >> 20) MB as text; a host scans at most that" }

    /// Whether `record`'s answer, as the scan worker writes it, would be cut.
    public static func exceeded(by record: PluginRecord) -> Bool {
        var total = "ok\n".utf8.count
        for line in PluginRecordText.lines(for: record) {
            total += line.utf8.count + 1
            if total >= bytes { return true }
        }
        return false
    }
}
