import Glibc

/// What earlier scans learnt of each plugin file, so `list` and `run` need
/// not start a process per plugin every time. An entry is used only while
/// its file's identity (FileIdentity) is unchanged; a cache that does not
/// read as a whole, or was written by another version of effect-host, is
/// ignored and rebuilt, never trusted in part.
///
/// The file is `$XDG_CACHE_HOME/effect-host/plugins.cache` (or under
/// `~/.cache`), text, written as every file effect-host writes (Files). Its first line is `effect-host plugin cache`, the format number,
/// effect-host's version and the ABI version, tab-separated. Then, for
/// each plugin file:
///
///     file  PATH DEVICE INODE SIZE MODIFIED_NS CHANGED_NS LINES
///
/// and that many lines: the scan's answer (`ok` and the PluginRecordText
/// lines, or `failure` and the reason). docs/hardening.md describes it
/// for people.
public struct ScanCache {
    public struct Entry {
        public let identity: FileIdentity
        public let answer: [String]
    }

    public let path: String
    private(set) var entries: [String: Entry] = [:]
    private var changed = false

    /// 2 since a param line says whether it is multiline (ABI 1.7).
    public static let format = 2
    /// Entries kept at most: files scanned once from a temporary directory
    /// must not make the cache grow for ever.
    public static let capacity = 1024

    public static var header: String {
        PluginRecordText.line("effect-host plugin cache", "\(format)", Version.effectHost, Version.abi)
    }

    /// The cache in the user's cache directory, or nil when there is none
    /// (no HOME and no XDG_CACHE_HOME).
    public static func standard() -> ScanCache? { standardPath().map(ScanCache.init(path:)) }

    /// Where the user's cache is, without reading it.
    public static func standardPath() -> String? {
        let environment = Terminal.environment(["XDG_CACHE_HOME", "HOME"])
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/effect-host/plugins.cache" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/effect-host/plugins.cache" }
        return nil
    }

    public init(path: String) {
        self.path = path
        entries = Self.load(path) ?? [:]
    }

    /// The answer stored for `file`, if its identity is still `identity`.
    public func answer(for file: String, identity: FileIdentity) -> [String]? {
        guard let entry = entries[file], entry.identity == identity else { return nil }
        return entry.answer
    }

    public mutating func store(_ answer: [String], for file: String, identity: FileIdentity) {
        entries[file] = Entry(identity: identity, answer: answer)
        stored.insert(file)
        changed = true
    }

    /// Files stored by this run: kept first when the cache is full.
    private var stored: Set<String> = []

    /// Drops an entry whose answer turned out not to read.
    public mutating func forget(_ file: String) {
        if entries.removeValue(forKey: file) != nil { changed = true }
    }

    /// Writes the cache back if anything changed, dropping entries whose
    /// files are gone or changed. A cache that cannot be written is left
    /// as it was: it only saves time.
    public func save() {
        guard changed else { return }
        var lines = [Self.header]
        var kept = 0
        let files = entries.keys.sorted()
        for file in files.filter(stored.contains) + files.filter({ !stored.contains($0) }) where kept < Self.capacity {
            guard let entry = entries[file] else { continue }
            guard FileIdentity(path: file) == entry.identity else { continue }
            lines.append(PluginRecordText.line(["file", file] + entry.identity.fields + ["\(entry.answer.count)"]))
            lines += entry.answer
            kept += 1
        }
        guard let slash = path.lastIndex(of: "/") else { return }
        let directory = String(path[..<slash])
        guard Self.makeDirectories(directory), Self.isTrusted(directory) else { return }
        try? Files.write(lines.joined(separator: "\n") + "\n", to: path)
    }

    /// Every entry, or nil when the file is missing, from another version
    /// or not readable as a whole.
    private static func load(_ path: String) -> [String: Entry]? {
        guard let slash = path.lastIndex(of: "/"), isTrusted(String(path[..<slash])), isTrusted(path),
            let bytes = try? Files.read(path), let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        // Split as bytes: "\n" is one byte, and splitting Characters would
        // walk grapheme clusters over a file that grows to hundreds of KB.
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        guard lines.first == header else { return nil }
        var entries: [String: Entry] = [:]
        var index = 1
        while index < lines.count {
            let fields = PluginRecordText.fields(of: lines[index])
            guard fields.count == 8, fields[0] == "file", let identity = FileIdentity(fields: fields[2..<7]),
                let count = Int(fields[7]), count >= 1, count <= lines.count - index - 1
            else { return nil }
            entries[fields[1]] = Entry(identity: identity, answer: Array(lines[(index + 1)...(index + count)]))
            index += count + 1
        }
        return entries
    }

    /// The cache decides what is loaded into effect-host, so it is held to
    /// the rule plugin files are: nobody else can have written it.
    private static func isTrusted(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return true }  // not there yet: nothing to trust
        return PluginTrust.problem(with: path) == nil
    }

    private static func makeDirectories(_ directory: String) -> Bool {
        var status = stat()
        if stat(directory, &status) == 0 { return (status.st_mode & S_IFMT) == S_IFDIR }
        if let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            guard makeDirectories(String(directory[..<slash])) else { return false }
        }
        return mkdir(directory, 0o700) == 0 || errno == EEXIST
    }
}
