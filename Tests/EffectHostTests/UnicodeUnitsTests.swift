import EffectHost
import Foundation
import XCTest

/// text-reveal's character units against Unicode's own test data (Debian's
/// unicode-data, which scripts/ensure-media installs): every emoji sequence
/// of emoji-test.txt, and every case of GraphemeBreakTest.txt, is cut where
/// UAX #29 cuts it and nowhere else.
final class UnicodeUnitsTests: XCTestCase {
    private static let data = "/usr/share/unicode"

    private func characterUnits(of text: String) throws -> [String] {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/libReveal.so")
        let instance = try plugin.instantiate(
            try XCTUnwrap(plugin.effect(id: "text-reveal")), params: [("text", .string(text)), ("unit", .choice("characters"))])
        return try (0..<instance.elementCount).map { try instance.element($0).text }
    }

    private func lines(_ file: String) throws -> [Substring] {
        let path = Self.data + "/" + file
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: scripts/ensure-media installs Debian's unicode-data")
            return []
        }
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    }

    private func scalars(_ hex: some StringProtocol) -> String? {
        var string = ""
        for field in hex.split(whereSeparator: \.isWhitespace) {
            guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            string.unicodeScalars.append(scalar)
        }
        return string
    }

    /// The sequences go one to a line: a line break always ends a cluster
    /// (GB4, GB5), where a skin tone alone after a space would join it (GB9).
    func testEveryEmojiSequenceIsOneUnit() throws {
        // "1F469 200D 1F469 200D 1F467 200D 1F466 ; fully-qualified # 👩‍👩‍👧‍👦 E2.0 family: woman, woman, girl, boy"
        let sequences = try lines("emoji/emoji-test.txt").compactMap { line -> String? in
            let fields = line.split(separator: ";")
            guard !line.hasPrefix("#"), fields.count == 2 else { return nil }
            return scalars(fields[0])
        }
        XCTAssertGreaterThan(sequences.count, 4000, "emoji-test.txt lists every sequence")
        let units = try characterUnits(of: sequences.joined(separator: "\n"))
        XCTAssertEqual(units.count, sequences.count)
        for (unit, sequence) in zip(units, sequences) where unit != sequence {
            XCTFail("\(sequence.unicodeScalars.map { String($0.value, radix: 16) }) was cut into \(unit)")
        }
    }

    /// Each case's clusters, as the file marks them (÷ a break, × none).
    /// Cases with white space or control characters are left out: text-reveal
    /// splits words at white space before it cuts characters.
    func testEveryGraphemeBreakCaseIsCutAsUAX29Says() throws {
        var expected: [String] = []
        var cases: [String] = []
        for line in try lines("auxiliary/GraphemeBreakTest.txt") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard body.contains("÷") else { continue }
            let clusters = body.split(separator: "÷").compactMap { piece -> String? in
                let hex = piece.replacingOccurrences(of: "×", with: " ")
                return hex.trimmingCharacters(in: .whitespaces).isEmpty ? nil : scalars(hex)
            }
            guard clusters.count == body.split(separator: "÷").filter({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }).count,
                !clusters.joined().unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
            else { continue }
            cases.append(clusters.joined())
            expected += clusters
        }
        XCTAssertGreaterThan(cases.count, 300)
        // One case a line: a line break ends any cluster (GB4, GB5), so a case that starts with a mark stays its own.
        let units = try characterUnits(of: cases.joined(separator: "\n"))
        XCTAssertEqual(units.count, expected.count)
        func hex(_ text: String) -> String { text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
        if let first = units.indices.first(where: { $0 < expected.count && units[$0] != expected[$0] }) {
            XCTFail("unit \(first) is [\(hex(units[first]))], where UAX #29 cuts [\(hex(expected[first]))]")
        }
    }
}
