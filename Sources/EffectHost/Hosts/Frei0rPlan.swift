/// Where frei0r hosts look for plugins, and what the effects' frei0r
/// plugin files are called.
///
/// One compiled adapter (frei0r/, built on effect_host.h) is every
/// effect's frei0r plugin: a copy of it named `effect_ID.so` is the effect
/// as a source, `effect_ID_overlay.so` as a filter over the incoming
/// frame, ID being the effect's id with `_` for `-` (ids are kebab-case,
/// so no two ids share a name). The adapter reads which effect it is from
/// its own name.
public enum Frei0rNames {
    public static func source(of effectID: String) -> String { stem(effectID) + ".so" }
    public static func filter(of effectID: String) -> String { stem(effectID) + "_overlay.so" }

    /// Its source's description in Kdenlive's Add Generator menu, in a
    /// `kdenlive/generators` directory.
    public static func kdenliveGenerator(of effectID: String) -> String { stem(effectID) + ".xml" }

    /// The note beside a copy pinned to one plugin file: the copy's name
    /// with this added, holding that file's absolute path on one line. The
    /// adapter (frei0r/identity.c) searches that file alone when it has one.
    /// No host takes it for a plugin: MLT and GStreamer load `*.so` files
    /// alone, ffmpeg the name it is given.
    public static let noteSuffix = ".plugin"

    private static func stem(_ effectID: String) -> String {
        "effect_" + String(effectID.map { $0 == "-" ? "_" : $0 })
    }
}

/// The directories frei0r hosts search when FREI0R_PATH is not set.
public enum Frei0rHosts {
    /// Where Kdenlive reads the user's generator descriptions: its
    /// directory in the XDG data home (`$XDG_DATA_HOME`, else
    /// `$HOME/.local/share`), `kdenlive/generators`.
    public static func kdenliveGenerators(dataHome: String?, home: String) -> String {
        let base = dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ((home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/share")
        return base + "/kdenlive/generators"
    }

    /// The user's own: `$HOME/.frei0r-1/lib`.
    public static func userDirectory(home: String) -> String {
        (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.frei0r-1/lib"
    }

    /// Those that ffmpeg (libavfilter/vf_frei0r.c: `$HOME/.frei0r-1/lib`,
    /// then /usr/local/lib/frei0r-1, /usr/lib/frei0r-1 and the lib64 ones), MLT 7
    /// (modules/frei0r/factory.c, unless MLT_FREI0R_PLUGIN_PATH is set:
    /// /usr/lib/frei0r-1, /usr/lib64/frei0r-1, /opt/local/lib/frei0r-1,
    /// /usr/local/lib/frei0r-1, `$HOME/.frei0r-1/lib`) and GStreamer's frei0r
    /// elements (gst/frei0r/gstfrei0r.c: `$HOME/.frei0r-1/lib`, its own
    /// LIBDIR/frei0r-1, /usr/local/lib/frei0r-1, /usr/lib/frei0r-1, and the
    /// lib32 and lib64 ones) all search.
    public static func searchedByEveryHost(home: String?) -> [String] {
        (home.map { [userDirectory(home: $0)] } ?? []) + ["/usr/local/lib/frei0r-1", "/usr/lib/frei0r-1"]
    }
}

/// Which effects of a catalog become frei0r plugins in a directory, under
/// which names, and what is said of the rest: the effect whose id two
/// plugins offer comes from the one the catalog's search order picks; an
/// effect whose names another program's plugin has taken, or whose source
/// is another effect's filter, is left out, with why.
public struct Frei0rPlan: Sendable {
    public struct Effect: Sendable, Equatable {
        public let id: String
        /// The plugin file it comes from, symlinks resolved (what a pinned copy's note holds).
        public let plugin: String
        /// The file names it gets in the directory: its source, then its filter.
        public let files: [String]

        public init(id: String, plugin: String, files: [String]) {
            self.id = id
            self.plugin = plugin
            self.files = files
        }
    }

    /// One line each: which of two plugins with an effect id wins and which
    /// is skipped, and which effects are left out.
    public enum Note: Sendable, Equatable, CustomStringConvertible {
        /// `path`'s effect is installed: it is first on the search path of those that offer the id.
        case wins(effect: String, path: String)
        /// `path`'s effect is skipped: `winner`, earlier on the search path, offers the id too.
        case skipped(effect: String, path: String, winner: String)
        case leftOut(effect: String, reason: String)

        public var description: String {
            switch self {
            case .wins(let effect, let path): "effect '\(effect)' from \(path) wins: it is the first on the plugin search path"
            case .skipped(let effect, let path, let winner): "effect '\(effect)' from \(path) is skipped: \(winner) is earlier on the plugin search path"
            case .leftOut(let effect, let reason): "effect '\(effect)' is not installed: \(reason)"
            }
        }
    }

    /// What holds a name in the directory.
    public enum Occupant: Sendable, Equatable {
        case nothing
        /// A copy of the adapter (a file that needs libeffecthost.so): replaced.
        case adapterCopy
        /// Anything else: another program's, never touched.
        case other
    }

    public let effects: [Effect]
    public let notes: [Note]

    /// `occupant` says what holds a file name in the directory now.
    public init(catalog: PluginCatalog, directory: String, occupant: (String) -> Occupant) {
        var effects: [Effect] = []
        var notes: [Note] = []
        let ids = Set(catalog.effectIDs)
        for id in catalog.effectIDs {
            guard let (record, _) = catalog.effect(id: id) else { continue }
            let losers = catalog.shadowed.filter { $0.effect == id }
            if !losers.isEmpty {
                notes.append(.wins(effect: id, path: record.path))
                notes += losers.map { .skipped(effect: id, path: $0.path, winner: $0.winner) }
            }
            // The adapter reads effect_X_overlay as X's filter when there is an X.
            let suffix = "-overlay"
            if id.hasSuffix(suffix), ids.contains(String(id.dropLast(suffix.count))) {
                let base = String(id.dropLast(suffix.count))
                notes.append(
                    .leftOut(effect: id, reason: "its frei0r source would be named \(Frei0rNames.source(of: id)), which is the filter of effect '\(base)'"))
                continue
            }
            let files = [Frei0rNames.source(of: id), Frei0rNames.filter(of: id)]
            if let taken = files.first(where: { occupant(directory + "/" + $0) == .other }) {
                notes.append(.leftOut(effect: id, reason: "\(directory)/\(taken) is not a copy of the frei0r adapter: it is left as it is"))
                continue
            }
            effects.append(Effect(id: id, plugin: record.resolvedPath, files: files))
        }
        self.effects = effects
        self.notes = notes
    }
}
