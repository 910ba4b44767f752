import Glibc

/// Where plugins are looked for, in order: explicit paths, then
/// EFFECT_PLUGIN_PATH, then the defaults (the directory of the running
/// executable, where `swift build` puts the plugins, and
/// `<prefix>/lib/effect-host/plugins` for an installed `<prefix>/bin`).
/// The current directory is never searched unless named.
public struct SearchPath: Sendable {
    public enum Origin: String, Sendable {
        case explicit, environment, `default`
    }

    public struct Entry: Sendable, Equatable {
        public let path: String
        public let origin: Origin

        public init(path: String, origin: Origin) {
            self.path = path
            self.origin = origin
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The standard search path: `explicit` entries (files or directories),
    /// then the colon-separated `environment` value, then the defaults.
    /// Empty EFFECT_PLUGIN_PATH items are skipped, not read as ".".
    public static func standard(explicit: [String], environment: String?, executable: String? = executablePath())
        -> SearchPath
    {
        var entries = explicit.map { Entry(path: $0, origin: .explicit) }
        for item in (environment ?? "").split(separator: ":", omittingEmptySubsequences: true) {
            entries.append(Entry(path: String(item), origin: .environment))
        }
        if let executable, let slash = executable.lastIndex(of: "/") {
            let directory = String(executable[..<slash])
            entries.append(Entry(path: directory.isEmpty ? "/" : directory, origin: .default))
            let prefix = directory.hasSuffix("/bin") ? String(directory.dropLast(4)) : nil
            if let prefix { entries.append(Entry(path: prefix + "/lib/effect-host/plugins", origin: .default)) }
        }
        return SearchPath(entries: entries)
    }

    /// The running executable's real path.
    public static func executablePath() -> String? {
        realpath("/proc/self/exe", nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    /// Every candidate plugin file, in search order and without repeats
    /// (by resolved path), plus failures for explicit and environment
    /// entries that do not exist. Default directories that do not exist are
    /// skipped quietly. In a directory, every `*.so` file is a candidate.
    public func candidates() -> (files: [String], failures: [PluginLoadFailure]) {
        var files: [String] = []
        var seen: Set<String> = []
        var failures: [PluginLoadFailure] = []
        func add(_ file: String) {
            let key = Self.resolve(file) ?? file
            if seen.insert(key).inserted { files.append(file) }
        }
        for entry in entries {
            var status = stat()
            guard stat(entry.path, &status) == 0 else {
                if entry.origin != .default {
                    let reason = SystemError.reason(errno)
                    failures.append(PluginLoadFailure(path: entry.path, reason: reason, origin: entry.origin))
                }
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                for name in Self.sharedObjects(in: entry.path) { add(entry.path + "/" + name) }
            } else {
                add(entry.path)
            }
        }
        return (files, failures)
    }

    private static func resolve(_ path: String) -> String? {
        realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    private static func sharedObjects(in directory: String) -> [String] {
        (Directory.names(in: directory) ?? []).filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") }.sorted()
    }
}
