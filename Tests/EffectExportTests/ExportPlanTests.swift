import BundledPlugins
import EffectExport
import EffectHost
import EffectRender
import Foundation
import XCTest

/// What an export decides for every front end (the command line and
/// effect_host.h map onto it): the target a path names, the options each
/// format refuses, that the effect draws, the look a Lottie file takes,
/// and the reduced-motion variant a page carries.
final class ExportPlanTests: XCTestCase {
    private func directory() throws -> String {
        let directory = try temporaryTestDirectory("export-plan")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    private func refusal(_ body: () throws -> Void) -> ExportRefusal? {
        do {
            try body()
            return nil
        } catch {
            return error as? ExportRefusal
        }
    }

    func testAPathNamesAPageALottieFileOrTheReasonNeither() throws {
        let existing = try directory()
        try FileManager.default.createDirectory(atPath: existing + "/site.v2", withIntermediateDirectories: false)
        XCTAssertEqual(try ExportTarget(path: "out/"), .web("out/"))
        XCTAssertEqual(try ExportTarget(path: "out"), .web("out"))
        XCTAssertEqual(try ExportTarget(path: "a.v2/"), .web("a.v2/"))
        XCTAssertEqual(try ExportTarget(path: existing + "/site.v2"), .web(existing + "/site.v2"))
        XCTAssertEqual(try ExportTarget(path: "a.json"), .lottie("a.json"))
        XCTAssertEqual(try ExportTarget(path: "b/A.LOTTIE"), .dotLottie("b/A.LOTTIE"))
        XCTAssertEqual(refusal { _ = try ExportTarget(path: "a.doc") }, .unknownFormat(suffix: "doc"))
        XCTAssertEqual(refusal { _ = try ExportTarget(path: "site.v2") }, .unknownFormat(suffix: "v2"))
        XCTAssertEqual(refusal { _ = try ExportTarget(path: "b/.json") }, .lottieNeedsFileName("b/.json", suffix: "json"))
        XCTAssertEqual(
            ExportRefusal.unknownFormat(suffix: "doc").message,
            "cannot write .doc files: an export is a directory (a web page), FILE.json (Lottie) or FILE.lottie (dotLottie)")
    }

    func testALivePageIsADirectoryThatFollowsTheReadersScheme() {
        XCTAssertEqual(try ExportTarget(path: "out", live: true), .live("out"))
        XCTAssertEqual(refusal { _ = try ExportTarget(path: "a.json", live: true) }, .liveNeedsDirectory)
        let live = ExportTarget.live("out")
        XCTAssertFalse(live.isLottie)
        XCTAssertEqual(refusal { try ExportRequest(target: live, appearances: [.dark]).check() }, .liveFollowsScheme)
        XCTAssertEqual(refusal { try ExportRequest(target: live, name: "page").check() }, .nameNeedsWeb)
        XCTAssertEqual(refusal { try ExportRequest(target: live, periodOnly: true).check() }, .periodNeedsLottie)
        XCTAssertNil(refusal { try ExportRequest(target: live).check() })
    }

    func testEachOptionAFormatCannotHonourIsNamed() {
        let page = ExportTarget.web("out/")
        let lottie = ExportTarget.lottie("a.json")
        func check(_ request: ExportRequest) -> ExportRefusal? { refusal { try request.check() } }
        XCTAssertNil(check(ExportRequest(target: page, name: "hero-2")))
        XCTAssertNil(check(ExportRequest(target: lottie, periodOnly: true, appearances: [.dark])))
        XCTAssertEqual(check(ExportRequest(target: page, fps: 0.05)), .outOfLimits(.frameRate(0.05)))
        XCTAssertEqual(check(ExportRequest(target: lottie, fps: 1001)), .outOfLimits(.frameRate(1001)))
        // A render's widths: 10 to 10000 points.
        XCTAssertEqual(check(ExportRequest(target: page, proposedWidth: 9)), .proposedWidth(.proposedWidth(9)))
        XCTAssertEqual(check(ExportRequest(target: lottie, proposedWidth: 20000)), .proposedWidth(.proposedWidth(20000)))
        XCTAssertNil(check(ExportRequest(target: lottie, proposedWidth: 10000)))
        XCTAssertEqual(check(ExportRequest(target: page, periodOnly: true)), .periodNeedsLottie)
        XCTAssertEqual(check(ExportRequest(target: lottie, appearances: [.light, .dark])), .lottieHasOneLook)
        XCTAssertEqual(check(ExportRequest(target: page, name: "2hero")), .invalidName("2hero"))
        XCTAssertEqual(check(ExportRequest(target: page, name: String(repeating: "a", count: 65))), .invalidName(String(repeating: "a", count: 65)))
        XCTAssertEqual(check(ExportRequest(target: lottie, name: "hero")), .nameNeedsWeb)
        // A page holds both looks unless told; a Lottie file has the light one.
        XCTAssertEqual(ExportRequest(target: page).looks, [.light, .dark])
        XCTAssertEqual(ExportRequest(target: lottie).looks, [.light])
    }

    /// A plugin of ABI 1.1 has no display list; one of 1.2 has one look,
    /// which a Lottie file asked for dark keeps, saying so.
    func testTheEffectMustDrawAndAOneLookPluginExportsItsLightLook() throws {
        let directory = try directory()
        let old = try Plugin.load(path: try compiledTestPlugin("libCounts11.so", in: directory, defines: ["ABI_1_1"]))
        let counts = try old.instantiate(try XCTUnwrap(old.effect(id: "test-ramp")))
        XCTAssertEqual(
            refusal { _ = try ExportPlan(ExportRequest(target: .web("out/")), instance: counts, lastEvent: 0) },
            .doesNotDraw(effect: "test-ramp", abiMinor: 1))
        XCTAssertEqual(
            ExportRefusal.doesNotDraw(effect: "test-ramp", abiMinor: 1).message,
            "test-ramp comes from an ABI 1.1 plugin, which does not draw itself: export needs ABI 1.2 or later")
        let oneLook = try Plugin.load(path: try compiledTestPlugin("libDraws12.so", in: directory, defines: ["ABI_1_2"]))
        let ramp = try oneLook.instantiate(try XCTUnwrap(oneLook.effect(id: "test-ramp")))
        let dark = try ExportPlan(ExportRequest(target: .lottie("a.json"), appearances: [.dark]), instance: ramp, lastEvent: 0)
        XCTAssertEqual(dark.looks, [.light])
        XCTAssertEqual(dark.notes, [.oneLook(effect: "test-ramp")])
        XCTAssertEqual(dark.notes.first?.message, "test-ramp comes from a plugin with one look; exporting its light look")
        XCTAssertEqual(try ExportPlan(ExportRequest(target: .lottie("a.json")), instance: ramp, lastEvent: 0).notes, [])
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        XCTAssertEqual(try ExportPlan(ExportRequest(target: .lottie("a.json"), appearances: [.dark]), instance: strike, lastEvent: 0).looks, [.dark])
    }

    /// text-reveal has a bool reduce_motion: its page carries the variant
    /// with it on; a Lottie file does not.
    func testAPageOfAnEffectWithReduceMotionCarriesThatVariant() throws {
        let reveal = try bundledInstance("libReveal.so", "text-reveal")
        let page = try ExportPlan(ExportRequest(target: .web("out/")), instance: reveal, lastEvent: 0)
        XCTAssertEqual(page.reducedMotion?.name, "reduce_motion")
        XCTAssertEqual(page.reducedMotion?.value, .bool(true))
        XCTAssertNil(try ExportPlan(ExportRequest(target: .lottie("a.json")), instance: reveal, lastEvent: 0).reducedMotion)
    }

    /// Lottie outlines its text: the reference metrics are refused; with a
    /// shaped font the strike's 0.32 s at 30 fps is frames 0 to 10.
    func testALottieFileNeedsAShapedFontAndCoversTheTimeline() throws {
        let path = try directory() + "/strike.json"
        let strike = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let plan = try ExportPlan(ExportRequest(target: .lottie(path), fps: 30), instance: strike, lastEvent: 0)
        XCTAssertEqual(refusal { _ = try plan.write(fonts: nil, fontFile: nil, reducedMotion: nil) }, .lottieNeedsShapedFont)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        guard case let .lottie(file) = try plan.write(fonts: try FontBook(.family("DejaVu Sans")), fontFile: nil, reducedMotion: nil) else {
            return XCTFail("a .json path writes Lottie")
        }
        XCTAssertEqual(file.frameCount, 11)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }
}
