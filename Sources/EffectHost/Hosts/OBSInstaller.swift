import Glibc

/// Writes an OBSPlan: a copy of the OBS module, pinned as the frei0r
/// copies are (its RUNPATH rewritten to the absolute directory of the
/// libeffecthost.so it was built against, HostLinkedCopy), and its data
/// folder, into a user's OBS plugin folder.
///
/// The files are written all or none (Files.writeTogether): each under a
/// temporary name in its folder, then renamed into place, the module last,
/// so an OBS running from the folder keeps the module it opened, and a run
/// again replaces the copy it made.
public struct OBSInstaller: Sendable {
    public let module: String
    public let data: String
    public let plugins: String

    /// What was read and decided before anything is written.
    public struct Prepared: Sendable {
        public let plan: OBSPlan
        /// The directory of the libeffecthost.so the copy loads.
        public let library: String
        let bytes: [UInt8]
    }

    public init(module: String, data: String, plugins: String) {
        self.module = module
        self.data = data
        self.plugins = plugins
    }

    /// What holds `path` now, for OBSPlan: a copy of the module is a
    /// shared library that needs libeffecthost.so.
    public static func occupant(of path: String) -> OBSPlan.Occupant {
        switch HostLinkedCopy.holder(of: path) {
        case .nothing: .nothing
        case .copy: .moduleCopy
        case .other: .other
        }
    }

    /// Reads the module and lists its data folder, and plans the copy;
    /// writes nothing.
    public func prepare() throws(OBSInstallError) -> Prepared {
        guard access(module, F_OK) == 0 else { throw .noModule(path: module) }
        let pinned: (bytes: [UInt8], library: String)
        do {
            pinned = try HostLinkedCopy(path: module).pinned()
        } catch {
            throw .module(path: module, problem: error.description(kind: "an OBS module", noun: "the module", builder: "scripts/build-obs"))
        }
        guard Files.isDirectory(data) else {
            throw .data(path: data, problem: access(data, F_OK) == 0 ? "it is not a directory" : "there is no such directory")
        }
        let files: [String]
        do {
            files = try Self.files(in: data)
        } catch {
            throw .data(path: data, problem: error.message)
        }
        let plan = OBSPlan(module: module, data: data, dataFiles: files, plugins: plugins, occupant: Self.occupant(of:))
        return Prepared(plan: plan, library: pinned.library, bytes: pinned.bytes)
    }

    /// Writes the prepared plan's files; returns the paths written.
    public func install(_ prepared: Prepared) throws(OBSInstallError) -> [String] {
        var files: [(path: String, bytes: [UInt8])] = []
        do {
            for file in prepared.plan.files {
                try HostLinkedCopy.makeDirectories(HostLinkedCopy.directoryOf(file.destination))
                files.append((file.destination, file.destination == prepared.plan.destination ? prepared.bytes : try Files.read(file.source)))
            }
        } catch {
            throw .write(problem: error.message)
        }
        do {
            try Files.writeTogether(files)
        } catch {
            throw .write(problem: error.message)
        }
        chmod(prepared.plan.destination, 0o755)
        return files.map(\.path)
    }

    /// The regular files under `directory`, as paths relative to it.
    static func files(in directory: String, under prefix: String = "") throws(FileError) -> [String] {
        guard let names = Directory.names(in: directory) else {
            throw FileError("cannot read the directory \(directory): \(SystemError.reason(errno))")
        }
        var files: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory + "/" + name
            if Files.isDirectory(path) {
                files += try Self.files(in: path, under: prefix + name + "/")
            } else {
                files.append(prefix + name)
            }
        }
        return files
    }
}

/// Why the OBS module could not be copied, in one line; the module's path
/// is kept apart so a front end can say how to get one.
public enum OBSInstallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no file at `path`.
    case noModule(path: String)
    case module(path: String, problem: String)
    case data(path: String, problem: String)
    case write(problem: String)

    public var description: String {
        switch self {
        case .noModule(let path): "there is no OBS module at \(path)"
        case .module(let path, let problem): "the OBS module \(path) cannot be used: \(problem)"
        case .data(let path, let problem): "the OBS module's data folder \(path) cannot be used: \(problem)"
        case .write(let problem): problem
        }
    }
}
