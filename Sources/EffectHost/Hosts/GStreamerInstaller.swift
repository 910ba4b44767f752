import Glibc

/// Writes a GStreamerPlan: a copy of the GStreamer plugin, pinned as the
/// frei0r copies and the OBS module are (its RUNPATH rewritten to the
/// absolute directory of the libeffecthost.so it was built against,
/// HostLinkedCopy), into a user's GStreamer plugin folder.
///
/// The copy is written under a temporary name in its folder, then renamed
/// into place (Files.writeTogether), so a pipeline running from the folder
/// keeps the plugin it opened, and a run again replaces the copy it made.
public struct GStreamerInstaller: Sendable {
    public let plugin: String
    public let plugins: String

    /// What was read and decided before anything is written.
    public struct Prepared: Sendable {
        public let plan: GStreamerPlan
        /// The directory of the libeffecthost.so the copy loads.
        public let library: String
        let bytes: [UInt8]
    }

    public init(plugin: String, plugins: String) {
        self.plugin = plugin
        self.plugins = plugins
    }

    /// What holds `path` now, for GStreamerPlan: a copy of the plugin is a
    /// shared library that needs libeffecthost.so.
    public static func occupant(of path: String) -> GStreamerPlan.Occupant {
        switch HostLinkedCopy.holder(of: path) {
        case .nothing: .nothing
        case .copy: .pluginCopy
        case .other: .other
        }
    }

    /// Reads the plugin and plans the copy; writes nothing.
    public func prepare() throws(GStreamerInstallError) -> Prepared {
        guard access(plugin, F_OK) == 0 else { throw .noPlugin(path: plugin) }
        let pinned: (bytes: [UInt8], library: String)
        do {
            pinned = try HostLinkedCopy(path: plugin).pinned()
        } catch {
            throw .plugin(
                path: plugin, problem: error.description(kind: "a GStreamer plugin", noun: "the plugin", builder: "scripts/build-gst"))
        }
        return Prepared(plan: GStreamerPlan(plugins: plugins, occupant: Self.occupant(of:)), library: pinned.library, bytes: pinned.bytes)
    }

    /// Writes the prepared plan's file; returns the paths written.
    public func install(_ prepared: Prepared) throws(GStreamerInstallError) -> [String] {
        guard prepared.plan.note == nil else { return [] }
        let destination = prepared.plan.destination
        do {
            try HostLinkedCopy.makeDirectories(HostLinkedCopy.directoryOf(destination))
            try Files.writeTogether([(destination, prepared.bytes)])
        } catch {
            throw .write(problem: error.message)
        }
        chmod(destination, 0o755)
        return [destination]
    }
}

/// Why the GStreamer plugin could not be copied, in one line; the plugin's
/// path is kept apart so a front end can say how to get one.
public enum GStreamerInstallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no file at `path`.
    case noPlugin(path: String)
    case plugin(path: String, problem: String)
    case write(problem: String)

    public var description: String {
        switch self {
        case .noPlugin(let path): "there is no GStreamer plugin at \(path)"
        case .plugin(let path, let problem): "the GStreamer plugin \(path) cannot be used: \(problem)"
        case .write(let problem): problem
        }
    }
}
