import Glibc
import MetadataRules

/// Reads plugin metadata the way audio hosts scan plugins: each file is
/// loaded in a child process (the worker, `effect-host scan-plugin`), never
/// in this one, and what it answers is cached by file identity. A plugin
/// that crashes, exits, hangs or prints while loading is skipped with that
/// reason, and cannot stop the host from working.
public struct PluginScanner: Sendable {
    /// Where answers are kept between runs; nil scans every file.
    public let cacheFile: String?
    /// The executable that loads each file (`Worker.locate()` by default);
    /// nil: none was found, and files the cache does not know fail to scan.
    public let worker: String?

    public init(cacheFile: String?, worker: String? = Worker.locate()) {
        self.cacheFile = cacheFile
        self.worker = worker
    }

    /// How long one file may take to load before it counts as hung.
    /// EFFECT_SCAN_TIMEOUT (seconds) changes it, for slow machines.
    public static var timeout: Double {
        let text = Terminal.environment(["EFFECT_SCAN_TIMEOUT"])["EFFECT_SCAN_TIMEOUT"]
        if let text, let seconds = DecimalNumber.parse(text), seconds.isFinite, seconds > 0, seconds <= 3600 { return seconds }
        return 5
    }

    public func read(_ files: [String]) -> [Result<PluginRecord, PluginLoadFailure>] {
        var cache = cacheFile.map(ScanCache.init(path:))
        let identities = files.map(FileIdentity.init(path:))
        var results = [Result<PluginRecord, PluginLoadFailure>?](repeating: nil, count: files.count)
        for (index, file) in files.enumerated() {
            guard let identity = identities[index], let answer = cache?.answer(for: file, identity: identity) else { continue }
            if let result = Self.result(of: answer, for: file) {
                results[index] = result
            } else {
                cache?.forget(file)
            }
        }
        // A file that is not a shared library for this machine is refused
        // here: a child process per stray file (10,000 of them in a
        // directory) would cost a fork and an exec each to say the same.
        for index in files.indices where results[index] == nil {
            guard let problem = ELFCheck.problem(with: files[index]) else { continue }
            results[index] = .failure(PluginLoadFailure(path: files[index], reason: problem))
            if let identity = identities[index], identity.isSettled, identity == FileIdentity(path: files[index]) {
                cache?.store([PluginRecordText.line("failure", problem)], for: files[index], identity: identity)
            }
        }
        let misses = files.indices.filter { results[$0] == nil }
        let timeout = Self.timeout
        let outcomes =
            worker.map { ChildProcess.runAll($0, misses.map { [ScanWorker.command, "--", files[$0]] }, timeout: timeout, captureErrors: true) }
            ?? misses.map { _ in ChildProcess.Outcome(ending: .notStarted(Worker.missing), output: [], errors: []) }
        for (index, outcome) in zip(misses, outcomes) {
            let (answer, lasting) = Self.answer(from: outcome, timeout: timeout)
            results[index] = Self.result(of: answer, for: files[index])
                ?? .failure(PluginLoadFailure(path: files[index], reason: "gave the scan an answer that does not read"))
            // Only what the file itself will do again is kept (see answer).
            if lasting, let identity = identities[index], identity.isSettled, identity == FileIdentity(path: files[index]) {
                cache?.store(answer, for: files[index], identity: identity)
            } else {
                cache?.forget(files[index])
            }
        }
        cache?.save()
        return results.map { $0! }
    }

    /// Faults the plugin's own code raises; any other signal (SIGKILL from
    /// the out-of-memory killer, say) came from outside and may not recur.
    private static let faults: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

    /// The scan's answer lines for an outcome, and whether they may be
    /// cached: only what the file will do again when loaded. A hang may be
    /// a busy machine, a missing dependency may be installed, a process
    /// that could not start says nothing about the plugin.
    private static func answer(from outcome: ChildProcess.Outcome, timeout: Double) -> ([String], Bool) {
        func failure(_ reason: String) -> [String] { [PluginRecordText.line("failure", reason)] }
        let said = lastLine(of: outcome.errors).map { "; it said '\($0)'" } ?? ""
        switch outcome.ending {
        case .notStarted(let reason):
            return (failure("could not be scanned: \(reason)"), false)
        case .timedOut:
            return (failure("hung while loading: no answer in \(formatNumber(timeout)) s (EFFECT_SCAN_TIMEOUT sets the limit)"), false)
        case .signalled(let signal):
            let name = String(cString: strsignal(signal))
            return (failure("crashed while loading: signal \(signal) (\(name))\(said)"), faults.contains(signal))
        case .exited(let status):
            let lines = outcome.outputText.split(separator: "\n").map(String.init)
            guard status == 0, let first = lines.first, first == "ok" || first.hasPrefix("failure\t") else {
                return (failure("exited with status \(status) while loading\(said)"), true)
            }
            if first == "ok", let printed = lastLine(of: outcome.errors) {
                return (failure("printed to stderr while loading ('\(printed)'); a plugin may not print"), true)
            }
            if first == "ok", outcome.outputIsCut {
                return (failure(ScanLimit.reason), true)
            }
            if first != "ok" {
                // dlopen's own failures (a missing dependency) can be mended without touching the file.
                let reason = PluginRecordText.fields(of: first).dropFirst().first ?? ""
                return ([first], !reason.hasPrefix("cannot be loaded: "))
            }
            return (lines, true)
        }
    }

    /// A record, a failure, or nil when the answer does not read.
    private static func result(of answer: [String], for file: String) -> Result<PluginRecord, PluginLoadFailure>? {
        guard let first = answer.first else { return nil }
        if first == "ok" {
            return try? .success(PluginRecordText.record(from: answer.dropFirst(), path: file))
        }
        let fields = PluginRecordText.fields(of: first)
        guard fields.count == 2, fields[0] == "failure", answer.count == 1 else { return nil }
        return .failure(PluginLoadFailure(path: file, reason: fields[1]))
    }

    /// The last non-empty line of what a child wrote, shortened and made
    /// safe to show.
    private static func lastLine(of bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.suffix(4096), as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return nil
        }
        let shown = line.count > 120 ? String(line.prefix(120)) + "…" : String(line)
        return Terminal.sanitize(shown)
    }
}
