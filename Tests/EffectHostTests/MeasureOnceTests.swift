import EffectHost
import XCTest

/// A draw asks the host's measurer about each run once: the kit keeps the
/// answers for the rest of the draw (a stack sizes its children at no
/// width, at full width and at what it offers, and a word at no width is
/// measured a character at a time), and asks again in the next draw,
/// whose measurer may answer differently (a font arrived).
final class MeasureOnceTests: XCTestCase {
    /// Every run asked, in order; 8 points an ASCII character.
    private final class Counting: TextMeasuring, @unchecked Sendable {
        var asked: [String] = []
        func measure(_ text: String, size: Double, weight: Double, tracking: Double)
            -> (advance: Double, ascent: Double, descent: Double)?
        {
            asked.append("\(text)|\(size)|\(weight)|\(tracking)")
            return (Double(text.utf8.count) * 8 + Double(text.count) * tracking, 10, 3)
        }
    }

    private func instance(_ library: String, _ id: String, _ params: [(String, Value)]) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    func testEachRunIsMeasuredOnceADraw() throws {
        let cases: [(String, String, [(String, Value)], Set<String>)] = [
            // The line, its space, its words, and at no width each word's characters (10 distinct).
            ("libStrike.so", "strikethrough-reveal", [("text", .string("Ship the component"))],
             ["Ship the component", " ", "Ship", "the", "component", "S", "h", "i", "p", "t", "e", "c", "o", "m", "n"]),
            ("libReveal.so", "text-reveal", [("text", .string("Plan the week"))], ["Plan", "the", "week"]),
        ]
        for (library, id, params, runs) in cases {
            let effect = try instance(library, id, params)
            let measurer = Counting()
            _ = try effect.draw(at: 0.5, width: 150, measurer: measurer)
            let first = measurer.asked
            XCTAssertEqual(first.count, Set(first).count, "\(id): a run measured twice in one draw: \(first)")
            XCTAssertEqual(Set(first.map { String($0.prefix { $0 != "|" }) }), runs, id)
            measurer.asked = []
            _ = try effect.draw(at: 0.6, width: 150, measurer: measurer)
            XCTAssertEqual(measurer.asked, first, "\(id): the next draw asks again")
        }
    }
}
