import EffectHost
import Foundation
import XCTest

/// Where `effect-host install-hosts` puts the OBS module for a user, what it
/// writes there, what it does with an earlier copy and with another
/// program's file, and the pinned RUNPATH of its copy (OBSNames, OBSPlan,
/// OBSInstaller).
final class OBSPlanTests: XCTestCase {
    func testAUsersModulesLieInTheConfigDirectorysObsStudioPlugins() {
        XCTAssertEqual(OBSNames.userPlugins(configHome: nil, home: "/home/ana/"), "/home/ana/.config/obs-studio/plugins")
        XCTAssertEqual(OBSNames.userPlugins(configHome: "/cfg", home: "/home/ana"), "/cfg/obs-studio/plugins")
        // A relative XDG_CONFIG_HOME is invalid by the XDG spec, and ignored as OBS's Qt does.
        XCTAssertEqual(OBSNames.userPlugins(configHome: "cfg", home: "/home/ana"), "/home/ana/.config/obs-studio/plugins")
        XCTAssertEqual(OBSNames.userPlugins(configHome: "/cfg", home: nil), "/cfg/obs-studio/plugins")
        XCTAssertNil(OBSNames.userPlugins(configHome: nil, home: nil))
        XCTAssertEqual(OBSNames.file, "effect-host.so")
    }

    func testAnInstallHasTheModuleAndItsTextsInLibEffectHostObs() {
        XCTAssertEqual(OBSNames.installedModule(executable: "/opt/eh/bin/effect-host"), "/opt/eh/lib/effect-host/obs/effect-host.so")
        XCTAssertEqual(OBSNames.data(besideModule: "/opt/eh/lib/effect-host/obs/effect-host.so"), "/opt/eh/lib/effect-host/obs/data")
    }

    func testTheTextsGoFirstThenTheModuleInItsFolderNamedAsItsFile() {
        let plan = OBSPlan(
            module: "/b/effect-host.so", data: "/b/data", dataFiles: ["locale/fr-FR.ini", "locale/en-US.ini"], plugins: "/p",
            occupant: { _ in .nothing })
        XCTAssertEqual(plan.folder, "/p/effect-host")
        XCTAssertEqual(plan.destination, "/p/effect-host/bin/64bit/effect-host.so")
        XCTAssertNil(plan.note)
        XCTAssertEqual(
            plan.files.map { [$0.source, $0.destination] },
            [
                ["/b/data/locale/en-US.ini", "/p/effect-host/data/locale/en-US.ini"],
                ["/b/data/locale/fr-FR.ini", "/p/effect-host/data/locale/fr-FR.ini"],
                ["/b/effect-host.so", "/p/effect-host/bin/64bit/effect-host.so"],
            ])
    }

    func testAnEarlierCopyIsReplacedAndAnotherProgramsFileLeftWithNothingWritten() {
        let replaced = OBSPlan(module: "/b/m.so", data: "/b/data", dataFiles: ["a.ini"], plugins: "/p", occupant: { _ in .moduleCopy })
        XCTAssertNil(replaced.note)
        XCTAssertEqual(replaced.files.count, 2)
        let other = OBSPlan(
            module: "/b/m.so", data: "/b/data", dataFiles: ["a.ini"], plugins: "/p",
            occupant: { $0 == "/p/effect-host/bin/64bit/effect-host.so" ? .other : .nothing })
        XCTAssertEqual(other.files, [])
        XCTAssertEqual(
            other.note?.description,
            "the OBS module is not installed: /p/effect-host/bin/64bit/effect-host.so is not a copy of effect-host's OBS module: it is left as it is")
    }

