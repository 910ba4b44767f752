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

    /// The standard search path of a program that loads the host as a
    /// library at `library`: `explicit`, `environment`, then the plugins
    /// installed beside it (PREFIX/lib/effect-host/plugins for a library
    /// in PREFIX/lib, or a build directory's own plugins).
    public static func standard(explicit: [String], environment: String?, library: String) -> SearchPath {
        var path = standard(explicit: explicit, environment: environment, executable: nil)
        guard let slash = library.lastIndex(of: "/") else { return path }
        let directory = String(library[..<slash])
        let name = directory.split(separator: "/").last ?? ""
        let plugins = name == "lib" || name.hasPrefix("lib64") || name.hasSuffix("-linux-gnu") ? directory + "/effect-host/plugins" : directory
        path.entries.append(Entry(path: plugins.isEmpty ? "/" : plugins, origin: .default))
        return path
    }

    /// The real path of the file this code was loaded from: the
    /// executable, or the shared library that carries the host. Read from
    /// /proc/self/maps (glibc's dladdr is not in Swift's Glibc module).
    public static func imagePath() -> String? {
        let marker: @convention(c) () -> Void = {}
        let address = UInt(bitPattern: unsafeBitCast(marker, to: UnsafeRawPointer.self))
        guard let maps = fopen("/proc/self/maps", "r") else { return executablePath() }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count == 6, range.count == 2, let low = UInt(range[0], radix: 16), let high = UInt(range[1], radix: 16),
                (low..<high).contains(address)
            else { continue }
            let path = fields[5].trimmingPrefix { $0 == " " }
            return path.hasPrefix("/") ? String(path) : executablePath()
        }
        return executablePath()
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
    /// skipped quietly. In a directory, every `*.so` file but the host
    /// library's is a candidate.
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
                let (names, undecodable) = Self.sharedObjects(in: entry.path)
                for name in names { add(entry.path + "/" + name) }
                failures += undecodable.map { Self.undecodableFailure(directory: entry.path, name: $0, origin: entry.origin) }
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

    /// The host library's file (effect_host.h), which `swift build` puts
    /// beside the plugins it builds: never a plugin, so a directory's
    /// listing leaves it out (a path that names it is still tried).
    public static let hostLibraryName = "libeffecthost.so"

    /// The `*.so` files of `directory`: the names it can open, sorted,
    /// and the bytes of those whose names are not UTF-8.
    private static func sharedObjects(in directory: String) -> (names: [String], undecodable: [[UInt8]]) {
        let listing = Directory.listing(in: directory) ?? Directory.Listing()
        let names = listing.names.filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") && $0 != hostLibraryName }.sorted()
        let undecodable = listing.undecodable.filter { $0.count > 3 && $0.suffix(3) == Array(".so".utf8) && $0.first != UInt8(ascii: ".") }
        return (names, undecodable.sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// A plugin file whose name is not UTF-8: every path the host keeps,
    /// caches and hands to its worker is text, so it is reported, named
    /// with its bytes escaped (Terminal.escape), rather than looked for
    /// under a name with U+FFFD in it, which is not there.
    private static func undecodableFailure(directory: String, name: [UInt8], origin: Origin) -> PluginLoadFailure {
        PluginLoadFailure(
            path: Terminal.escape(Array((directory + "/").utf8) + name),
            reason: "the file's name is not UTF-8 (\(SystemError.reason(EILSEQ))); rename it to load it", origin: origin)
    }
}
