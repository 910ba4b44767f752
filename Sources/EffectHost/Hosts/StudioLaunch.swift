import Glibc

/// How `effect-host studio` starts the studio: Python's own http.server
/// driving this host library through the `effects` package
/// (python/effects/studio), by the script beside the package
/// (effect_studio.py), which Python runs with its own directory searched
/// first and the working directory not at all. The package and the library
/// are the ones installed beside the effect-host that runs
/// (PREFIX/lib/effect-host/python and PREFIX/lib/libeffecthost.so), or, in a
/// checkout, its python/ and the build directory's library; the interpreter
/// is EFFECT_HOST_PYTHON, else python3 on PATH, and it needs numpy, as the
/// package does.
public struct StudioLaunch: Sendable, Equatable {
    /// The interpreter, and its whole argument list (argv[0] first).
    public let python: String
    public let arguments: [String]
    /// The variables it runs with beside this process's: the library named
    /// by EFFECT_HOST_LIBRARY, so it drives this very build, and PYTHONPATH
    /// without its empty and relative entries, which Python would read from
    /// the working directory.
    public let variables: [String: String]

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The variable that names the interpreter instead of python3 on PATH.
    public static let pythonVariable = "EFFECT_HOST_PYTHON"

    /// The package directories beside `executable`, most likely first.
    public static func packageCandidates(executable: String) -> [String] {
        HostLinkedCopy.besideHost(executable: executable, installed: "lib/effect-host/python", inCheckout: "python")
    }

    /// The host libraries beside `executable`, most likely first.
    public static func libraryCandidates(executable: String) -> [String] {
        let bin = HostLinkedCopy.directoryOf(executable)
        return [HostLinkedCopy.directoryOf(bin) + "/lib/" + SearchPath.hostLibraryName, bin + "/" + SearchPath.hostLibraryName]
    }

    /// The script that starts the studio, in the package's directory.
    public static let script = "effect_studio.py"

    /// The launch for `options` (the studio's own, passed on as given), or
    /// what is missing; `environment` holds EFFECT_HOST_PYTHON and
    /// PYTHONPATH when set. `exists` and `findProgram` are the file
    /// system's and PATH's answers, asked through the caller so the rule is
    /// testable.
    public static func plan(
        executable: String, options: [String], environment: [String: String],
        exists: (String) -> Bool = { access($0, F_OK) == 0 }, findProgram: (String) -> String? = Programs.onPath
    ) throws(Problem) -> StudioLaunch {
        let packages = packageCandidates(executable: executable)
        guard let package = packages.first(where: { exists($0 + "/" + script) && exists($0 + "/effects/studio/__main__.py") }) else {
            throw Problem(description: "the studio's Python package is not beside \(executable) (looked in \(packages.joined(separator: " and "))): install effect-host with scripts/install, or run it from a checkout")
        }
        let libraries = libraryCandidates(executable: executable)
        guard let library = libraries.first(where: exists) else {
            throw Problem(description: "\(SearchPath.hostLibraryName) is not beside \(executable) (looked for \(libraries.joined(separator: " and ")))")
        }
        let python: String
        if let named = environment[pythonVariable], !named.isEmpty {
            guard let found = named.contains("/") ? named : findProgram(named) else {
                throw Problem(description: "\(pythonVariable) is \(named), which is not a program on PATH")
            }
            python = found
        } else {
            guard let found = findProgram("python3") else {
                throw Problem(description: "the studio runs on Python 3 (Debian packages python3 and python3-numpy), and python3 is not on PATH; or set \(pythonVariable) to a Python 3 that has numpy")
            }
            python = found
        }
        var variables = ["EFFECT_HOST_LIBRARY": library]
        if let path = environment["PYTHONPATH"] {
            variables["PYTHONPATH"] = path.split(separator: ":").filter { $0.hasPrefix("/") }.joined(separator: ":")
        }
        return StudioLaunch(python: python, arguments: [python, package + "/" + script] + options, variables: variables)
    }
}
