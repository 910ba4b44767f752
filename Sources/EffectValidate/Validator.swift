import EffectHost

/// Checks plugin files against the contract: every check of each file in
/// a worker process of its own with a timeout, so a plugin that crashes or
/// hangs is reported while validation carries on. Returns the report as
/// data; it prints nothing.
public struct Validator: Sendable {
    /// Seeds the random times, params and events the checks try.
    public var seed: UInt64
    /// Seconds one check may take before its plugin counts as hung.
    public var timeout: Double
    /// With `timeoutAfterHang` and `hangsBeforeStopping`: a plugin that
    /// hangs in every check is done with in under a minute.
    public static let defaultTimeout = 50.0
    /// Warnings count as failures.
    public var strict: Bool
    /// Checks files the trust rules refuse to load (PluginTrust).
    public var allowUnsafe: Bool
    /// The executable that runs each check (`Worker.locate()` by default).
    public var worker: String?

    public init(
        seed: UInt64, timeout: Double = defaultTimeout, strict: Bool = false, allowUnsafe: Bool = false, worker: String? = Worker.locate()
    ) {
        (self.seed, self.timeout, self.strict, self.allowUnsafe, self.worker) = (seed, timeout, strict, allowUnsafe, worker)
    }

    /// Every check of every file, in order. A file that fails `load` or
    /// `metadata` has its later checks marked as not run.
    public func validate(_ paths: [String]) -> ValidationReport {
        ValidationReport(seed: seed, plugins: paths.map(validate))
    }

    private func validate(_ path: String) -> PluginReport {
        var results: [(check: Check, result: CheckResult)] = []
        var blocked: Check?
        var refused = false
        // Validating runs the plugin's code, so the same rule as loading it.
        if !allowUnsafe, let problem = PluginTrust.problem(with: path) {
            results.append((.load, .fail("refused: \(problem)")))
            (blocked, refused) = (.load, true)
        }
        // A plugin that hung once is given a short time in later checks,
        // and none after a second hang: one fault is one finding, and a
        // plugin that hangs everywhere costs seconds, not checks × timeout.
        var hung: [Check] = []
        for check in Check.allCases where !(refused && check == .load) {
            if let blocked {
                results.append((check, .fail("not run: the plugin failed '\(blocked.rawValue)'")))
                continue
            }
            if hung.count >= Self.hangsBeforeStopping {
                results.append((check, .fail("not run: the plugin hung in '\(hung[0].rawValue)' and '\(hung[1].rawValue)'")))
                continue
            }
            let limit = hung.isEmpty ? timeout : min(timeout, Self.timeoutAfterHang)
            let (ran, timedOut) = run(check, path: path, timeout: limit)
            if timedOut { hung.append(check) }
            let result = strictly(ran)
            results.append((check, result))
            if (check == .load || check == .metadata) && result.failed { blocked = check }
        }
        return PluginReport(path: path, refusedAsUnsafe: refused, checks: results)
    }

    /// One check of the file at `path` in a worker process of its own, as
    /// `validate` runs it (with `timeout` and `strict`, and without the
    /// trust rules): for a check whose plugin may crash, exit or hang.
    public func result(of check: Check, path: String) -> CheckResult {
        strictly(run(check, path: path, timeout: timeout).0)
    }

    /// A warning as a failure in strict mode.
    private func strictly(_ result: CheckResult) -> CheckResult {
        strict && result.status == .warn ? .fail("\(result.reason) (a failure in strict mode)") : result
    }

    /// Seconds a check may take once an earlier check of the plugin has hung.
    public static let timeoutAfterHang = 5.0
    public static let hangsBeforeStopping = 2

    /// The check's verdict, and whether it was killed for taking longer than `timeout`.
    private func run(_ check: Check, path: String, timeout: Double) -> (CheckResult, timedOut: Bool) {
        guard let worker else { return (CheckResult(status: .crash, reason: "the check could not be run: \(Worker.missing)"), false) }
        let outcome = ChildProcess.run(worker, ["validate", "--worker", check.rawValue, "--seed", String(seed), "--", path], timeout: timeout)
        if case .timedOut = outcome.ending { return (ValidationWorker.verdict(outcome, timeout: timeout), true) }
        return (ValidationWorker.verdict(outcome, timeout: timeout), false)
    }
}

/// What validation found in one plugin file.
public struct PluginReport: Sendable {
    public let path: String
    /// The trust rules refused the file, so no check ran.
    public let refusedAsUnsafe: Bool
    public let checks: [(check: Check, result: CheckResult)]

    /// The load check's result when the file did not load: nothing else could run.
    public var loadFailure: CheckResult? {
        checks.first { $0.check == .load }.map(\.result).flatMap { $0.failed ? $0 : nil }
    }
}

/// Every plugin file's checks, with the seed that reproduces them.
public struct ValidationReport: Sendable {
    public let seed: UInt64
    public let plugins: [PluginReport]

    /// Whether any check failed or crashed.
    public var failed: Bool { plugins.contains { $0.checks.contains { $0.result.failed } } }

    /// The report as JSON: the seed, and per plugin its path and each
    /// check's name, status and reason.
    public var json: JSON {
        let plugins: [JSON] = plugins.map { report in
            .object([
                ("path", .string(report.path)),
                (
                    "checks",
                    .array(
                        report.checks.map { check, result in
                            .object([("name", .string(check.rawValue)), ("status", .string(result.status.rawValue)), ("reason", .string(result.reason))])
                        })
                ),
            ])
        }
        return .object([("seed", .integer(Int64(seed))), ("plugins", .array(plugins))])
    }
}
