/// Where OBS Studio finds effect-host's module, and what the module's
/// files are called.
///
/// One compiled module (obs/, built on effect_host.h by scripts/build-obs)
/// offers every effect the host finds as an OBS source. OBS loads a
/// user's module only from a folder named as the module's file is (a
/// module `plugins/other/bin/64bit/effect-host.so` is ignored), so the
/// file is always `effect-host.so`, its folder `effect-host`.
public enum OBSNames {
    public static let module = "effect-host"
    public static let file = module + ".so"

    /// The folder of texts OBS reads for a module (its `data/`), beside a
    /// module file: scripts/install puts it at PREFIX/lib/effect-host/obs/data.
    public static func data(besideModule module: String) -> String {
        HostLinkedCopy.directoryOf(module) + "/data"
    }

    /// Where an installed effect-host at PREFIX/bin/effect-host has the
    /// module it copies for a user: PREFIX/lib/effect-host/obs/effect-host.so.
    public static func installedModule(executable: String) -> String {
        HostLinkedCopy.directoryOf(HostLinkedCopy.directoryOf(executable)) + "/lib/effect-host/obs/" + file
    }

    /// The folder of a user's own modules the `obs` program searches
    /// (UI/window-basic-main.cpp, AddExtraModulePaths: its config
    /// directory's `obs-studio/plugins`, the config directory being
    /// `$XDG_CONFIG_HOME`, else `$HOME/.config`). A module there lies in
    /// `NAME/bin/64bit/NAME.so`, its texts in `NAME/data/`.
    /// nil when neither says where (no absolute XDG_CONFIG_HOME, no HOME).
    public static func userPlugins(configHome: String?, home: String?) -> String? {
        let fromHome = home.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/.config" }
        return (configHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? fromHome).map { $0 + "/obs-studio/plugins" }
    }
}

/// What a per-user install of the OBS module writes into a plugin folder
/// (`userPlugins`): the module at `effect-host/bin/64bit/effect-host.so`
/// and each file of its data folder under `effect-host/data/`, texts
/// first, so an OBS that loads the new module finds them; or nothing,
/// with why, when another program's file holds the module's name there.
public struct OBSPlan: Sendable, Equatable {
    /// A file to write: `source`'s bytes (for the module, rewritten as its
    /// copy gets them) at `destination`.
    public struct File: Sendable, Equatable {
        public let source: String
        public let destination: String
    }

    public enum Note: Sendable, Equatable, CustomStringConvertible {
        /// `path` is not a copy of the module (a file that needs
        /// libeffecthost.so): it is another program's, and left as it is.
        case leftOut(path: String)

        public var description: String {
            switch self {
            case .leftOut(let path): "the OBS module is not installed: \(path) is not a copy of effect-host's OBS module: it is left as it is"
            }
        }
    }

    /// What holds the module's path in the plugin folder.
    public enum Occupant: Sendable, Equatable {
        case nothing
        /// A copy of the module (a file that needs libeffecthost.so): replaced.
        case moduleCopy
        /// Anything else: another program's, never touched.
        case other
    }

    /// `plugins/effect-host`, the module's own folder.
    public let folder: String
    /// Where the module goes: `folder/bin/64bit/effect-host.so`.
    public let destination: String
    /// The data files, then the module; empty when it is left out.
    public let files: [File]
    public let note: Note?

    /// `dataFiles`: the data folder's files, as paths relative to `data`;
    /// `occupant` says what holds a path now. A copy an earlier run made is
    /// replaced (it is ours); a file of another program's is never touched,
    /// and then nothing is written: a module without its texts, or texts
    /// beside another module, would be half an install.
    public init(module: String, data: String, dataFiles: [String], plugins: String, occupant: (String) -> Occupant) {
        let folder = plugins + "/" + OBSNames.module
        let destination = folder + "/bin/64bit/" + OBSNames.file
        self.folder = folder
        self.destination = destination
        if occupant(destination) == .other {
            files = []
            note = .leftOut(path: destination)
        } else {
            files =
                dataFiles.sorted().map { File(source: data + "/" + $0, destination: folder + "/data/" + $0) }
                + [File(source: module, destination: destination)]
            note = nil
        }
    }
}
