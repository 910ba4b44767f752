import Foundation
import XCTest

/// The scan's worker leads a process group of its own, and the group ends
/// with it: a plugin that starts a process while loading and then hangs
/// leaves nothing running once its scan is over (issue 48), nor when the
/// host itself is killed mid-scan.
final class ScanProcessGroupTests: XCTestCase {
    /// Long enough for the bundled plugins to load on a busy machine, or in a sanitized build.
    private let limit = TestEnvironment.sanitizer == nil ? "3" : "10"

    /// The fixture plugin that forks a process while loading and hangs,
    /// and the file where that process writes its pid and group.
    private func spawningPlugin() throws -> (plugin: String, record: String, cacheHome: String) {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let record = directory + "/spawned"
        let plugin = try Fixtures.testPlugin("spawns.so", in: directory, defines: ["BROKEN_LOAD_SPAWN", "SPAWN_RECORD=\"\(record)\""])
        return (plugin, record, try TestEnvironment.temporaryDirectory(self))
    }

    func testTheScanTimeoutEndsEveryProcessThePluginStarted() throws {
        let (plugin, record, cacheHome) = try spawningPlugin()
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost, ["list", "--json", "--plugin-path", plugin],
            environment: ["XDG_CACHE_HOME": cacheHome, "EFFECT_SCAN_TIMEOUT": limit])
        let spawned = try SpawnedProcess(record: record, waiting: 10)
        defer { kill(spawned.pid, SIGKILL) }
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let failures = try XCTUnwrap(report["failures"] as? [[String: String]])
        XCTAssertEqual(
            failures.map { $0["reason"] }, ["hung while loading: no answer in \(limit) s (EFFECT_SCAN_TIMEOUT sets the limit)"])
        XCTAssertNotEqual(spawned.group, getpgrp(), "the worker leads a process group of its own")
        XCTAssertEqual(ProcessTable.members(of: spawned.group, within: 2), [], "the plugin's process outlived the scan")
    }

    /// A worker is apart from the terminal's process group, so Ctrl-C does
    /// not reach it: when its host goes, however it goes, the worker ends
    /// its group itself instead of hanging on without a deadline.
    func testAWorkerEndsWithItsHost() throws {
        let (plugin, record, cacheHome) = try spawningPlugin()
        let host = try HostProcess(
            ["list", "--plugin-path", plugin], environment: ["XDG_CACHE_HOME": cacheHome, "EFFECT_SCAN_TIMEOUT": "600"])
        let spawned = try SpawnedProcess(record: record, waiting: 20)
        defer {
            kill(spawned.pid, SIGKILL)
            if spawned.group != getpgrp() { kill(-spawned.group, SIGKILL) }
        }
        XCTAssertEqual(ProcessTable.members(of: spawned.group, within: 0).count, 2, "the worker and its plugin's process, hanging")
        host.kill()
        XCTAssertEqual(ProcessTable.members(of: spawned.group, within: 2), [], "the worker and its plugin's process outlived the host")
    }
}

/// effect-host started as a shell starts a job: in a process group of its
/// own, its output thrown away. (Not Foundation's Process, whose exit it
/// learns from a socket every descendant inherits: it would wait for the
/// worker a broken host leaves behind.)
private struct HostProcess {
    let pid: pid_t

    init(_ arguments: [String], environment: [String: String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let argv = ([TestEnvironment.effectHost] + arguments).map { strdup($0) } + [nil]
        let entries: [String] = ["PATH=\(path)"] + environment.map { "\($0.key)=\($0.value)" }
        let envp = entries.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, TestEnvironment.effectHost, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        self.pid = pid
    }

    /// SIGKILL, which leaves it no way to clean up, and reaps it.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}

/// What the fixture's spawned process wrote: "PID PGID".
private struct SpawnedProcess {
    let pid: pid_t
    let group: pid_t

    init(record: String, waiting seconds: Double) throws {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !FileManager.default.fileExists(atPath: record), Date() < deadline { usleep(20_000) }
        let fields = try String(contentsOfFile: record, encoding: .utf8).split(separator: " ").map {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard fields.count == 2, let pid = fields[0], let group = fields[1] else { throw CocoaError(.fileReadCorruptFile) }
        (self.pid, self.group) = (pid, group)
    }
}

/// Processes as /proc lists them.
private enum ProcessTable {
    /// The pids of the live processes in process group `group`, once it
    /// is empty or `seconds` have passed. A zombie is not live: it has
    /// ended and waits for its parent (init, for an orphan) to reap it.
    static func members(of group: pid_t, within seconds: Double) -> [pid_t] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            let found = live().filter { $0.group == group }.map(\.pid)
            if found.isEmpty || Date() >= deadline { return found.sorted() }
            usleep(20_000)
        }
    }

    private static func live() -> [(pid: pid_t, group: pid_t)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After "pid (comm)": state, ppid, pgrp, ...
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", let group = pid_t(fields[2]) else { return nil }
            return (pid, group)
        }
    }
}
