import Glibc

/// A shared library built against libeffecthost.so that `effect-host
/// install-hosts` copies where another program loads it (the frei0r
/// adapter of scripts/build-frei0r, the OBS module of scripts/build-obs,
/// the GStreamer plugin of scripts/build-gst), and the one rule every copy
/// follows: pinned, a copy's RUNPATH is
/// rewritten, in the room its build left after the RUNPATH, to the
/// absolute directory of the libeffecthost.so it was built against, so it
/// loads that library from wherever it lies with no environment.
struct HostLinkedCopy {
    let bytes: [UInt8]
    let dynamic: ELFDynamic
    /// The file read, symlinks resolved: what $ORIGIN is.
    let resolvedPath: String

    /// Why a file cannot be copied so, in words that fit after "it", the
    /// file being named by the caller.
    enum Problem: Error, Sendable, Equatable {
        case unreadable(String)
        case notHostLinked
        case noLibrary(runpath: String)
        case noRoom(room: Int, library: String)

        /// `kind`: what the file should be ("the frei0r adapter"); `noun`:
        /// how a rebuild names it ("the adapter"); `builder`: the script
        /// that builds one with room.
        func description(kind: String, noun: String, builder: String) -> String {
            switch self {
            case .unreadable(let problem): problem
            case .notHostLinked: "it is not \(kind) (a shared library that needs \(SearchPath.hostLibraryName))"
            case .noLibrary(let runpath):
                "its RUNPATH (\(runpath.isEmpty ? "none" : Self.trimmed(runpath))) leads to no \(SearchPath.hostLibraryName)"
            case .noRoom(let room, let library):
                "its RUNPATH has room for \(room) bytes, and \(library) has \(library.utf8.count): build \(noun) again with \(builder), which leaves room"
            }
        }

        /// A RUNPATH as a person reads it: the room left after an entry (a
        /// run of /) is not shown.
        static func trimmed(_ runpath: String) -> String {
            String(runpath.reversed().drop { $0 == "/" }.reversed())
        }
    }

    /// What holds a path a copy would be written to.
    enum Holder: Sendable, Equatable {
        case nothing
        /// A file that needs libeffecthost.so: a copy an earlier run made, replaced.
        case copy
        /// Anything else: another program's, never touched.
        case other
    }

    /// Reads `path`, which must be a shared library that needs libeffecthost.so.
    init(path: String) throws(Problem) {
        do {
            bytes = try Files.read(path)
        } catch {
            throw .unreadable(error.message)
        }
        guard let dynamic = ELFDynamic(bytes: bytes), dynamic.needed.contains(SearchPath.hostLibraryName) else {
            throw .notHostLinked
        }
        self.dynamic = dynamic
        resolvedPath = Self.resolved(path) ?? path
    }

    /// The bytes of a pinned copy, and the directory of the library it loads.
    func pinned() throws(Problem) -> (bytes: [UInt8], library: String) {
        let runpath = dynamic.runpath ?? ""
        guard let library = Self.libraryDirectory(runpath: runpath, origin: Self.directoryOf(resolvedPath)) else {
            throw .noLibrary(runpath: runpath)
        }
        guard let copy = dynamic.settingRunpath(library, in: bytes) else {
            throw .noRoom(room: dynamic.runpathRoom, library: library)
        }
        return (copy, library)
    }

    /// What holds `path` now: a copy is a regular file that is a shared
    /// library needing libeffecthost.so.
    static func holder(of path: String) -> Holder {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .nothing }
        guard status.st_mode & S_IFMT == S_IFREG, let bytes = try? Files.read(path), let dynamic = ELFDynamic(bytes: bytes),
            dynamic.needed.contains(SearchPath.hostLibraryName)
        else { return .other }
        return .copy
    }

    /// The first directory of a RUNPATH, $ORIGIN read as `origin`, that
    /// holds libeffecthost.so, symlinks resolved.
    static func libraryDirectory(runpath: String, origin: String) -> String? {
        for entry in runpath.split(separator: ":", omittingEmptySubsequences: true) {
            var directory = String(entry)
            for name in ["$ORIGIN", "${ORIGIN}"] where directory.hasPrefix(name) {
                directory = origin + directory.dropFirst(name.count)
            }
            if let file = resolved(directory + "/" + SearchPath.hostLibraryName) { return directoryOf(file) }
        }
        return nil
    }

    /// mkdir -p.
    static func makeDirectories(_ path: String) throws(FileError) {
        if Files.isDirectory(path) { return }
        let parent = directoryOf(path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        try Files.makeDirectory(path)
    }

    /// A directory the host ships beside itself, most likely first: where an
    /// install puts it (PREFIX/`installed` for PREFIX/bin/effect-host), then
    /// where a checkout has it (ROOT/`inCheckout` for
    /// ROOT/.build/TRIPLE/CONFIG/effect-host).
    static func besideHost(executable: String, installed: String, inCheckout: String) -> [String] {
        let bin = directoryOf(executable)
        let within = { (directory: String, path: String) in (directory == "/" ? "" : directory) + "/" + path }
        return [within(directoryOf(bin), installed), within(directoryOf(directoryOf(directoryOf(bin))), inCheckout)]
    }

    static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func resolved(_ path: String) -> String? {
        realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }
}
