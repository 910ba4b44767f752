import EffectHost
import Glibc

/// `effect-host install-hosts`: every effect on the plugin search path as
/// a frei0r source and filter in a directory the hosts search (Frei0rPlan
/// decides which effects and names, Frei0rInstaller writes them), the
/// GStreamer plugin in the user's GStreamer plugin folder (GStreamerPlan,
/// GStreamerInstaller), and the OBS module in the user's OBS plugin folder
/// (OBSPlan, OBSInstaller).
struct InstallHostsCommand {
    let directory: String
    let adapter: String
    let looked: Bool
    let pinned: Bool
    let dryRun: Bool
    let session: PluginSession
    let home: String?
    /// Where the Kdenlive generator descriptions go, and whether it was asked for.
    let kdenliveDirectory: String?
    let kdenliveAsked: Bool
    /// The OBS module to copy, its data folder, whether it is the one an
    /// install has (then its absence is one line, not an error), and the
    /// plugin folder; nil for relocatable copies (scripts/install puts the
    /// module where OBS looks itself).
    let obs: (installer: OBSInstaller, looked: Bool)?
    /// Why there is no OBS plugin folder to write to, when there is none.
    let obsUnplaced: String?
    /// The folder the `obs` program searches for this user's modules, if known.
    let obsSearched: String?
    /// The GStreamer plugin to copy, whether it is the one an install has
    /// (then its absence is one line, not an error), and the plugin folder;
    /// nil for relocatable copies (scripts/install puts the plugin where
    /// GStreamer looks itself under /usr).
    let gst: (installer: GStreamerInstaller, looked: Bool)?
    /// Why there is no GStreamer plugin folder to write to, when there is none.
    let gstUnplaced: String?
    /// The folder GStreamer scans for this user's plugins, if known.
    let gstSearched: String?

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .installHosts)
        guard parsed.positionals.isEmpty else {
            throw UsageError("install-hosts takes no arguments; got '\(Terminal.sanitize(parsed.positionals[0]))'")
        }
        home = getenv("HOME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        pinned = !parsed.has("--relocatable")
        if !pinned, !parsed.all("--plugin-path").isEmpty {
            throw UsageError("--relocatable copies find only the plugins installed beside the host library; --plugin-path cannot be given with it")
        }
        if let given = try parsed.single("--frei0r-dir") {
            guard !given.isEmpty else { throw UsageError("--frei0r-dir needs a directory") }
            directory = Self.absolute(given)
        } else {
            guard let home else { throw UsageError("HOME is not set, so there is no ~/.frei0r-1/lib: give --frei0r-dir DIR") }
            directory = Frei0rHosts.userDirectory(home: home)
        }
        if let given = try parsed.single("--adapter") {
            adapter = Self.absolute(given)
            looked = false
        } else {
            adapter = Frei0rInstaller.installedAdapter(executable: SearchPath.executablePath() ?? "/usr/bin/effect-host")
            looked = true
        }
        dryRun = parsed.has("--dry-run")
        let kdenlive = try parsed.single("--kdenlive-dir")
        kdenliveAsked = kdenlive != nil
        if let kdenlive {
            guard !kdenlive.isEmpty else { throw UsageError("--kdenlive-dir needs a directory") }
            kdenliveDirectory = Self.absolute(kdenlive)
        } else if pinned, let home {
            kdenliveDirectory = Frei0rHosts.kdenliveGenerators(dataHome: getenv("XDG_DATA_HOME").map { String(cString: $0) }, home: home)
        } else {
            kdenliveDirectory = nil
        }
        let obsModule = try parsed.single("--obs-module")
        let obsDirectory = try parsed.single("--obs-dir")
        obsSearched = OBSNames.userPlugins(configHome: getenv("XDG_CONFIG_HOME").map { String(cString: $0) }, home: home)
        if let obsDirectory, obsDirectory.isEmpty { throw UsageError("--obs-dir needs a directory") }
        let plugins = obsDirectory.map(Self.absolute) ?? obsSearched
        obsUnplaced =
            pinned && plugins == nil
            ? "no OBS module installed: neither XDG_CONFIG_HOME nor HOME is set, so there is no OBS plugin folder of this user's: give --obs-dir DIR"
            : nil
        let gstPlugin = try parsed.single("--gst-plugin")
        let gstDirectory = try parsed.single("--gst-dir")
        gstSearched = GStreamerNames.userPlugins(dataHome: getenv("XDG_DATA_HOME").map { String(cString: $0) }, home: home)
        if let gstDirectory, gstDirectory.isEmpty { throw UsageError("--gst-dir needs a directory") }
        let gstPlugins = gstDirectory.map(Self.absolute) ?? gstSearched
        gstUnplaced =
            pinned && gstPlugins == nil
            ? "no GStreamer plugin installed: neither XDG_DATA_HOME nor HOME is set, so there is no GStreamer plugin folder of this user's: give --gst-dir DIR"
            : nil
        if !pinned {
            guard obsModule == nil, obsDirectory == nil, gstPlugin == nil, gstDirectory == nil else {
                throw UsageError(
                    "--relocatable makes frei0r copies alone; --obs-module, --obs-dir, --gst-plugin and --gst-dir cannot be given with it")
            }
            obs = nil
        } else if let plugins {
            let module: String
            if let obsModule {
                guard !obsModule.isEmpty else { throw UsageError("--obs-module needs a file") }
                module = Self.absolute(obsModule)
            } else {
                module = OBSNames.installedModule(executable: SearchPath.executablePath() ?? "/usr/bin/effect-host")
            }
            obs = (OBSInstaller(module: module, data: OBSNames.data(besideModule: module), plugins: plugins), obsModule == nil)
        } else {
            obs = nil
        }
        if pinned, let gstPlugins {
            let plugin: String
            if let gstPlugin {
                guard !gstPlugin.isEmpty else { throw UsageError("--gst-plugin needs a file") }
                plugin = Self.absolute(gstPlugin)
            } else {
                plugin = GStreamerNames.installedPlugin(executable: SearchPath.executablePath() ?? "/usr/bin/effect-host")
            }
            gst = (GStreamerInstaller(plugin: plugin, plugins: gstPlugins), gstPlugin == nil)
        } else {
            gst = nil
        }
        // Relocatable copies find what the host library finds beside itself, whatever this shell's EFFECT_PLUGIN_PATH holds.
        session =
            pinned
            ? PluginSession(parsed)
            : PluginSession(
                pluginPaths: [], environment: nil, allowUnsafe: parsed.has(PluginSession.allowUnsafeFlag),
                useCache: !parsed.has(PluginSession.noCacheFlag))
    }

    func run() throws -> Int32 {
        // What is copied is checked before anything is written, also for a dry run: a module or
        // adapter that was given and cannot be used stops the run.
        let obsPrepared: OBSInstaller.Prepared?
        var obsMissing: String?
        if let obs {
            do {
                obsPrepared = try obs.installer.prepare()
            } catch .noModule(let path) where obs.looked {
                obsPrepared = nil
                obsMissing =
                    "no OBS module: there is none at \(Terminal.sanitize(path)), where an installed effect-host has it (scripts/install PREFIX installs one when libobs-dev is there; scripts/build-obs builds one, given with --obs-module FILE)"
            } catch {
                throw RuntimeError(error.description)
            }
        } else {
            obsPrepared = nil
        }
        let gstPrepared: GStreamerInstaller.Prepared?
        var gstMissing: String?
        if let gst {
            do {
                gstPrepared = try gst.installer.prepare()
            } catch .noPlugin(let path) where gst.looked {
                gstPrepared = nil
                gstMissing =
                    "no GStreamer plugin: there is none at \(Terminal.sanitize(path)), where an installed effect-host has it (scripts/install PREFIX installs one when libgstreamer1.0-dev and libgstreamer-plugins-base1.0-dev are there; scripts/build-gst builds one, given with --gst-plugin FILE)"
            } catch {
                throw RuntimeError(error.description)
            }
        } else {
            gstPrepared = nil
        }
        var leftOut = false
        if looked, access(adapter, F_OK) != 0 {
            // An install without the frei0r plugins may still have the OBS module or the GStreamer plugin to install.
            guard obsPrepared != nil || gstPrepared != nil else {
                throw RuntimeError(
                    "there is no frei0r adapter at \(Terminal.sanitize(adapter)), where an installed effect-host has it: install one with scripts/install PREFIX, or build one with scripts/build-frei0r and give its path with --adapter FILE"
                )
            }
            Output.standard.line(
                "no frei0r plugins: there is no frei0r adapter at \(Terminal.sanitize(adapter)), where an installed effect-host has it (scripts/install PREFIX installs one when frei0r-plugins-dev is there; scripts/build-frei0r builds one, given with --adapter FILE)"
            )
        } else {
            leftOut = try installFrei0r()
        }
        if let gst, let gstPrepared {
            leftOut = try installGStreamer(gst.installer, gstPrepared) || leftOut
        }
        if let gstMissing { Output.standard.line(gstMissing) }
        if let gstUnplaced { Output.standard.line(gstUnplaced) }
        if let obs, let obsPrepared {
            if let note = obsPrepared.plan.note {
                Output.error.line("effect-host: \(Terminal.sanitize(note.description))")
                leftOut = true
            } else {
                if !dryRun {
                    do {
                        _ = try obs.installer.install(obsPrepared)
                    } catch {
                        throw RuntimeError(error.description)
                    }
                }
                Output.standard.line(
                    "\(dryRun ? "would write" : "wrote") the OBS module \(Terminal.sanitize(obsPrepared.plan.destination)) and its data/, loading \(Terminal.sanitize(obsPrepared.library))/\(SearchPath.hostLibraryName): OBS offers each effect as a source when it starts next"
                )
            }
        }
        if let obsMissing { Output.standard.line(obsMissing) }
        if let obsUnplaced { Output.standard.line(obsUnplaced) }
        if let obs, obsPrepared?.plan.note == nil, obsMissing == nil, obs.installer.plugins != obsSearched {
            Output.standard.line(
                "OBS does not search \(Terminal.sanitize(obs.installer.plugins)) by itself: it loads a user's modules from \(obsSearched.map(Terminal.sanitize) ?? "$XDG_CONFIG_HOME/obs-studio/plugins")"
            )
        }
        return leftOut ? 1 : 0
    }

    /// The GStreamer plugin's copy; whether it was left out.
    private func installGStreamer(_ installer: GStreamerInstaller, _ prepared: GStreamerInstaller.Prepared) throws -> Bool {
        if let note = prepared.plan.note {
            Output.error.line("effect-host: \(Terminal.sanitize(note.description))")
            return true
        }
        if !dryRun {
            do {
                _ = try installer.install(prepared)
            } catch {
                throw RuntimeError(error.description)
            }
        }
        Output.standard.line(
            "\(dryRun ? "would write" : "wrote") the GStreamer plugin \(Terminal.sanitize(prepared.plan.destination)), loading \(Terminal.sanitize(prepared.library))/\(SearchPath.hostLibraryName): GStreamer offers each effect's elements (gst-inspect-1.0 effecthost)"
        )
        if installer.plugins != gstSearched {
            Output.standard.line(
                "GStreamer does not search \(Terminal.sanitize(installer.plugins)) by itself: set GST_PLUGIN_PATH to it (it loads a user's plugins from \(gstSearched.map(Terminal.sanitize) ?? "$XDG_DATA_HOME/gstreamer-1.0/plugins"))"
            )
        }
        return false
    }

    /// The frei0r copies; whether an effect was left out.
    private func installFrei0r() throws -> Bool {
        let generator = Frei0rInstaller.kdenliveGenerator(besideAdapter: adapter)
        if kdenliveAsked, generator == nil {
            throw RuntimeError(
                "there is no \(Frei0rInstaller.kdenliveGeneratorName) beside the adapter \(Terminal.sanitize(adapter)) to describe the sources for Kdenlive: scripts/build-frei0r --kdenlive builds one there")
        }
        let kdenlive = generator.flatMap { program in kdenliveDirectory.map { (program, $0) } }
        let installer = Frei0rInstaller(adapter: adapter, directory: directory, pinned: pinned, kdenlive: kdenlive)
        let library: String?
        do {
            library = try installer.copyBytes().library
        } catch {
            throw RuntimeError(error.description)
        }
        session.warnAboutFailures(shadows: false)
        let plan = Frei0rPlan(catalog: session.catalog, directory: directory, occupant: Frei0rInstaller.occupant(of:))
        for note in plan.notes { Output.error.line("effect-host: \(Terminal.sanitize(note.description))") }
        if !dryRun {
            do {
                _ = try installer.install(plan)
            } catch {
                throw RuntimeError(error.description)
            }
        }
        let out = Output.standard
        let verb = dryRun ? "would write" : "wrote"
        for effect in plan.effects {
            out.line("\(verb) \(effect.files.map(Terminal.sanitize).joined(separator: ", "))  (\(Terminal.sanitize(effect.id)) from \(Terminal.sanitize(effect.plugin)))")
        }
        let count = plan.effects.count
        var summary = "\(count) effect\(count == 1 ? "" : "s") as frei0r sources and filters in \(Terminal.sanitize(directory))"
        if let library { summary += ", loading \(Terminal.sanitize(library))/\(SearchPath.hostLibraryName)" }
        out.line(dryRun ? "(dry run) " + summary : summary)
        if let kdenlive, count > 0 {
            out.line("\(dryRun ? "would describe" : "described") the sources for Kdenlive's Add Generator menu in \(Terminal.sanitize(kdenlive.1))")
        } else if pinned, count > 0 {
            out.line(
                "no Kdenlive generator descriptions: there is no \(Frei0rInstaller.kdenliveGeneratorName) beside the adapter (scripts/build-frei0r --kdenlive builds one)")
        }
        if !Frei0rHosts.searchedByEveryHost(home: home).contains(directory) {
            out.line(
                "ffmpeg, MLT and GStreamer do not search \(Terminal.sanitize(directory)) by themselves: set FREI0R_PATH to it (MLT and GStreamer then search it alone)")
        }
        return plan.notes.contains { if case .leftOut = $0 { true } else { false } }
    }

    /// The path from /, without a trailing /: the copies' notes and the
    /// hosts' lists hold such paths.
    private static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            defer { free(cwd) }
            full = String(cString: cwd) + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
        }
        while full.count > 1, full.hasSuffix("/") { full.removeLast() }
        return full
    }
}
