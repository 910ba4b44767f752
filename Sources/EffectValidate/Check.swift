import EffectHost

/// What one check concluded. Crashes and hangs are seen by the parent, not here.
public struct CheckResult: Equatable, Sendable {
    public enum Status: String, Sendable, CaseIterable {
        /// skip: the plugin has nothing this check looks at (no live params,
        /// no drawing); the reason says what.
        case pass, skip, warn, fail, crash
    }

    public var status: Status
    public var reason: String

    public init(status: Status, reason: String) {
        self.status = status
        self.reason = reason
    }

    /// Whether the plugin failed the check: a fail or a crash.
    public var failed: Bool { status == .fail || status == .crash }

    static func pass(_ reason: String) -> CheckResult { CheckResult(status: .pass, reason: reason) }
    static func skip(_ reason: String) -> CheckResult { CheckResult(status: .skip, reason: reason) }
    static func warn(_ reason: String) -> CheckResult { CheckResult(status: .warn, reason: reason) }
    static func fail(_ reason: String) -> CheckResult { CheckResult(status: .fail, reason: reason) }
}

/// A failed expectation inside a check.
struct CheckFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// The conformance checks, in the order they run, each in a worker process
/// of its own started by `Validator` (or in this process, by `run`, for a
/// plugin trusted not to crash, exit or hang); each lives in a file of its own.
public enum Check: String, CaseIterable, Sendable {
    case load, metadata, defaults, determinism
    case randomAccess = "random-access"
    case sweep
    case badInput = "bad-input"
    case events, loops, threads, isolation, strings, errors, overrun, stdout, draw, lifecycle, cost

    /// Runs the check on the plugin file at `path` in this process, its
    /// random choices drawn from `seed`: for a plugin trusted not to crash,
    /// exit or hang. The stdout check points descriptor 1 at a file while it
    /// runs, so what other threads print meanwhile goes there too.
    public func run(path: String, seed: UInt64) -> CheckResult {
        do {
            var random = SeededRandom(seed: seed)
            switch self {
            case .load: return try LoadCheck.check(path)
            case .lifecycle: return try LifecycleCheck.check(path: path)
            case .stdout: return try OutputCheck.check(path)
            default: break
            }
            let plugin = try Plugin.load(path: path)
            // The overrun check makes a few calls, into guarded buffers of its own.
            if self != .metadata, self != .overrun, let slow = try CheckSupport.slowness(plugin) { return .fail(slow) }
            switch self {
            case .load, .lifecycle, .stdout: return .fail("not reached")
            case .metadata: return try MetadataCheck.check(plugin)
            case .defaults: return try DefaultsCheck.check(plugin)
            case .determinism: return try DeterminismCheck.check(plugin, &random)
            case .randomAccess: return try RandomAccessCheck.check(plugin, &random)
            case .sweep: return try SweepCheck.check(plugin, &random)
            case .badInput: return try BadInputCheck.check(plugin)
            case .events: return try EventsCheck.check(plugin)
            case .loops: return try LoopsCheck.check(plugin)
            case .threads: return try ThreadsCheck.check(plugin, &random)
            case .isolation: return try IsolationCheck.check(plugin, &random)
            case .strings: return try StringsCheck.check(plugin, &random)
            case .errors: return try ErrorsCheck.check(plugin)
            case .overrun: return try OverrunCheck.check(plugin)
            case .draw: return try DrawCheck.check(plugin, &random)
            case .cost: return try CostCheck.check(plugin)
            }
        } catch let failure as CheckFailure {
            return .fail(failure.reason)
        } catch let failure as PluginLoadFailure {
            return .fail(failure.reason)
        } catch let error as EffectError {
            return .fail(error.message)
        } catch {
            return .fail("\(error)")
        }
    }
}
