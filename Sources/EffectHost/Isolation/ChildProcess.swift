import Glibc

/// Runs a worker (effect-host, found by `Worker`) with the arguments of one
/// job, captures what it writes, and kills it if it runs past a deadline,
/// so whatever plugin code does in the child (crash, exit, hang, print)
/// cannot take the parent with it. Several children run at once, a few at
/// a time. Each child leads a process group of its own, and the group is
/// killed when the child ends or times out: processes its plugin started
/// end with it instead of living on under init. (Being apart from the
/// terminal's group, a worker does not hear Ctrl-C; it ends itself when
/// this process goes: `Worker.endWithHost`.)
public enum ChildProcess {
    public enum Ending: Equatable {
        case exited(status: Int32)
        case signalled(Int32)
        case timedOut
        /// No process could be started; the reason.
        case notStarted(String)
    }

    public struct Outcome {
        public let ending: Ending
        /// What the child wrote on stdout.
        public let output: [UInt8]
        /// What it wrote on stderr, when that was captured.
        public let errors: [UInt8]

        public var outputText: String { String(decoding: output, as: UTF8.self) }

        /// Whether stdout reached the capture limit, so the end of what the
        /// child wrote may be missing.
        public var outputIsCut: Bool { output.count >= ChildProcess.captureLimit }
    }

    /// What a captured stream may hold, at most: a child cannot make the
    /// parent hold without limit whatever it prints.
    public static let captureLimit = 16 << 20

    /// Children running at once, at most: enough to use every core on a
    /// scan without a directory of plugins forking hundreds.
    public static let parallel = 8

    public static func run(_ executable: String, _ arguments: [String], timeout: Double, captureErrors: Bool = false) -> Outcome {
        runAll(executable, [arguments], timeout: timeout, captureErrors: captureErrors)[0]
    }

    /// Runs one child for each argument list and returns their outcomes in
    /// the same order. Each child has `timeout` seconds from its start.
    /// Without `captureErrors` a child's stderr goes to /dev/null.
    public static func runAll(_ executable: String, _ argumentLists: [[String]], timeout: Double, captureErrors: Bool) -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: argumentLists.count)
        var running: [Running] = []
        var next = 0
        while next < argumentLists.count || !running.isEmpty {
            while running.count < parallel, next < argumentLists.count {
                switch Running.start(executable, argumentLists[next], index: next, timeout: timeout, captureErrors: captureErrors) {
                case .success(let child): running.append(child)
                case .failure(let outcome): outcomes[next] = outcome
                }
                next += 1
            }
            var descriptors = running.flatMap { child in
                child.openDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), 10)
            var stillRunning: [Running] = []
            for var child in running {
                if let outcome = child.advance() {
                    outcomes[child.index] = outcome
                } else {
                    stillRunning.append(child)
                }
            }
            running = stillRunning
        }
        return outcomes.map { $0! }
    }

    /// One child and the pipes it writes to.
    private struct Running {
        let index: Int
        let pid: pid_t
        let deadline: Double
        var output: Int32
        var errors: Int32
        var outputBytes: [UInt8] = []
        var errorBytes: [UInt8] = []

        var openDescriptors: [Int32] { [output, errors].filter { $0 >= 0 } }

        enum Start {
            case success(Running)
            case failure(Outcome)
        }

        /// This process's environment, with Swift's crash backtracer off:
        /// a crash in plugin code is reported by its signal, and the
        /// backtracer would only spend a second saying where.
        private static func childEnvironment() -> [String] {
            var entries: [String] = []
            var pointer = environ
            while let entry = pointer.pointee {
                let text = String(cString: entry)
                if !text.hasPrefix("SWIFT_BACKTRACE="), !text.hasPrefix(Worker.hostVariable + "=") { entries.append(text) }
                pointer += 1
            }
            return entries + ["SWIFT_BACKTRACE=enable=no", "\(Worker.hostVariable)=\(getpid())"]
        }

        /// A pipe whose ends do not leak into other children.
        private static func openPipe(_ ends: inout [Int32]) -> Bool {
            guard pipe(&ends) == 0 else { return false }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return true
        }

        static func start(_ executable: String, _ arguments: [String], index: Int, timeout: Double, captureErrors: Bool) -> Start {
            func refused(_ what: String) -> Outcome {
                Outcome(ending: .notStarted("\(what): \(SystemError.reason(errno))"), output: [], errors: [])
            }
            var outputPipe: [Int32] = [-1, -1]
            var errorPipe: [Int32] = [-1, -1]
            guard openPipe(&outputPipe) else { return .failure(refused("no pipe")) }
            if captureErrors, !openPipe(&errorPipe) {
                let failed = refused("no pipe")
                close(outputPipe[0])
                close(outputPipe[1])
                return .failure(failed)
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
            if captureErrors {
                posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let envp = childEnvironment().map { strdup($0) } + [nil]
            defer { for pointer in envp { free(pointer) } }
            // A group of its own (pgid = its pid), so it and whatever it starts can be killed together.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            close(outputPipe[1])
            if captureErrors { close(errorPipe[1]) }
            guard spawned == 0 else {
                errno = spawned
                let failed = refused("no process could be started")
                close(outputPipe[0])
                if captureErrors { close(errorPipe[0]) }
                return .failure(failed)
            }
            for descriptor in [outputPipe[0], errorPipe[0]] where descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
            return .success(
                Running(
                    index: index, pid: pid, deadline: MonotonicClock.now() + timeout, output: outputPipe[0],
                    errors: errorPipe[0]))
        }

        /// Reads what is waiting and reaps the child if it is done; the
        /// outcome once it is.
        mutating func advance() -> Outcome? {
            Self.drain(&output, into: &outputBytes)
            Self.drain(&errors, into: &errorBytes)
            var status: Int32 = 0
            if hasEnded {
                // A grandchild may hold the pipes open: take what is there, no more.
                Self.drain(&output, into: &outputBytes)
                Self.drain(&errors, into: &errorBytes)
                closeAll()
                endGroup()
                _ = waitpid(pid, &status, 0)
                let signal = status & 0x7F
                let ending: Ending = signal != 0 ? .signalled(signal) : .exited(status: (status >> 8) & 0xFF)
                return Outcome(ending: ending, output: outputBytes, errors: errorBytes)
            }
            if MonotonicClock.now() > deadline {
                endGroup()
                _ = waitpid(pid, &status, 0)
                closeAll()
                return Outcome(ending: .timedOut, output: outputBytes, errors: errorBytes)
            }
            return nil
        }

        /// Whether the child has ended, left unreaped (WNOWAIT): until it
        /// is reaped its pid can name no other process or group.
        private var hasEnded: Bool {
            var info = siginfo_t()
            return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
        }

        /// Kills the child's process group: the child, if it still runs,
        /// and every process it started that stayed in the group. Called
        /// before the child is reaped, so the group's id is still its pid
        /// and reaches no other process.
        private func endGroup() {
            kill(-pid, SIGKILL)
        }

        private mutating func closeAll() {
            for descriptor in openDescriptors { close(descriptor) }
            output = -1
            errors = -1
        }

        private static func drain(_ descriptor: inout Int32, into bytes: inout [UInt8]) {
            guard descriptor >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if got > 0 {
                    if bytes.count < ChildProcess.captureLimit { bytes += buffer[0..<got] }
                    continue
                }
                if got == 0 {
                    close(descriptor)
                    descriptor = -1
                }
                return
            }
        }
    }
}
