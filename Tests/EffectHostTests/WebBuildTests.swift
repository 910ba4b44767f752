import EffectHost
import XCTest

/// Where a live web page's files come from (WebBuild): the web host's
/// scripts beside the effect-host that runs, installed or in a checkout,
/// and a plugin's WebAssembly build beside the plugin or named.
final class WebBuildTests: XCTestCase {
    private let scripts = ["effect-host.js", "line-breaks.js", "effect-controls.js"]

    private func files(in directory: String, _ more: String...) -> Set<String> {
        Set(scripts.map { directory + "/" + $0 } + more)
    }

    func testAnInstallUsesItsOwnScriptsAndTheBuildBesideThePlugin() throws {
        let build = try WebBuild.locate(
            executable: "/opt/eh/bin/effect-host", pluginPath: "/opt/eh/lib/effect-host/plugins/libStrike.so",
            exists: files(in: "/opt/eh/lib/effect-host/web", "/opt/eh/lib/effect-host/plugins/Strike.wasm").contains)
        XCTAssertEqual(build, WebBuild(scriptDirectory: "/opt/eh/lib/effect-host/web", wasm: "/opt/eh/lib/effect-host/plugins/Strike.wasm"))
    }

    func testACheckoutsBuildUsesTheCheckoutsWebDirectory() throws {
        let build = try WebBuild.locate(
            executable: "/src/eh/.build/x86_64-unknown-linux-gnu/debug/effect-host", pluginPath: "/home/me/plugins/libGlow.so",
            wasm: "/tmp/glow.wasm", exists: files(in: "/src/eh/web", "/tmp/glow.wasm").contains)
        XCTAssertEqual(build, WebBuild(scriptDirectory: "/src/eh/web", wasm: "/tmp/glow.wasm"))
    }

    func testTheBuildBesideAPluginDropsLibAndSoAndMayBeLowerCase() throws {
        XCTAssertEqual(WebBuild.wasmPaths(pluginPath: "/p/libStrike.so"), ["/p/Strike.wasm", "/p/strike.wasm"])
        XCTAssertEqual(WebBuild.wasmPaths(pluginPath: "/libPulse.so"), ["/Pulse.wasm", "/pulse.wasm"])
        XCTAssertEqual(WebBuild.wasmPaths(pluginPath: "glow.so"), ["./glow.wasm"])
        XCTAssertEqual(WebBuild.wasmPaths(pluginPath: "/p/lib.so"), ["/p/lib.wasm"])
        // examples/c-plugin's Makefile makes libPulse.so from pulse.c, which scripts/build-wasm makes pulse.wasm.
        let build = try WebBuild.locate(
            executable: "/opt/eh/bin/effect-host", pluginPath: "/c/libPulse.so",
            exists: files(in: "/opt/eh/lib/effect-host/web", "/c/pulse.wasm").contains)
        XCTAssertEqual(build.wasm, "/c/pulse.wasm")
    }

    func testWhatIsMissingIsNamed() {
        XCTAssertThrowsError(
            try WebBuild.locate(executable: "/opt/eh/bin/effect-host", pluginPath: "/p/libStrike.so", exists: { _ in false })
        ) { error in
            XCTAssertEqual(
                (error as? WebBuild.Problem)?.description,
                "the web host's scripts (effect-host.js, line-breaks.js, effect-controls.js) are not beside /opt/eh/bin/effect-host (looked in /opt/eh/lib/effect-host/web and /web)"
            )
        }
        XCTAssertThrowsError(
            try WebBuild.locate(
                executable: "/opt/eh/bin/effect-host", pluginPath: "/p/libStrike.so", exists: files(in: "/opt/eh/lib/effect-host/web").contains)
        ) { error in
            XCTAssertEqual(
                (error as? WebBuild.Problem)?.description,
                "the plugin /p/libStrike.so has no WebAssembly build beside it (/p/Strike.wasm or /p/strike.wasm)")
        }
    }
}
