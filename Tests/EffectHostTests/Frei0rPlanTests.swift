import EffectHost
import Foundation
import XCTest

/// Which effects `effect-host install-hosts` makes frei0r plugins, under
/// which names, what it says of two plugins with one id, and the RUNPATH
/// room its copies are pinned in (Frei0rPlan, Frei0rInstaller, ELFDynamic).
final class Frei0rPlanTests: XCTestCase {
    func testAnEffectsFrei0rFilesAreItsIdWithUnderscoresAsSourceAndOverlay() {
        XCTAssertEqual(Frei0rNames.source(of: "text-reveal"), "effect_text_reveal.so")
        XCTAssertEqual(Frei0rNames.filter(of: "text-reveal"), "effect_text_reveal_overlay.so")
        XCTAssertEqual(Frei0rNames.source(of: "pulse"), "effect_pulse.so")
    }

    func testEveryHostSearchesTheUsersDirectoryAndTheTwoSystemOnes() {
        XCTAssertEqual(Frei0rHosts.userDirectory(home: "/home/ana/"), "/home/ana/.frei0r-1/lib")
        XCTAssertEqual(
            Frei0rHosts.searchedByEveryHost(home: "/home/ana"),
            ["/home/ana/.frei0r-1/lib", "/usr/local/lib/frei0r-1", "/usr/lib/frei0r-1"])
        XCTAssertEqual(Frei0rHosts.searchedByEveryHost(home: nil), ["/usr/local/lib/frei0r-1", "/usr/lib/frei0r-1"])
    }

    func testTheFirstPluginOnThePathWinsAnIdAndEachSideIsSaidInOneLine() throws {
        let (catalog, directory) = try catalog(self, ["a/one.so": ["pulse"], "b/two.so": ["pulse", "dots"]])
        let plan = Frei0rPlan(catalog: catalog, directory: "/f", occupant: { _ in .nothing })
        XCTAssertEqual(
            plan.effects,
            [
                Frei0rPlan.Effect(id: "pulse", plugin: "/resolved/a/one.so", files: ["effect_pulse.so", "effect_pulse_overlay.so"]),
                Frei0rPlan.Effect(id: "dots", plugin: "/resolved/b/two.so", files: ["effect_dots.so", "effect_dots_overlay.so"]),
            ])
        XCTAssertEqual(
            plan.notes.map(\.description),
            [
                "effect 'pulse' from \(directory)/a/one.so wins: it is the first on the plugin search path",
                "effect 'pulse' from \(directory)/b/two.so is skipped: \(directory)/a/one.so is earlier on the plugin search path",
            ])
    }

    func testAnIdEndingInOverlayIsLeftOutWhenItsSourceWouldBeAnotherEffectsFilter() throws {
        let (catalog, _) = try catalog(self, ["a/one.so": ["glow", "glow-overlay", "lone-overlay"]])
        let plan = Frei0rPlan(catalog: catalog, directory: "/f", occupant: { _ in .nothing })
        XCTAssertEqual(plan.effects.map(\.id), ["glow", "lone-overlay"])
        XCTAssertEqual(plan.effects.last?.files, ["effect_lone_overlay.so", "effect_lone_overlay_overlay.so"])
        XCTAssertEqual(
            plan.notes.map(\.description),
            ["effect 'glow-overlay' is not installed: its frei0r source would be named effect_glow_overlay.so, which is the filter of effect 'glow'"])
    }

    func testAFileAnotherProgramHasUnderAnEffectsNameIsLeftAndTheEffectLeftOut() throws {
        let (catalog, _) = try catalog(self, ["a/one.so": ["pulse", "dots"]])
        let occupants: [String: Frei0rPlan.Occupant] = ["/f/effect_pulse_overlay.so": .other, "/f/effect_dots.so": .adapterCopy]
        let plan = Frei0rPlan(catalog: catalog, directory: "/f", occupant: { occupants[$0] ?? .nothing })
        XCTAssertEqual(plan.effects.map(\.id), ["dots"], "a copy of the adapter is replaced")
        XCTAssertEqual(
            plan.notes.map(\.description),
            ["effect 'pulse' is not installed: /f/effect_pulse_overlay.so is not a copy of the frei0r adapter: it is left as it is"])
    }

