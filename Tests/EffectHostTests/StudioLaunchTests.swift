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

    func testAnInstallRunsItsOwnPackageAndLibraryWithPython3FromPath() throws {
        let launch = try plan(
            "/opt/eh/bin/effect-host",
            files: ["/opt/eh/lib/effect-host/python/effects/studio/__main__.py", "/opt/eh/lib/libeffecthost.so"])
        XCTAssertEqual(launch.python, "/usr/bin/python3")
        XCTAssertEqual(launch.arguments, ["/usr/bin/python3", "-m", "effects.studio", "text-reveal", "--watch"])
        XCTAssertEqual(launch.variables, ["PYTHONPATH": "/opt/eh/lib/effect-host/python", "EFFECT_HOST_LIBRARY": "/opt/eh/lib/libeffecthost.so"])
    }

    func testACheckoutsBuildRunsTheCheckoutsPackageAndTheLibraryBesideIt() throws {
        let launch = try plan(
            "/src/eh/.build/x86_64-unknown-linux-gnu/debug/effect-host",
            files: ["/src/eh/python/effects/studio/__main__.py", "/src/eh/.build/x86_64-unknown-linux-gnu/debug/libeffecthost.so"],
            environment: ["PYTHONPATH": "/mine", "EFFECT_HOST_PYTHON": "/venv/bin/python"])
        XCTAssertEqual(launch.python, "/venv/bin/python")
        XCTAssertEqual(
            launch.variables,
            ["PYTHONPATH": "/src/eh/python:/mine", "EFFECT_HOST_LIBRARY": "/src/eh/.build/x86_64-unknown-linux-gnu/debug/libeffecthost.so"])
    }

    func testWhatIsMissingIsSaidInOneLine() {
        let installed: Set<String> = ["/opt/eh/lib/effect-host/python/effects/studio/__main__.py", "/opt/eh/lib/libeffecthost.so"]
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

    func testAnInterpreterWithoutNumpyIsNamedWithTheDebianPackage() throws {
        let launch = try plan(
            "/opt/eh/bin/effect-host",
            files: ["/opt/eh/lib/effect-host/python/effects/studio/__main__.py", "/opt/eh/lib/libeffecthost.so"],
            onPath: ["python3": "/bin/false"])
        XCTAssertEqual(
            launch.interpreterProblem(),
            "the studio needs numpy, and /bin/false has none: install Debian's python3-numpy (or numpy from PyPI), or set EFFECT_HOST_PYTHON to a Python 3 that has it")
        let missing = try plan(
            "/opt/eh/bin/effect-host",
            files: ["/opt/eh/lib/effect-host/python/effects/studio/__main__.py", "/opt/eh/lib/libeffecthost.so"],
            onPath: ["python3": "/nonexistent/python3"])
        XCTAssertEqual(missing.interpreterProblem()?.hasPrefix("/nonexistent/python3 could not be started: "), true)
    }
}
