import Glibc

/// Where a page that runs an effect itself in the browser gets its files:
/// the web host's scripts (effect-host.js, the modules it loads, and
/// controls for a player's params),
/// installed in PREFIX/lib/effect-host/web or, in a checkout, its web/; and
/// the plugin's WebAssembly build, which lives beside the plugin, named as
/// it is without "lib" and ".so" (libStrike.so → Strike.wasm), where
/// scripts/install and scripts/build-wasm put them.
public struct WebBuild: Sendable, Equatable {
    /// The directory holding `scripts`.
    public let scriptDirectory: String
    /// The plugin's WebAssembly module.
    public let wasm: String

    /// The web host: the modules a page that plays an effect loads, in `scriptDirectory`.
    public static let hostScripts = ["effect-host.js", "line-breaks.js"]
    /// Controls for a player's params, made from its effect's metadata: for
    /// a page that shows them, beside the host.
    public static let controlsScript = "effect-controls.js"
    public static let scripts = hostScripts + [controlsScript]

    public init(scriptDirectory: String, wasm: String) {
        (self.scriptDirectory, self.wasm) = (scriptDirectory, wasm)
    }

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The script directories beside `executable`, most likely first.
    public static func scriptCandidates(executable: String) -> [String] {
        HostLinkedCopy.besideHost(executable: executable, installed: "lib/effect-host/web", inCheckout: "web")
    }

    /// Where the WebAssembly build of the plugin at `pluginPath` is looked
    /// for: NAME.wasm, or name.wasm (a C plugin's libPulse.so is built from
    /// pulse.c), beside it.
    public static func wasmPaths(pluginPath: String) -> [String] {
        let directory = HostLinkedCopy.directoryOf(pluginPath)
        var stem = pluginPath.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? pluginPath
        if stem.hasSuffix(".so") { stem.removeLast(3) }
        if stem.hasPrefix("lib"), stem.count > 3 { stem.removeFirst(3) }
        let base = (directory == "/" ? "" : directory) + "/"
        let lower = stem.lowercased()
        return [base + stem + ".wasm"] + (lower == stem ? [] : [base + lower + ".wasm"])
    }

    /// The files for the plugin at `pluginPath`, its build given as `wasm`
    /// or found beside it; or what is missing. `exists` is the file
    /// system's answer, asked through the caller so the rule is testable.
    public static func locate(
        executable: String, pluginPath: String, wasm: String? = nil, exists: (String) -> Bool = { access($0, R_OK) == 0 }
    ) throws(Problem) -> WebBuild {
        let candidates = scriptCandidates(executable: executable)
        guard let directory = candidates.first(where: { directory in scripts.allSatisfy { exists(directory + "/" + $0) } }) else {
            throw Problem(
                description: "the web host's scripts (\(scripts.joined(separator: ", "))) are not beside \(executable) (looked in \(candidates.joined(separator: " and ")))")
        }
        let modules = wasm.map { [$0] } ?? wasmPaths(pluginPath: pluginPath)
        guard let module = modules.first(where: exists) else {
            throw Problem(
                description: wasm == nil
                    ? "the plugin \(pluginPath) has no WebAssembly build beside it (\(modules.joined(separator: " or ")))"
                    : "cannot read the WebAssembly build \(modules[0])")
        }
        return WebBuild(scriptDirectory: directory, wasm: module)
    }
}
