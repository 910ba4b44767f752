import Foundation
import XCTest

/// The shell completions offer what the parsers take, effect ids included,
/// and the manual page is well-formed roff made from the help texts.
final class CompletionsAndManTests: XCTestCase {
    private func output(_ arguments: String...) throws -> String {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// What bash's completion offers for `words`, the last being completed.
    private func bashCompletes(_ words: [String]) throws -> [String] {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let script = directory + "/effect-host.bash"
        try output("completions", "bash").write(toFile: script, atomically: true, encoding: .utf8)
        let quoted = ([TestEnvironment.effectHost] + words).map { "'" + $0 + "'" }.joined(separator: " ")
        let driver = "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); _effect_host; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try TestEnvironment.run("/bin/bash", ["--norc", "--noprofile", "-c", driver])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletesCommandsOptionsEffectsAndValues() throws {
        XCTAssertEqual(try bashCompletes(["r"]), ["render", "run"])
        XCTAssertEqual(try bashCompletes(["run", "str"]), ["strikethrough-reveal"])
        XCTAssertEqual(try bashCompletes(["run", "breathing-circles", "--lo"]), ["--loop"])
        XCTAssertEqual(try bashCompletes(["run", "breathing-circles", "--format", ""]), ["csv", "jsonl", "tty"])
        XCTAssertEqual(try bashCompletes(["render", "breathing-circles", "--format", ""]), ["png", "svg"])
        XCTAssertEqual(try bashCompletes(["render", "breathing-circles", "--theme", "d"]), ["dark"])
        XCTAssertEqual(try bashCompletes(["completions", ""]), ["bash", "fish", "zsh"])
        XCTAssertEqual(try bashCompletes(["validate", "--w"]), [], "the worker option is the program's own")
        XCTAssertEqual(try bashCompletes(["plot", "text-reveal", "--ch"]), ["--channels"])
    }

    /// zsh and fish (not installed here) get the same options from the same specs.
    func testZshAndFishNameEveryOption() throws {
        let zsh = try output("completions", "zsh")
        let fish = try output("completions", "fish")
        XCTAssertTrue(zsh.hasPrefix("#compdef effect-host\n"))
        for option in ["--loop", "--offline", "--format", "--param", "--at", "--duration", "--fps", "--plugin-path"] {
            XCTAssertTrue(zsh.contains("'\(option)["), "zsh: \(option)")
            XCTAssertTrue(fish.contains("-n '__fish_seen_subcommand_from run' -l \(option.dropFirst(2))"), "fish: \(option)")
        }
        XCTAssertFalse(zsh.contains("--worker") || fish.contains("worker"))
        XCTAssertTrue(fish.contains("-s o -r -F"), "plot's -o completes files")
        let bad = try TestEnvironment.run(TestEnvironment.effectHost, ["completions", "tcsh"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "effect-host: completions needs a shell: bash, zsh or fish\n")
    }

    func testTheManualPageIsAManPage() throws {
        let page = try output("man")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[0].hasPrefix(".TH EFFECT-HOST 1 "), String(lines[0]))
        let requests: Set<String> = [".TH", ".SH", ".SS", ".PP", ".TP", ".nf", ".fi", ".nh", ".B", ".I", ".RI"]
        for line in lines where line.hasPrefix(".") || line.hasPrefix("'") {
            XCTAssertTrue(requests.contains(String(line.split(separator: " ")[0])), "a stray request: \(line)")
        }
        let sections = lines.filter { $0.hasPrefix(".SH ") }.map { $0.dropFirst(4) }
        XCTAssertEqual(sections, ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"])
        for command in ["list", "info", "run", "render", "plot", "validate", "completions", "man"] {
            XCTAssertTrue(lines.contains(Substring(".SS \(command)")), command)
        }
        // Each option is a tagged paragraph, hyphens escaped for roff as \-.
        XCTAssertTrue(page.contains(".TP\n\\fB\\-\\-loop\\fR\n"), "--loop as a tagged paragraph")
        XCTAssertTrue(page.contains(".TP\n\\fB\\-\\-fps\\fR \\fIN\\fR\n"), "--fps N")
        XCTAssertFalse(page.contains("\\\\-"), "no double escapes")
        // groff reads it without a warning, and at 80 columns no line is longer.
        let groff = "/usr/bin/groff"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: groff), "scripts/ensure-media installs groff-base")
        let directory = try TestEnvironment.temporaryDirectory(self)
        try page.write(toFile: directory + "/effect-host.1", atomically: true, encoding: .utf8)
        // Plain text: no SGR, no overstrikes for bold and underline.
        let rendered = try TestEnvironment.run(
            groff, ["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-c", "-P-b", "-P-u", "-P-o", directory + "/effect-host.1"])
        XCTAssertEqual(rendered.status, 0)
        XCTAssertEqual(rendered.stderr, "")
        for line in rendered.stdout.split(separator: "\n") { XCTAssertLessThanOrEqual(line.unicodeScalars.count, 80, String(line)) }
        XCTAssertTrue(rendered.stdout.contains("EXIT STATUS"), "the page, rendered")
    }
}
