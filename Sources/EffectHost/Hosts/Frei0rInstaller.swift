import Glibc

/// Writes a Frei0rPlan's copies of the frei0r adapter into a directory.
///
/// Pinned (the default), each copy works where it lies with no
/// environment: its RUNPATH is rewritten to the absolute directory of the
/// libeffecthost.so the adapter was built against, and a note beside it
/// (Frei0rNames.noteSuffix) names the plugin file its effect comes from.
/// Relocatable, the copies are the adapter as it is, for a tree that moves
/// (an install's PREFIX/lib/frei0r-1 beside PREFIX/lib/libeffecthost.so):
/// they find the library through the adapter's own RUNPATH and the effect
/// among the plugins installed beside the library.
///
/// Each file is written under a temporary name and renamed into place, so
/// a host running from the directory keeps the file it opened, and a run
/// again replaces the copies it made. Files it did not make are never
/// touched (Frei0rPlan leaves their effects out).
public struct Frei0rInstaller: Sendable {
    public let adapter: String
    public let directory: String
    public let pinned: Bool

    /// The adapter's file name where an install puts it:
    /// PREFIX/lib/effect-host/frei0r-adapter.so.
    public static let adapterName = "frei0r-adapter.so"

    /// Where to write each source's Kdenlive generator description, and
    /// the program that writes one (frei0r/tools/kdenlive_generator.c, built
    /// on the adapter's slot table: `kdenlive-generator ID PLUGIN_FILE`
    /// prints it); nil for none.
    public let kdenlive: (generator: String, directory: String)?

    /// The Kdenlive generator program's name beside the adapter.
    public static let kdenliveGeneratorName = "kdenlive-generator"

    public init(adapter: String, directory: String, pinned: Bool, kdenlive: (generator: String, directory: String)? = nil) {
        self.adapter = adapter
        self.directory = directory
        self.pinned = pinned
        self.kdenlive = kdenlive
    }

    /// The Kdenlive generator program beside `adapter`, where
    /// scripts/build-frei0r --kdenlive (and so scripts/install) puts it; nil
    /// when there is none.
    public static func kdenliveGenerator(besideAdapter adapter: String) -> String? {
        let path = HostLinkedCopy.directoryOf(adapter) + "/" + kdenliveGeneratorName
        return access(path, X_OK) == 0 ? path : nil
    }

    /// Where an installed effect-host at PREFIX/bin/effect-host has its
    /// adapter: PREFIX/lib/effect-host/frei0r-adapter.so.
    public static func installedAdapter(executable: String) -> String {
        let bin = HostLinkedCopy.directoryOf(executable)
        return HostLinkedCopy.directoryOf(bin) + "/lib/effect-host/" + adapterName
    }

    /// What holds `path` now, for Frei0rPlan: a copy of the adapter is a
    /// shared library that needs libeffecthost.so.
    public static func occupant(of path: String) -> Frei0rPlan.Occupant {
        switch HostLinkedCopy.holder(of: path) {
        case .nothing: .nothing
        case .copy: .adapterCopy
        case .other: .other
        }
    }

    /// The adapter's bytes as each copy gets them, and the directory of the
    /// libeffecthost.so they load (nil when relocatable).
    public func copyBytes() throws(Frei0rInstallError) -> (bytes: [UInt8], library: String?) {
        do {
            let adapter = try HostLinkedCopy(path: self.adapter)
            guard pinned else { return (adapter.bytes, nil) }
            let (bytes, library) = try adapter.pinned()
            return (bytes, library)
        } catch {
            throw .adapter(path: adapter, problem: error.description(kind: "the frei0r adapter", noun: "the adapter", builder: "scripts/build-frei0r"))
        }
    }

    /// Writes every copy of `plan` (and, pinned, each one's note); returns
    /// the paths written.
    public func install(_ plan: Frei0rPlan) throws(Frei0rInstallError) -> [String] {
        let (bytes, _) = try copyBytes()
        do {
            try HostLinkedCopy.makeDirectories(directory)
        } catch {
            throw .directory(problem: error.message)
        }
        var written: [String] = []
        do {
            for effect in plan.effects {
                for name in effect.files {
                    let path = directory + "/" + name
                    // The note first: a host that opens the new copy finds it there.
                    let note = path + Frei0rNames.noteSuffix
                    if pinned {
                        try Files.write(effect.plugin + "\n", to: note)
                        written.append(note)
                    } else if access(note, F_OK) == 0 {
                        // A note left by a pinned install would pin this copy.
                        unlink(note)
                    }
                    try Files.write(bytes, to: path)
                    chmod(path, 0o755)
                    written.append(path)
                }
            }
        } catch {
            throw .write(problem: error.message)
        }
        if let kdenlive, !plan.effects.isEmpty {
            written += try writeKdenliveGenerators(plan, kdenlive.generator, kdenlive.directory)
        }
        return written
    }

    private func writeKdenliveGenerators(_ plan: Frei0rPlan, _ generator: String, _ directory: String) throws(Frei0rInstallError)
        -> [String]
    {
        do {
            try HostLinkedCopy.makeDirectories(directory)
        } catch {
            throw .directory(problem: error.message)
        }
        var written: [String] = []
        for effect in plan.effects {
            let outcome = ChildProcess.run(generator, [effect.id, effect.plugin], timeout: 60, captureErrors: true)
            guard outcome.ending == .exited(status: 0), !outcome.outputIsCut else {
                let said = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "\(outcome.ending)"
                throw .kdenlive(problem: "\(generator) \(effect.id) failed: \(said)")
            }
            let path = directory + "/" + Frei0rNames.kdenliveGenerator(of: effect.id)
            do {
                try Files.write(outcome.output, to: path)
            } catch {
                throw .write(problem: error.message)
            }
            written.append(path)
        }
        return written
    }
}

/// Why the copies could not be made, in one line; the adapter's path is
/// kept apart so a front end can say how to get one.
public enum Frei0rInstallError: Error, Sendable, CustomStringConvertible {
    case adapter(path: String, problem: String)
    case directory(problem: String)
    case write(problem: String)
    case kdenlive(problem: String)

    public var description: String {
        switch self {
        case .adapter(let path, let problem): "the frei0r adapter \(path) cannot be used: \(problem)"
        case .directory(let problem), .write(let problem): problem
        case .kdenlive(let problem): "cannot describe a source for Kdenlive: \(problem)"
        }
    }
}
