import EffectHost
import Glibc

/// Runs this executable again with other arguments, captures its stdout,
/// and kills it if it runs past a deadline, so whatever a plugin does in
/// the child (crash, hang) cannot take the parent with it.
enum ChildProcess {
    enum Outcome {
        case exited(status: Int32, output: String)
        case signalled(Int32)
        case timedOut
    }

    static func run(_ arguments: [String], timeout: Double) -> Outcome {
        guard let executable = SearchPath.executablePath() else { return .exited(status: 127, output: "") }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .exited(status: 127, output: "") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return .exited(status: 127, output: "")
        }
        _ = fcntl(pipeEnds[0], F_SETFL, fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = MonotonicClock.now() + timeout
        var status: Int32 = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, 4096) }
            if got > 0 { output += buffer[0..<got] }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if MonotonicClock.now() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                close(pipeEnds[0])
                return .timedOut
            }
            if got <= 0 { usleep(2_000) }
        }
        while true {
            let got = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, 4096) }
            if got <= 0 { break }
            output += buffer[0..<got]
        }
        close(pipeEnds[0])
        let signal = status & 0x7F
        if signal != 0 { return .signalled(signal) }
        return .exited(status: (status >> 8) & 0xFF, output: String(decoding: output, as: UTF8.self))
    }
}
