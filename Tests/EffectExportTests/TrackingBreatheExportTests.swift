import BundledPlugins
import EffectExport
import EffectHost
import EffectRender
import XCTest

/// A common title exports: tracking-breathe keeps the rows its text settles
/// into while the entrance flares it 17 pt wider, so no run changes its
/// text over time (issue 48: "good morning" was refused).
final class TrackingBreatheExportTests: XCTestCase {
    /// Two words, `length` characters with the space, cut from real words
    /// and from the widest capitals (W, M), at the default proposed width
    /// (432 pt) in Inter, as `effect-host export` draws them.
    private func titles(_ length: Int) -> [String] {
        let first = (length - 1) / 2
        let second = length - 1 - first
        let words = "strawberrymorningbreathingconferencewelcomeeveryone"
        func cut(_ from: Int, _ count: Int) -> String { String(words.dropFirst(from).prefix(count)) }
        return [cut(0, first) + " " + cut(17, second), String(repeating: "W", count: first) + " " + String(repeating: "M", count: second)]
    }

    func testTwoWordTitlesOf8To30CharactersExportToLottieAndTheWeb() throws {
        let fonts = try FontBook(.family("Inter"))
        for length in 8...30 {
            for title in titles(length) {
                XCTAssertEqual(title.count, length)
                let instance = try bundledInstance("libBreathe.so", "tracking-breathe", [("text", .string(title))])
                XCTAssertNoThrow(try LottieFile(instance, fonts: fonts, settings: ExportSettings()), title)
                XCTAssertNoThrow(try WebPage(motion: instance, reducedMotion: nil, appearances: [.light], fonts: fonts), title)
            }
        }
    }

    /// "GOOD MORNING", the title: one run, the same text in every
    /// frame, as the web page and the Lottie file draw it.
    func testGoodMorningIsOneLineThroughTheEntrance() throws {
        let fonts = try FontBook(.family("Inter"))
        let instance = try bundledInstance("libBreathe.so", "tracking-breathe", [("text", .string("good morning"))])
        for t in stride(from: 0.0, through: 4.5, by: 0.05) {
            let list = try instance.draw(at: t, width: ExportSettings.defaultWidth, measurer: fonts)
            let texts = list.items.compactMap { item -> String? in if case let .text(text) = item { text.text } else { nil } }
            XCTAssertEqual(texts, ["GOOD MORNING"], "t = \(t)")
        }
        XCTAssertNoThrow(try LottieFile(instance, fonts: fonts, settings: ExportSettings()))
    }
}
