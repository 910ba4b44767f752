import Foundation
import XCTest

/// Text from params and from plugins never reaches a terminal raw: escape
/// sequences and bidirectional overrides in it are shown as \u{...}.
final class TerminalSafetyTests: XCTestCase {
    /// What the hostile texts carry: a window retitle, a screen clear, red,
    /// and a right-to-left override.
    private let payloads = ["\u{1B}]0;pwned", "\u{1B}[2J", "\u{1B}[31m", "\u{202E}"]

    private func assertNeutralised(_ output: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for payload in payloads {
            XCTAssertFalse(output.contains(payload), "\(what) let \(payload.debugDescription) through", file: file, line: line)
        }
    }

    private func hostilePlugin() throws -> String {
        try Fixtures.testPlugin("hostile.so", in: try TestEnvironment.temporaryDirectory(self), defines: ["HOSTILE_TEXT"])
    }

    func testListInfoAndValidateNeutralisePluginText() throws {
        let plugin = try hostilePlugin()
        for arguments in [["list", "--plugin-path", plugin], ["info", "test-ramp", "--plugin-path", plugin], ["validate", plugin]] {
            let result = try TestEnvironment.run(TestEnvironment.effectHost, arguments)
            XCTAssertFalse(result.stdout.contains("\u{1B}"), "\(arguments): no escape byte at all in text output")
            assertNeutralised(result.stdout + result.stderr, "\(arguments)")
            if arguments[0] != "validate" {
                XCTAssertTrue(result.stdout.contains("\\u{1b}]0;pwned"), "\(arguments) shows the text, escaped: \(result.stdout)")
            }
        }
    }

    /// On a terminal (`script` gives the run one), the meter view and the
    /// effects' own views draw with escape sequences of their own, but none
    /// from the texts.
    func testTerminalViewsNeutraliseTextParams() throws {
        let plugin = try hostilePlugin()
        let hostile = "Ship\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31m\u{202E}it"
        let host = TestEnvironment.effectHost
        for (effect, extra) in [
            ("strikethrough-reveal", ["--param", "text=" + hostile]),
            ("tracking-breathe", ["--param", "text=" + hostile]),
            ("text-reveal", ["--param", "text=" + hostile]),
            ("test-ramp", ["--plugin-path", plugin]),
        ] {
            let command = ([host, "run", effect, "--format", "tty", "--duration", "0.1"] + extra).map(shellQuoted).joined(separator: " ")
            let result = try TestEnvironment.run("/usr/bin/script", ["-qec", command, "/dev/null"])
            XCTAssertEqual(result.status, 0, "\(effect): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("\u{1B}["), "\(effect) drew on the terminal")
            // The player clears the screen itself, after resetting colours;
            // the payload's clear follows a BEL.
            let playerClear = "\u{1B}[0m\u{1B}[2J"
            XCTAssertTrue(result.stdout.contains(playerClear), "\(effect) took the screen")
            assertNeutralised(result.stdout.replacingOccurrences(of: playerClear, with: ""), effect)
        }
    }

    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
