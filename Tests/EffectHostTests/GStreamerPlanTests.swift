import EffectHost
import Foundation
import XCTest

/// Where `effect-host install-hosts` puts the GStreamer plugin for a user,
/// what it does with an earlier copy and with another program's file, and
/// the pinned RUNPATH of its copy (GStreamerNames, GStreamerPlan,
/// GStreamerInstaller).
final class GStreamerPlanTests: XCTestCase {
    func testAUsersPluginsLieInTheDataDirectorysGstreamerPlugins() {
        // GStreamer's "home plugins": g_get_user_data_dir()/gstreamer-1.0/plugins (gstregistry.c).
        XCTAssertEqual(GStreamerNames.userPlugins(dataHome: nil, home: "/home/ana/"), "/home/ana/.local/share/gstreamer-1.0/plugins")
        XCTAssertEqual(GStreamerNames.userPlugins(dataHome: "/data", home: "/home/ana"), "/data/gstreamer-1.0/plugins")
        // A relative XDG_DATA_HOME is invalid by the XDG spec, and ignored.
        XCTAssertEqual(GStreamerNames.userPlugins(dataHome: "data", home: "/home/ana"), "/home/ana/.local/share/gstreamer-1.0/plugins")
        XCTAssertEqual(GStreamerNames.userPlugins(dataHome: "/data", home: nil), "/data/gstreamer-1.0/plugins")
        XCTAssertNil(GStreamerNames.userPlugins(dataHome: nil, home: nil))
        XCTAssertEqual(GStreamerNames.file, "libgsteffecthost.so")
    }

    func testAnInstallHasThePluginInLibEffectHostGstreamer() {
        XCTAssertEqual(
            GStreamerNames.installedPlugin(executable: "/opt/eh/bin/effect-host"), "/opt/eh/lib/effect-host/gstreamer/libgsteffecthost.so")
    }

    func testAnEarlierCopyIsReplacedAndAnotherProgramsFileLeft() {
        let fresh = GStreamerPlan(plugins: "/p", occupant: { _ in .nothing })
        XCTAssertEqual(fresh.destination, "/p/libgsteffecthost.so")
        XCTAssertNil(fresh.note)
        XCTAssertNil(GStreamerPlan(plugins: "/p", occupant: { _ in .pluginCopy }).note)
        let other = GStreamerPlan(plugins: "/p", occupant: { $0 == "/p/libgsteffecthost.so" ? .other : .nothing })
        XCTAssertEqual(
            other.note?.description,
            "the GStreamer plugin is not installed: /p/libgsteffecthost.so is not a copy of effect-host's GStreamer plugin: it is left as it is")
    }

    func testTheCopyLoadsTheLibraryItWasBuiltAgainstByItsAbsoluteDirectoryAndARunAgainReplacesIt() throws {
        let (prefix, plugin) = try installLayout()
        let plugins = prefix + "/home/.local/share/gstreamer-1.0/plugins"
        let installer = GStreamerInstaller(plugin: plugin, plugins: plugins)
        let prepared = try installer.prepare()
        let library = try XCTUnwrap(realpath(prefix + "/lib", nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        })
        XCTAssertEqual(prepared.library, library)
        let copy = plugins + "/libgsteffecthost.so"
        XCTAssertEqual(try installer.install(prepared), [copy])
        let dynamic = try TestEnvironment.run("/usr/bin/env", ["readelf", "-d", copy]).stdout
        XCTAssertTrue(dynamic.contains("Library runpath: [\(library)]"), dynamic)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int, 0o755)
        XCTAssertEqual(GStreamerInstaller.occupant(of: copy), .pluginCopy)

        // Again: a new file renamed into place, and no temporary file left beside it.
        let before = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: copy)[.systemFileNumber] as? Int)
        XCTAssertEqual(try installer.install(try installer.prepare()), [copy])
        XCTAssertNotEqual(try FileManager.default.attributesOfItem(atPath: copy)[.systemFileNumber] as? Int, before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: plugins), ["libgsteffecthost.so"])
    }

    func testAnotherProgramsFileIsLeftAsItIs() throws {
        let (prefix, plugin) = try installLayout()
        let plugins = prefix + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try "another program's plugin".write(toFile: plugins + "/libgsteffecthost.so", atomically: true, encoding: .utf8)
        let installer = GStreamerInstaller(plugin: plugin, plugins: plugins)
        let prepared = try installer.prepare()
        XCTAssertEqual(prepared.plan.note, .leftOut(path: plugins + "/libgsteffecthost.so"))
        XCTAssertEqual(try installer.install(prepared), [])
        XCTAssertEqual(try String(contentsOfFile: plugins + "/libgsteffecthost.so", encoding: .utf8), "another program's plugin")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: plugins), ["libgsteffecthost.so"])
    }

    func testWhatCannotBeCopiedIsATypedErrorNamingTheFile() throws {
        let (prefix, plugin) = try installLayout()
        let plugins = prefix + "/plugins"
        func error(_ plugin: String) -> GStreamerInstallError? {
            do {
                _ = try GStreamerInstaller(plugin: plugin, plugins: plugins).prepare()
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(error(prefix + "/nowhere/libgsteffecthost.so"), .noPlugin(path: prefix + "/nowhere/libgsteffecthost.so"))
        try "not a library".write(toFile: prefix + "/text.so", atomically: true, encoding: .utf8)
        XCTAssertEqual(
            error(prefix + "/text.so")?.description,
            "the GStreamer plugin \(prefix)/text.so cannot be used: it is not a GStreamer plugin (a shared library that needs libeffecthost.so)")
        // Moved away from the library its RUNPATH ($ORIGIN/../..) leads to.
        try FileManager.default.createDirectory(atPath: prefix + "/elsewhere/a", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: plugin, toPath: prefix + "/elsewhere/a/libgsteffecthost.so")
        XCTAssertEqual(
            error(prefix + "/elsewhere/a/libgsteffecthost.so")?.description,
            "the GStreamer plugin \(prefix)/elsewhere/a/libgsteffecthost.so cannot be used: its RUNPATH ($ORIGIN/../..) leads to no libeffecthost.so"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: plugins))
    }

    /// PREFIX/lib/libeffecthost.so, and PREFIX/lib/effect-host/gstreamer/libgsteffecthost.so
    /// needing it with RUNPATH $ORIGIN/../.. and room after it, as
    /// scripts/build-gst links it.
    private func installLayout() throws -> (prefix: String, plugin: String) {
        let prefix = try TestEnvironment.temporaryDirectory(self)
        let gst = prefix + "/lib/effect-host/gstreamer"
        try FileManager.default.createDirectory(atPath: gst, withIntermediateDirectories: true)
        try "int x;\n".write(toFile: prefix + "/x.c", atomically: true, encoding: .utf8)
        try TestEnvironment.compileC(
            [prefix + "/x.c"], output: prefix + "/lib/libeffecthost.so", shared: true, extraFlags: ["-Wl,-soname,libeffecthost.so"])
        let runpath = "$ORIGIN/../.." + String(repeating: "/", count: 200)
        try TestEnvironment.compileC(
            [prefix + "/x.c"], output: gst + "/libgsteffecthost.so", shared: true,
            extraFlags: ["-L" + prefix + "/lib", "-Wl,--no-as-needed", "-leffecthost", "-Wl,--enable-new-dtags", "-Wl,-rpath,\(runpath)"])
        return (prefix, gst + "/libgsteffecthost.so")
    }
}
