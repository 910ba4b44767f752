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

    private static func isExecutable(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