    func testTheCopyLoadsTheLibraryItWasBuiltAgainstByItsAbsoluteDirectoryAndARunAgainReplacesIt() throws {
        let (prefix, module) = try installLayout()
        let plugins = prefix + "/home/.config/obs-studio/plugins"
        let installer = OBSInstaller(module: module, data: OBSNames.data(besideModule: module), plugins: plugins)
        let prepared = try installer.prepare()
        let library = try XCTUnwrap(realpath(prefix + "/lib", nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        })
        XCTAssertEqual(prepared.library, library)
        XCTAssertEqual(
            try installer.install(prepared),
            [plugins + "/effect-host/data/locale/en-US.ini", plugins + "/effect-host/bin/64bit/effect-host.so"])
        let copy = plugins + "/effect-host/bin/64bit/effect-host.so"
        let dynamic = try TestEnvironment.run("/usr/bin/env", ["readelf", "-d", copy]).stdout
        XCTAssertTrue(dynamic.contains("Library runpath: [\(library)]"), dynamic)
        XCTAssertEqual(try String(contentsOfFile: plugins + "/effect-host/data/locale/en-US.ini", encoding: .utf8), "Name=\"Effect\"\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? Int, 0o755)
        XCTAssertEqual(OBSInstaller.occupant(of: copy), .moduleCopy)

        // Again, with new texts: the copy and the texts are replaced, no temporary file is left.
        try "Name=\"Effect 2\"\n".write(toFile: prefix + "/lib/effect-host/obs/data/locale/en-US.ini", atomically: true, encoding: .utf8)
        _ = try installer.install(try installer.prepare())
        XCTAssertEqual(try String(contentsOfFile: plugins + "/effect-host/data/locale/en-US.ini", encoding: .utf8), "Name=\"Effect 2\"\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: plugins + "/effect-host/bin/64bit"), ["effect-host.so"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: plugins + "/effect-host/data/locale"), ["en-US.ini"])
    }

    func testAnotherProgramsModuleIsLeftAsItIsAndNoTextIsWritten() throws {
        let (prefix, module) = try installLayout()
        let plugins = prefix + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins + "/effect-host/bin/64bit", withIntermediateDirectories: true)
        try "another program's module".write(toFile: plugins + "/effect-host/bin/64bit/effect-host.so", atomically: true, encoding: .utf8)
        let installer = OBSInstaller(module: module, data: OBSNames.data(besideModule: module), plugins: plugins)
        let prepared = try installer.prepare()
        XCTAssertEqual(prepared.plan.note, .leftOut(path: plugins + "/effect-host/bin/64bit/effect-host.so"))
        XCTAssertEqual(try installer.install(prepared), [])
        XCTAssertEqual(try String(contentsOfFile: plugins + "/effect-host/bin/64bit/effect-host.so", encoding: .utf8), "another program's module")
        XCTAssertFalse(FileManager.default.fileExists(atPath: plugins + "/effect-host/data"))
    }

    func testWhatCannotBeCopiedIsATypedErrorNamingTheFile() throws {
        let (prefix, module) = try installLayout()
        let plugins = prefix + "/plugins"
        func error(_ module: String, data: String? = nil) -> OBSInstallError? {
            do {
                _ = try OBSInstaller(module: module, data: data ?? OBSNames.data(besideModule: module), plugins: plugins).prepare()
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(error(prefix + "/nowhere/effect-host.so"), .noModule(path: prefix + "/nowhere/effect-host.so"))
        try "not a library".write(toFile: prefix + "/text.so", atomically: true, encoding: .utf8)
        XCTAssertEqual(
            error(prefix + "/text.so")?.description,
            "the OBS module \(prefix)/text.so cannot be used: it is not an OBS module (a shared library that needs libeffecthost.so)")
        XCTAssertEqual(
            error(module, data: prefix + "/missing")?.description,
            "the OBS module's data folder \(prefix)/missing cannot be used: there is no such directory")
        // Moved away from the library its RUNPATH ($ORIGIN/../..) leads to.
        try FileManager.default.createDirectory(atPath: prefix + "/elsewhere/a", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: module, toPath: prefix + "/elsewhere/a/effect-host.so")
        XCTAssertEqual(
            error(prefix + "/elsewhere/a/effect-host.so", data: prefix + "/lib/effect-host/obs/data")?.description,
            "the OBS module \(prefix)/elsewhere/a/effect-host.so cannot be used: its RUNPATH ($ORIGIN/../..) leads to no libeffecthost.so")
        XCTAssertFalse(FileManager.default.fileExists(atPath: plugins))
    }

    /// PREFIX/lib/libeffecthost.so, and PREFIX/lib/effect-host/obs/effect-host.so
    /// needing it with RUNPATH $ORIGIN/../.. and room after it, as
    /// scripts/build-obs links it, with data/locale/en-US.ini beside it.
    private func installLayout() throws -> (prefix: String, module: String) {
        let prefix = try TestEnvironment.temporaryDirectory(self)
        let obs = prefix + "/lib/effect-host/obs"
        try FileManager.default.createDirectory(atPath: obs + "/data/locale", withIntermediateDirectories: true)
        try "Name=\"Effect\"\n".write(toFile: obs + "/data/locale/en-US.ini", atomically: true, encoding: .utf8)
        try "int x;\n".write(toFile: prefix + "/x.c", atomically: true, encoding: .utf8)
        try TestEnvironment.compileC(
            [prefix + "/x.c"], output: prefix + "/lib/libeffecthost.so", shared: true, extraFlags: ["-Wl,-soname,libeffecthost.so"])
        let runpath = "$ORIGIN/../.." + String(repeating: "/", count: 200)
        try TestEnvironment.compileC(
            [prefix + "/x.c"], output: obs + "/effect-host.so", shared: true,
            extraFlags: ["-L" + prefix + "/lib", "-Wl,--no-as-needed", "-leffecthost", "-Wl,--enable-new-dtags", "-Wl,-rpath,\(runpath)"])
        return (prefix, obs + "/effect-host.so")
    }
}
