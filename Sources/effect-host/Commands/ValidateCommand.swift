import EffectHost
import EffectValidate
import Glibc

/// `effect-host validate PLUGIN.so...`: the conformance checker. Every check
/// runs in a child process with a timeout, so a plugin that crashes or
/// hangs is reported while validate itself carries on.
struct ValidateCommand {
    let paths: [String]
    let json: Bool
    let seed: UInt64
    let timeout: Double
    let worker: Check?
    let allowUnsafe: Bool
    /// Warnings count as failures.
    let strict: Bool

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .validate)
        paths = parsed.positionals
        guard !paths.isEmpty else { throw UsageError("validate needs one or more plugin files") }
        json = parsed.has("--json")
        allowUnsafe = parsed.has(PluginSession.allowUnsafeFlag)
        strict = parsed.has("--strict")
        let seedText = try parsed.single("--seed")
        if let seedText {
            guard let seed = UInt64(seedText), seed <= UInt64(Int64.max) else {
                throw UsageError("--seed needs a whole number from 0 to \(Int64.max), not '\(Terminal.sanitize(seedText))'")
            }
            self.seed = seed
        } else {
            seed = UInt64(MonotonicClock.now() * 1e6) & 0xFFFF_FFFF
        }
        let timeoutText = try parsed.single("--timeout")
        if let timeoutText {
            guard let timeout = DecimalNumber.parse(timeoutText), timeout.isFinite, timeout > 0, timeout <= 3600 else {
                throw UsageError("--timeout needs seconds, more than 0 and at most 3600, not '\(Terminal.sanitize(timeoutText))'")
            }
            self.timeout = timeout
        } else {
            timeout = Validator.defaultTimeout
        }
        if let name = try parsed.single("--worker") {
            guard let check = Check(rawValue: name) else { throw UsageError("no check named '\(Terminal.sanitize(name))'") }
            worker = check
        } else {
            worker = nil
        }
    }

    /// Runs the checks; returns the exit status (1 on any fail or crash).
    func run() -> Int32 {
        if let worker {
            // The verdict goes out on effect-host's own stdout, which plugin
            // code cannot write to (see StandardOutput).
            ValidationWorker.run(worker, path: paths[0], seed: seed, verdictDescriptor: Output.standard.descriptor)
            return 0
        }
        let validator = Validator(
            seed: seed, timeout: timeout, strict: strict, allowUnsafe: allowUnsafe, worker: SearchPath.executablePath())
        let report = validator.validate(paths)
        if json {
            Output.standard.line(report.json.text(indent: "  "))
        } else {
            printText(report)
        }
        return report.failed ? 1 : 0
    }

    private func printText(_ report: ValidationReport) {
        let out = Output.standard
        var shown: [CheckResult.Status] = []
        let nameWidth = (Check.allCases.map(\.rawValue.count).max() ?? 0) + 2
        for plugin in report.plugins {
            out.line(Terminal.sanitize(plugin.path))
            // A file that does not load is said once; the checks it kept
            // from running stay in --json, not on the screen.
            if let load = plugin.loadFailure {
                let hint = (plugin.refusedAsUnsafe ? "; or pass \(PluginSession.allowUnsafeFlag) to check it anyway" : "") + "; no other check can run"
                out.line("  \(load.status.rawValue.padding(5))  \("load".padding(nameWidth))\(Terminal.sanitize(load.reason))\(hint)")
                shown.append(load.status)
                continue
            }
            for (check, result) in plugin.checks {
                let padded = check.rawValue.padding(nameWidth)
                out.line("  \(result.status.rawValue.padding(5))  \(padded)\(Terminal.sanitize(result.reason))")
                shown.append(result.status)
            }
        }
        let tally = CheckResult.Status.allCases.map { status in "\(shown.filter { $0 == status }.count) \(status.rawValue)" }
        out.line("\(tally.joined(separator: ", ")) (seed \(seed))")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
