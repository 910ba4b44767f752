import EffectHost
import Glibc

/// The worker's side of validation: one check of one plugin, run in a
/// process of its own (`effect-host validate --worker CHECK --seed S --
/// FILE`), its verdict written as one line to a descriptor the plugin's
/// code cannot reach. A plugin that exits, overruns a guarded buffer or
/// crashes still leaves a line saying so (or a note naming the call it
/// crashed in, beside its signal), which `Validator` reads.
public enum ValidationWorker {
    /// Marks the verdict line among the worker's output.
    public static let verdictMark = "verdict\t"

    /// Runs `check` on `path` and writes its verdict to `descriptor`.
    /// Installs process-wide handlers (exit, SIGSEGV and other faults):
    /// for a worker process only.
    public static func run(_ check: Check, path: String, seed: UInt64, verdictDescriptor descriptor: Int32) {
        Worker.endWithHost()
        OverrunWatch.verdictDescriptor = descriptor
        PluginActivity.exitDescriptor = descriptor
        PluginActivity.exitLine = { code, _, call, phase in
            let during = call.map { "\($0), in \(phase)" } ?? phase
            return "\(verdictMark)crash\tthe plugin exited with status \(code & 0xFF) during \(during)\n"
        }
        PluginActivity.install()
        CrashNote.install(writingTo: descriptor)
        GuardedErrors.install()
        PluginActivity.begin("the \(check.rawValue) check", plugin: path)
        let result = check.run(path: path, seed: seed)
        PluginActivity.end()
        let line = "\(verdictMark)\(result.status.rawValue)\t\(result.reason.replacingNewlines())\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// The verdict a finished worker gave, from what it wrote and how it ended.
    static func verdict(_ outcome: ChildProcess.Outcome, timeout: Double) -> CheckResult {
        switch outcome.ending {
        case .exited(let code):
            let line = outcome.outputText.split(separator: "\n").last { $0.hasPrefix(verdictMark) }.map {
                String($0.dropFirst(verdictMark.count))
            } ?? ""
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2, let status = CheckResult.Status(rawValue: parts[0]) else {
                return CheckResult(
                    status: .crash, reason: "the plugin ended the process with status \(code) (_exit) before the check gave a verdict")
            }
            return CheckResult(status: status, reason: parts[1])
        case let .signalled(signal):
            let name = String(cString: strsignal(signal))
            let during = CrashNote.call(in: outcome.outputText).map { " during \($0)" } ?? ""
            return CheckResult(status: .crash, reason: "the plugin crashed: signal \(signal) (\(name))\(during)")
        case .notStarted(let reason):
            return CheckResult(status: .crash, reason: "the check could not be run: \(reason)")
        case .timedOut:
            return CheckResult(status: .crash, reason: "the plugin hung: the check did not finish in \(formatNumber(timeout)) s and was killed")
        }
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }
}
