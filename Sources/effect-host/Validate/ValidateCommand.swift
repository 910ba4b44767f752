import EffectHost
import EffectRender
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
            guard let timeout = Double(timeoutText), timeout.isFinite, timeout > 0, timeout <= 3600 else {
                throw UsageError("--timeout needs seconds from 0 to 3600, not '\(Terminal.sanitize(timeoutText))'")
            }
            self.timeout = timeout
        } else {
            timeout = 60
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
            let verdict = Output.standard.descriptor
            OverrunWatch.verdictDescriptor = verdict
            PluginActivity.verdictDescriptor = verdict
            CrashNote.install(writingTo: verdict)
            PluginActivity.begin("the \(worker.rawValue) check", plugin: paths[0])
            let result = worker.run(path: paths[0], seed: seed)
            PluginActivity.end()
            let line = "\(Self.verdictMark)\(result.status.rawValue)\t\(result.reason.replacingNewlines())\n"
            _ = line.withCString { Glibc.write(verdict, $0, strlen($0)) }
            return 0
        }
        var reports: [(path: String, results: [(String, CheckResult)])] = []
        for path in paths {
            var results: [(String, CheckResult)] = []
            var blocked: String?
            // Validating runs the plugin's code, so the same rule as loading it.
            if !allowUnsafe, let problem = PluginTrust.problem(with: path) {
                results.append(("load", .fail("refused: \(problem); or pass \(PluginSession.allowUnsafeFlag) to check it anyway")))
                blocked = "load"
            }
            for name in Check.allCases.map(\.rawValue) where blocked == nil || name != "load" {
                if let blocked {
                    results.append((name, .fail("not run: the plugin failed '\(blocked)'")))
                    continue
                }
                var result = runChild(name, path: path)
                if strict, result.status == .warn { result = .fail("\(result.reason) (a failure with --strict)") }
                results.append((name, result))
                if (name == "load" || name == "metadata") && (result.status == .fail || result.status == .crash) {
                    blocked = name
                }
            }
            reports.append((path, results))
        }
        let all = reports.flatMap { $0.results.map(\.1.status) }
        if json {
            printJSON(reports)
        } else {
            printText(reports)
        }
        return all.contains(where: { $0 == .fail || $0 == .crash }) ? 1 : 0
    }

    private func runChild(_ name: String, path: String) -> CheckResult {
        let outcome = ChildProcess.run(
            ["validate", "--worker", name, "--seed", String(seed), "--", path], timeout: timeout)
        switch outcome.ending {
        case .exited(let code):
            let line = outcome.outputText.split(separator: "\n").last { $0.hasPrefix(Self.verdictMark) }.map {
                String($0.dropFirst(Self.verdictMark.count))
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

    /// Marks the worker's verdict line.
    static let verdictMark = "verdict\t"

    private func printText(_ reports: [(path: String, results: [(String, CheckResult)])]) {
        let out = Output.standard
        var shown: [CheckResult.Status] = []
        for report in reports {
            out.line(Terminal.sanitize(report.path))
            // A file that does not load is said once; the checks it kept
            // from running stay in --json, not on the screen.
            if let load = report.results.first(where: { $0.0 == "load" })?.1, load.status == .fail || load.status == .crash {
                out.line("  \(load.status.rawValue.padding(5))  load          \(Terminal.sanitize(load.reason)); no other check can run")
                shown.append(load.status)
                continue
            }
            for (name, result) in report.results {
                let padded = name + String(repeating: " ", count: max(0, 14 - name.count))
                out.line("  \(result.status.rawValue.padding(5))  \(padded)\(Terminal.sanitize(result.reason))")
                shown.append(result.status)
            }
        }
        let tally = [CheckResult.Status.pass, .warn, .fail, .crash].map { status in
            "\(shown.filter { $0 == status }.count) \(status.rawValue)"
        }
        out.line("\(tally.joined(separator: ", ")) (seed \(seed))")
    }

    private func printJSON(_ reports: [(path: String, results: [(String, CheckResult)])]) {
        let plugins: [JSON] = reports.map { report in
            .object([
                ("path", .string(report.path)),
                (
                    "checks",
                    .array(
                        report.results.map { name, result in
                            .object([("name", .string(name)), ("status", .string(result.status.rawValue)), ("reason", .string(result.reason))])
                        })
                ),
            ])
        }
        Output.standard.line(JSON.object([("seed", .integer(Int64(seed))), ("plugins", .array(plugins))]).text(indent: "  "))
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }

    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
