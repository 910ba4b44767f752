import Glibc

/// Whether a plugin file is safe to run: the rule ssh applies to key
/// files. Loading a plugin runs its code, so a file, or a directory on the
/// way to it, that someone else could write to would let them run code as
/// the user. A file is refused when it, the directory it was found in, or
/// the directory its symlinks lead to is writable by group or others, or is
/// owned by a user other than root and the one running the host.
public enum PluginTrust {
    /// Why `path` must not be loaded, or nil when it may be.
    public static func problem(with path: String) -> String? {
        guard let resolved = realPath(path) else { return nil }  // a missing file fails later, with its own reason
        var checked: [String] = []
        for (candidate, kind) in [(resolved, "file"), (directory(of: path), "directory"), (directory(of: resolved), "directory")] {
            let key = realPath(candidate) ?? candidate
            guard !checked.contains(key) else { continue }
            checked.append(key)
            if let problem = problem(of: key, kind: kind) { return problem }
        }
        return nil
    }

    /// The path with every symlink resolved, or nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    private static func problem(of path: String, kind: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let mode = status.st_mode & 0o7777
        if mode & 0o022 != 0 {
            let who = mode & 0o002 != 0 ? "everyone" : "its group"
            return "the \(kind) \(path) can be written by \(who) (mode \(octal(mode))), so someone else could put code in it; "
                + "fix with chmod go-w \(path)"
        }
        let owner = status.st_uid
        if owner != 0, owner != geteuid() {
            return "the \(kind) \(path) belongs to another user (uid \(owner)), who could put code in it"
        }
        return nil
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
