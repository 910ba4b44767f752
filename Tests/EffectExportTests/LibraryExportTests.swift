import BundledPlugins
import EffectExport
import EffectHost
import EffectRender
import Foundation
import XCTest

/// Exports made through the libraries alone, as any Swift host would make
/// them, with no effect-host process: a Lottie file and a web page.
final class LibraryExportTests: XCTestCase {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "export-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testALottieFileOfTheStrike() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let fonts = try FontBook(.family("DejaVu Sans"))
        let file = try LottieFile(instance, fonts: fonts, settings: ExportSettings(fps: 50))
        // 0.32 s at 50 fps: frames 0 through 16.
        XCTAssertEqual(file.frameCount, 17)
        let path = try temporaryDirectory() + "/strike.json"
        try file.write(to: path)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        XCTAssertEqual(json["fr"] as? Double, 50)
        XCTAssertEqual(json["ip"] as? Double, 0)
        // Frame 16 (t = 0.32 s, the settled strike) is the last one shown; op is past it.
        XCTAssertEqual(json["op"] as? Double, 17)
        XCTAssertEqual(json["w"] as? Int, file.width)
        XCTAssertEqual(json["nm"] as? String, "Strikethrough Reveal")
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        XCTAssertFalse(layers.isEmpty)
        // The strike's line colour, (0.541, 0.561, 0.596), is among the fills.
        let text = String(decoding: file.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("[0.541,0.561,0.596") || text.contains("[0.5412,0.5608,0.5961"), "no fill of the line's colour")
    }

    /// What Lottie cannot say is counted in the notes, never listed by the
    /// items' internal ids: the strike drains one group's colour; text-reveal's
    /// blur preset blurs each of the three words of "a b c".
    func testTheNotesCountWhatLottieCannotSay() throws {
        let fonts = try FontBook(.family("DejaVu Sans"))
        let strike = try LottieFile(bundledInstance("libStrike.so", "strikethrough-reveal"), fonts: fonts, settings: ExportSettings(fps: 30))
        XCTAssertEqual(strike.notes, ["Lottie has no saturation filter: the saturation of 1 group is baked into the colours inside, keyframed"])
        let reveal = try bundledInstance("libReveal.so", "text-reveal", [("text", .string("a b c")), ("preset", .choice("blur"))])
        let blurred = try LottieFile(reveal, fonts: fonts, settings: ExportSettings(fps: 30))
        XCTAssertEqual(blurred.notes, [
            "Lottie 1.0 has no blur: the blur of 3 groups is left out (After Effects' Gaussian Blur layer effect is outside the format; lottie-web draws it, rlottie does not)"
        ])
    }

    /// Colour emoji are pictures, which Lottie cannot hold: counted in a note.
    /// The Arabic beside it comes from a fallback font, as outlines.
    func testEmojiAreLeftOutOfLottieAndSaidSo() throws {
        let fonts = try FontBook(.family("Inter"))
        let reveal = try bundledInstance("libReveal.so", "text-reveal", [("text", .string("a \u{1F600} \u{0645}\u{0631}"))])
        let file = try LottieFile(reveal, fonts: fonts, settings: ExportSettings(fps: 30))
        XCTAssertTrue(
            file.notes.contains("Lottie draws text as outlines and colour emoji have none (they are pictures): 1 emoji glyph is left out"),
            "\(file.notes)")
        XCTAssertNil(fonts.uncoveredNote, "Inter's fallbacks cover the Arabic")
    }

    func testADotLottieArchiveIsAZip() throws {
        let instance = try bundledInstance("libBreathe.so", "breathing-circles")
        let file = try LottieFile(instance, fonts: try FontBook(.family("DejaVu Sans")), settings: ExportSettings(fps: 10), archived: true)
        XCTAssertEqual(Array(file.bytes.prefix(4)), [0x50, 0x4B, 0x03, 0x04], "a ZIP local file header")
        XCTAssertTrue(String(decoding: file.bytes, as: UTF8.self).contains("manifest.json"))
    }

    func testOnePeriodIsRefusedForAnEffectThatEnds() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        XCTAssertThrowsError(try LottieFile(instance, fonts: try FontBook(.family("DejaVu Sans")), periodOnly: true)) {
            XCTAssertEqual($0 as? ExportError, .endsInsteadOfLooping(effect: "strikethrough-reveal"))
        }
    }

    func testAWebPageHasAVariantPerLook() throws {
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let page = try WebPage(motion: instance, reducedMotion: nil, fonts: nil, settings: ExportSettings(fps: 30), name: "strike")
        XCTAssertEqual(page.files.map(\.name), ["strike.css", "index.html", "snippet.html"])
        XCTAssertEqual(page.variantCount, 2)
        let directory = try temporaryDirectory() + "/page"
        try page.write(into: directory)
        let css = try String(contentsOfFile: directory + "/strike.css", encoding: .utf8)
        XCTAssertTrue(css.contains("@keyframes"))
        XCTAssertTrue(css.contains("prefers-color-scheme: dark"))
    }
}