    func testACopyOfTheAdapterIsAFileThatNeedsTheHostLibrary() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try "int x;\n".write(toFile: directory + "/x.c", atomically: true, encoding: .utf8)
        try TestEnvironment.compileC(
            [directory + "/x.c"], output: directory + "/libeffecthost.so", shared: true, extraFlags: ["-Wl,-soname,libeffecthost.so"])
        try TestEnvironment.compileC([directory + "/x.c"], output: directory + "/copy.so", shared: true, extraFlags: ["-L" + directory, "-Wl,--no-as-needed", "-leffecthost"])
        try TestEnvironment.compileC([directory + "/x.c"], output: directory + "/other.so", shared: true)
        try "not a library".write(toFile: directory + "/text.so", atomically: true, encoding: .utf8)
        XCTAssertEqual(Frei0rInstaller.occupant(of: directory + "/copy.so"), .adapterCopy)
        XCTAssertEqual(Frei0rInstaller.occupant(of: directory + "/other.so"), .other)
        XCTAssertEqual(Frei0rInstaller.occupant(of: directory + "/text.so"), .other)
        XCTAssertEqual(Frei0rInstaller.occupant(of: directory + "/missing.so"), .nothing)
    }

    func testARunpathIsRewrittenInItsOwnRoomAndOneTooLongIsRefused() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try "int x;\n".write(toFile: directory + "/x.c", atomically: true, encoding: .utf8)
        let runpath = "$ORIGIN/..////////////////"
        try TestEnvironment.compileC(
            [directory + "/x.c"], output: directory + "/lib.so", shared: true, extraFlags: ["-Wl,-rpath,\(runpath)", "-Wl,--enable-new-dtags", "-Wl,--no-as-needed", "-lm"])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/lib.so")))
        let dynamic = try XCTUnwrap(ELFDynamic(bytes: bytes))
        XCTAssertEqual(dynamic.runpath, runpath)
        XCTAssertEqual(dynamic.runpathRoom, 26)
        XCTAssertEqual(dynamic.needed, ["libm.so.6", "libc.so.6"])
        let rewritten = try XCTUnwrap(dynamic.settingRunpath("/opt/eh/lib", in: bytes))
        XCTAssertEqual(rewritten.count, bytes.count)
        XCTAssertEqual(ELFDynamic(bytes: rewritten)?.runpath, "/opt/eh/lib")
        XCTAssertEqual(ELFDynamic(bytes: rewritten)?.needed, ["libm.so.6", "libc.so.6"])
        XCTAssertNil(dynamic.settingRunpath("/a/directory/longer/than/26", in: bytes))
        XCTAssertNil(ELFDynamic(bytes: Array("not a library".utf8)))
        // The loader itself reads the rewritten file (readelf as a second reader).
        try Data(rewritten).write(to: URL(fileURLWithPath: directory + "/rewritten.so"))
        let said = try TestEnvironment.run("/usr/bin/env", ["readelf", "-d", directory + "/rewritten.so"])
        XCTAssertTrue(said.stdout.contains("Library runpath: [/opt/eh/lib]"), said.stdout)
    }

    /// A catalog of the plugins `files` (a path under a fresh directory,
    /// and the effect ids it offers) in that order on the search path,
    /// each resolving to /resolved/PATH.
    private func catalog(_ test: XCTestCase, _ files: KeyValuePairs<String, [String]>) throws -> (PluginCatalog, String) {
        let directory = try TestEnvironment.temporaryDirectory(test)
        var records: [String: PluginRecord] = [:]
        var entries: [SearchPath.Entry] = []
        for (file, ids) in files {
            let path = directory + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
            let lines =
                [PluginRecordText.line("plugin", "/resolved/" + file, "p", "P", "1.0.0", "a", "MIT", "s", "1", "2", "\(ids.count)")]
                + ids.enumerated().map { PluginRecordText.line("effect", "\($0.offset)", $0.element, "N", "S", "", "1", "d", "", "0", "0", "0", "0") }
            records[path] = try PluginRecordText.record(from: lines, path: path)
            entries.append(SearchPath.Entry(path: path, origin: .explicit))
        }
        let found = records
        let catalog = PluginCatalog(searchPath: SearchPath(entries: entries), allowUnsafe: true) { files in
            files.map { .success(found[$0]!) }
        }
        return (catalog, directory)
    }
}
