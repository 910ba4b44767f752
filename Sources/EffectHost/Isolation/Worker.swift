import Glibc

/// The effect-host executable a host starts to run plugin code apart from
/// itself: the plugin scan and each validate check run in one, so a plugin
/// that crashes, exits, hangs or prints harms only that process. Any Swift
/// host linking this library finds it the same way.
public enum Worker {
    /// The variable that names the worker executable outright.
    public static let environmentVariable = "EFFECT_HOST_WORKER"

    /// The first of: `$EFFECT_HOST_WORKER`; this process's own executable
    /// when it is effect-host; `effect-host` beside this executable (a
    /// build directory, where a test bundle sits too, or an installed
    /// `bin/`), or in `bin/` beside its `lib/`; `effect-host` on PATH.
    /// nil when none is an executable file. A set `$EFFECT_HOST_WORKER`
    /// is the one place looked: a program that names its worker gets that
    /// one or none, never another found elsewhere (`missingReason` says so).
    /// `image` is the file this code runs from: the executable, or the
    /// host library (SearchPath.imagePath()) a program in another
    /// language has loaded.
    public static func locate(
        environment: [String: String] = Terminal.environment([environmentVariable, "PATH"]), image: String? = SearchPath.executablePath()
    ) -> String? {
        if let named = environment[environmentVariable], !named.isEmpty {
            return isExecutable(named) ? named : nil
        }
        var candidates: [String] = []
        if let own = image, let slash = own.lastIndex(of: "/") {
            if own[own.index(after: slash)...] == "effect-host" { return own }
            // A test bundle (.build/debug/NAME.xctest/...) sits in the build directory.
            let parts = own[..<slash].split(separator: "/", omittingEmptySubsequences: false)
            let kept = parts.firstIndex { $0.hasSuffix(".xctest") } ?? parts.endIndex
            let directory = parts[..<kept].joined(separator: "/")
            candidates.append(directory + "/effect-host")
            if directory.hasSuffix("/lib") { candidates.append(String(directory.dropLast(4)) + "/bin/effect-host") }
        }
        for entry in (environment["PATH"] ?? "").split(separator: ":") where entry.hasPrefix("/") {
            candidates.append(entry + "/effect-host")
        }
        return candidates.first(where: isExecutable)
    }

    /// Why no worker could be found, in one line.
    public static let missing =
        "the effect-host executable that runs plugins apart from this process was not found (set \(environmentVariable) to its path)"

    /// Why `locate` found no worker with the same `environment`: a
    /// variable that names no executable file is said to be the reason.
    public static func missingReason(environment: [String: String] = Terminal.environment([environmentVariable])) -> String {
        guard let named = environment[environmentVariable], !named.isEmpty else { return missing }
        return "\(environmentVariable) is \(Terminal.sanitize(named)), which is not an executable file; no other place is searched while it is set"
    }

    /// The variable ChildProcess sets, in each worker it starts, to its own pid.
    public static let hostVariable = "EFFECT_HOST_WORKER_HOST"

    /// Ties a worker to the host that started it. ChildProcess puts each
    /// worker in a process group of its own, which the terminal's Ctrl-C
    /// does not reach; so a worker whose host has gone (stopped, killed)
    /// kills its group, itself and any process its plugin started, instead
    /// of hanging on without the host's deadline. A thread checks every
    /// 0.2 s, from before the plugin is loaded. Does nothing in a process
    /// not started by ChildProcess (one run by hand is in its shell's group).
    public static func endWithHost() {
        guard let text = getenv(hostVariable), let host = pid_t(String(cString: text)), host > 1, getpgrp() == getpid() else {
            return
        }
        endIfOrphaned(host)
        var thread = pthread_t()
        _ = pthread_create(&thread, nil, { argument in
            let host = pid_t(truncatingIfNeeded: Int(bitPattern: argument))
            var pause = timespec(tv_sec: 0, tv_nsec: 200_000_000)
            while true {
                Worker.endIfOrphaned(host)
                nanosleep(&pause, nil)
            }
        }, UnsafeMutableRawPointer(bitPattern: Int(host)))
        pthread_detach(thread)
    }

    /// A child whose parent has died is handed to init (or a subreaper):
    /// its parent pid changes.
    private static func endIfOrphaned(_ host: pid_t) {
        if getppid() != host { kill(0, SIGKILL) }
    }

    private static func isExecutable(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
