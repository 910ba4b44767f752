/// Where GStreamer finds effect-host's plugin, and what its file is called.
///
/// One compiled plugin (gst/, built on effect_host.h by scripts/build-gst)
/// registers a source and an overlay element for every effect the host
/// finds. GStreamer loads every shared library in the folders it scans,
/// whatever its name; `libgsteffecthost.so` is the name GStreamer's own
/// plugins follow (lib + gst + the plugin's name, `effecthost`).
public enum GStreamerNames {
    public static let file = "libgsteffecthost.so"

    /// Where an installed effect-host at PREFIX/bin/effect-host has the
    /// plugin it copies for a user: PREFIX/lib/effect-host/gstreamer/libgsteffecthost.so.
    public static func installedPlugin(executable: String) -> String {
        HostLinkedCopy.directoryOf(HostLinkedCopy.directoryOf(executable)) + "/lib/effect-host/gstreamer/" + file
    }

    /// The folder of a user's own plugins GStreamer scans (gstregistry.c:
    /// "home plugins", g_get_user_data_dir()'s `gstreamer-1.0/plugins`,
    /// the data directory being `$XDG_DATA_HOME`, else `$HOME/.local/share`).
    /// A relative XDG_DATA_HOME is invalid by the XDG spec (GLib would read
    /// it from each program's own working directory, which no install can
    /// name), so it is ignored, as for Kdenlive's generators. nil when
    /// neither says where (no absolute XDG_DATA_HOME, no HOME).
    public static func userPlugins(dataHome: String?, home: String?) -> String? {
        let fromHome = home.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/.local/share" }
        return (dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? fromHome).map { $0 + "/gstreamer-1.0/plugins" }
    }
}

/// What a per-user install of the GStreamer plugin writes into a plugin
/// folder (`userPlugins`): the plugin at `libgsteffecthost.so`; or nothing,
/// with why, when another program's file holds its name there.
public struct GStreamerPlan: Sendable, Equatable {
    public enum Note: Sendable, Equatable, CustomStringConvertible {
        /// `path` is not a copy of the plugin (a file that needs
        /// libeffecthost.so): it is another program's, and left as it is.
        case leftOut(path: String)

        public var description: String {
            switch self {
            case .leftOut(let path):
                "the GStreamer plugin is not installed: \(path) is not a copy of effect-host's GStreamer plugin: it is left as it is"
            }
        }
    }

    /// What holds the plugin's path in the plugin folder.
    public enum Occupant: Sendable, Equatable {
        case nothing
        /// A copy of the plugin (a file that needs libeffecthost.so): replaced.
        case pluginCopy
        /// Anything else: another program's, never touched.
        case other
    }

    /// Where the plugin goes: `plugins/libgsteffecthost.so`.
    public let destination: String
    /// nil when the plugin is written; why not, when it is left out.
    public let note: Note?

    /// `occupant` says what holds a path now. A copy an earlier run made is
    /// replaced (it is ours); a file of another program's is never touched.
    public init(plugins: String, occupant: (String) -> Occupant) {
        destination = plugins + "/" + GStreamerNames.file
        note = occupant(destination) == .other ? .leftOut(path: destination) : nil
    }
}
