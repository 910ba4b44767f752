import EffectHost
import XCTest

/// How `effect-host studio` finds what it runs: the Python package and the
/// host library beside the effect-host that runs, installed or in a
/// checkout's build, and the interpreter (StudioLaunch).
final class StudioLaunchTests: XCTestCase {
    private func plan(_ executable: String, files: Set<String>, environment: [String: String] = [:], onPath: [String: String] = ["python3": "/usr/bin/python3"])
        throws(StudioLaunch.Problem) -> StudioLaunch
    {
        try StudioLaunch.plan(
            executable: executable, options: ["text-reveal", "--watch"], environment: environment, exists: { files.contains($0) },
            findProgram: { onPath[$0] })
    }

    private let installed: Set<String> = [
        "/opt/eh/lib/effect-host/python/effect_studio.py", "/opt/eh/lib/effect-host/python/effects/studio/__main__.py",
        "/opt/eh/lib/libeffecthost.so",
    ]

    func testAnInstallRunsItsOwnPackageAndLibraryWithPython3FromPath() throws {
        let launch = try plan(
            "/opt/eh/bin/effect-host",
            files: installed)
        XCTAssertEqual(launch.python, "/usr/bin/python3")
        // Run as a script: Python searches the package's directory first, and never the working directory.
        XCTAssertEqual(
            launch.arguments, ["/usr/bin/python3", "/opt/eh/lib/effect-host/python/effect_studio.py", "text-reveal", "--watch"])
        XCTAssertEqual(launch.variables, ["EFFECT_HOST_LIBRARY": "/opt/eh/lib/libeffecthost.so"])
    }

    func testACheckoutsBuildRunsTheCheckoutsPackageAndTheLibraryBesideIt() throws {
        let launch = try plan(
            "/src/eh/.build/x86_64-unknown-linux-gnu/debug/effect-host",
            files: [
                "/src/eh/python/effect_studio.py", "/src/eh/python/effects/studio/__main__.py",
                "/src/eh/.build/x86_64-unknown-linux-gnu/debug/libeffecthost.so",
            ],
            environment: ["EFFECT_HOST_PYTHON": "/venv/bin/python", "PYTHONPATH": ":/mine:lib:/also:"])
        XCTAssertEqual(launch.python, "/venv/bin/python")
        XCTAssertEqual(launch.arguments[1], "/src/eh/python/effect_studio.py")
        // Empty and relative entries would be read from the working directory: left out.
        XCTAssertEqual(
            launch.variables,
            ["EFFECT_HOST_LIBRARY": "/src/eh/.build/x86_64-unknown-linux-gnu/debug/libeffecthost.so", "PYTHONPATH": "/mine:/also"])
    }

    func testWhatIsMissingIsSaidInOneLine() {
        XCTAssertThrowsError(try plan("/opt/eh/bin/effect-host", files: [])) { error in
            XCTAssertEqual(
                (error as? StudioLaunch.Problem)?.description,
                "the studio's Python package is not beside /opt/eh/bin/effect-host (looked in /opt/eh/lib/effect-host/python and /python): install effect-host with scripts/install, or run it from a checkout")
        }
        XCTAssertThrowsError(try plan("/opt/eh/bin/effect-host", files: installed, onPath: [:])) { error in
            XCTAssertEqual(
                (error as? StudioLaunch.Problem)?.description,
                "the studio runs on Python 3 (Debian packages python3 and python3-numpy), and python3 is not on PATH; or set EFFECT_HOST_PYTHON to a Python 3 that has numpy")
        }
        XCTAssertThrowsError(try plan("/opt/eh/bin/effect-host", files: installed, environment: ["EFFECT_HOST_PYTHON": "pythonx"])) { error in
            XCTAssertEqual((error as? StudioLaunch.Problem)?.description, "EFFECT_HOST_PYTHON is pythonx, which is not a program on PATH")
        }
    }
}
