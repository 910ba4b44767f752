import Glibc

/// Programs the host runs (ffmpeg for movies, python3 for the studio),
/// found as a shell finds them.
public enum Programs {
    /// `name`'s path in the first directory of PATH that has it as an
    /// executable file (/usr/bin:/bin when PATH is unset), or nil.
    public static func onPath(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
