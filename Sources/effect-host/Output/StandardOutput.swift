import EffectHost
import Glibc

/// Keeps plugin code out of effect-host's own output. The stdout the
/// process was started with is moved to a private descriptor, which only
/// `Output.standard` writes to; descriptor 1 then points at stderr, so
/// whatever a plugin prints (from a library constructor or any call) shows
/// up as diagnostics and never inside frames or JSON.
enum StandardOutput {
    /// The private copy of the original stdout; -1 when the process was
    /// started with stdout closed, so writes fail as to a reader that left.
    nonisolated(unsafe) private(set) static var descriptor: Int32 = STDOUT_FILENO

    /// The path a command should open for `path`: the names of this
    /// process's stdout (/dev/stdout, /dev/fd/1, /proc/self/fd/1) mean the
    /// stdout it was started with, which descriptor 1 no longer is.
    static func path(for path: String) -> String {
        guard ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path), descriptor >= 0 else { return path }
        return "/dev/fd/\(descriptor)"
    }

    /// Called once, first thing, before any plugin is loaded.
    static func protect() {
        // At 3 or above, so it can never be mistaken for 0, 1 or 2.
        descriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        if dup2(STDERR_FILENO, STDOUT_FILENO) < 0 {
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if null >= 0 {
                dup2(null, STDOUT_FILENO)
                close(null)
            }
        }
    }

    /// Gives descriptor 1 back the stdout the process was started with,
    /// for a program this process is about to become (exec): its output
    /// is the user's to see.
    static func restore() {
        if descriptor >= 0 { dup2(descriptor, STDOUT_FILENO) }
    }
}
