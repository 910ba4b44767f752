import Foundation
import ReferenceMath
import XCTest

/// effect-host as a user runs it: output formats, exit statuses, messages.
final class CLITests: XCTestCase {
    private func host(_ arguments: String...) throws -> TestEnvironment.Result {
        try host(arguments)
    }

    private func host(_ arguments: [String]) throws -> TestEnvironment.Result {
        try TestEnvironment.run(TestEnvironment.effectHost, arguments)
    }

    fileprivate func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    private func assertUsageError(
        _ result: TestEnvironment.Result, contains fragment: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("effect-host: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(fragment), "'\(result.stderr)' lacks '\(fragment)'", file: file, line: line)
    }

    /// Characters no installed font has are named after the render, on one
    /// line, never left as a silent box. U+0378 is unassigned: no font has it.
    func testRenderNamesCharactersNoFontHas() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let result = try host("render", "text-reveal", "--param", "text=ab \u{0378}", "--font", "DejaVu Sans", "-o", directory + "/x.png")
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "effect-host: no installed font has U+0378; it is drawn as a box", result.stderr)
        let covered = try host("render", "text-reveal", "--param", "text=ab", "--font", "DejaVu Sans", "-o", directory + "/y.png")
        XCTAssertFalse(covered.stderr.contains("no installed font"), covered.stderr)
    }

    /// A highlight phrase that matches no word of the text is said once,
    /// by every command that makes the effect (the plugin's note, ABI 1.5);
    /// export, which makes a reduced-motion twin too, still says it once.
    func testAHighlightThatMatchesNothingIsSaidOnce() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let said = "effect-host: text-reveal: the highlight 'weekend' matches no words of the text, so nothing is highlighted for it"
        for arguments in [
            ["render", "text-reveal", "--param", "highlights=weekend|calm", "-o", directory + "/x.png"],
            ["export", "text-reveal", "--param", "highlights=weekend|calm", "-o", directory + "/page/"],
            ["run", "text-reveal", "--param", "highlights=weekend|calm", "--offline", "--format", "csv", "--duration", "0.1"],
        ] {
            let result = try host(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("weekend") }.map(String.init), [said], arguments[0])
        }
        let matched = try host("render", "text-reveal", "--param", "highlights=calm", "-o", directory + "/y.png")
        XCTAssertFalse(matched.stderr.contains("matches no words"), matched.stderr)
    }

    func testListText() throws {
        let result = try host("list")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("strike 1.0.0  ABI 1.7  \(TestEnvironment.strikePlugin)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  strikethrough-reveal  A task striking itself out"), result.stdout)
    }

    func testListJSON() throws {
        let result = try host("list", "--json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let plugins = try XCTUnwrap(report["plugins"] as? [[String: Any]])
        let strike = try XCTUnwrap(plugins.first { $0["id"] as? String == "strike" })
        XCTAssertEqual(strike["path"] as? String, TestEnvironment.strikePlugin)
        XCTAssertEqual(strike["abi"] as? String, "1.7")
        XCTAssertEqual((strike["effects"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["strikethrough-reveal"])
        XCTAssertEqual((report["failures"] as? [Any])?.count, 0)
    }

    func testListReportsBrokenPluginsAndKeepsGoing() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        _ = FileManager.default.createFile(atPath: directory + "/junk.so", contents: Data("junk".utf8))
        let result = try host("list", "--plugin-path", directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Not loaded:\n  \(directory)/junk.so: not an ELF shared library"), result.stdout)
        XCTAssertTrue(result.stdout.contains("strikethrough-reveal"))
    }

    func testInfo() throws {
        let text = try host("info", "strikethrough-reveal")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("with defaults, ends at 0.32 s"), text.stdout)
        XCTAssertTrue(text.stdout.contains("duration       number             0.32"), text.stdout)
        XCTAssertTrue(text.stdout.contains("design: Strikethrough Reveal by syxUI"), text.stdout)

        let json = try host("info", "strikethrough-reveal", "--json")
        XCTAssertEqual(json.status, 0, json.stderr)
        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let params = try XCTUnwrap(info["params"] as? [[String: Any]])
        XCTAssertEqual(params.count, 9)
        let duration = try XCTUnwrap(params.first { $0["name"] as? String == "duration" })
        XCTAssertEqual(duration["default"] as? Double, 0.32)
        XCTAssertEqual(duration["min"] as? Double, 0.001)
        XCTAssertEqual(duration["unit"] as? String, "s")
        XCTAssertEqual((info["channels"] as? [Any])?.count, 6)
        let defaults = try XCTUnwrap(info["defaults"] as? [String: Any])
        XCTAssertEqual((defaults["timing"] as? [String: Any])?["end"] as? Double, 0.32)
    }

    /// ABI 1.7's multiline flag: text-reveal's `text` shows its line breaks
    /// as lines (with unit `lines`), so info says so beside its type, and
    /// the JSON has it for every param; `highlights` is one line.
    func testInfoSaysWhichStringsAreMultiline() throws {
        let text = try host("info", "text-reveal")
        XCTAssertEqual(text.status, 0, text.stderr)
        let rows = text.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let textRow = try XCTUnwrap(rows.first { $0.first == "text" })
        XCTAssertEqual(textRow[1...2], ["string,", "multiline"], text.stdout)
        let highlightsRow = try XCTUnwrap(rows.first { $0.first == "highlights" })
        XCTAssertEqual(highlightsRow[1], "string", text.stdout)

        let json = try host("info", "text-reveal", "--json")
        XCTAssertEqual(json.status, 0, json.stderr)
        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let params = try XCTUnwrap(info["params"] as? [[String: Any]])
        XCTAssertEqual(params.filter { $0["multiline"] as? Bool == true }.map { $0["name"] as? String }, ["text"])
        XCTAssertEqual(params.filter { $0["multiline"] as? Bool == false }.count, 18, "every other param says false")
    }

    /// Frames at t = i/fps up to and including the first at or after the end.
    func testRunJSONLinesOffline() throws {
        let result = try host("run", "strikethrough-reveal", "--offline", "--fps", "100", "--format", "jsonl")
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try jsonLines(result.stdout)
        XCTAssertEqual(frames.count, 33)
        for (index, frame) in frames.enumerated() {
            let t = try XCTUnwrap(frame["t"] as? Double)
            XCTAssertEqual(t, Double(index) / 100)
            let channels = try XCTUnwrap(frame["channels"] as? [String: Double])
            let expected = Reference.strike(amount: Reference.easeInOut(t / 0.32))
            XCTAssertEqual(try XCTUnwrap(channels["amount"]), expected.amount, accuracy: 1e-12)
            XCTAssertEqual(try XCTUnwrap(channels["text_opacity"]), expected.textOpacity, accuracy: 1e-12)
            XCTAssertEqual(try XCTUnwrap(channels["scale"]), expected.scale, accuracy: 1e-12)
            XCTAssertNil(frame["elements"])
        }
    }

    func testRunWithEventsRunsPastTheLastEvent() throws {
        let result = try host(
            "run", "strikethrough-reveal", "--offline", "--fps", "50", "--format", "jsonl", "--at", "1.2:done=false")
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try jsonLines(result.stdout)
        XCTAssertEqual(frames.last?["t"] as? Double, 1.52)
        let middle = try XCTUnwrap(frames.first { $0["t"] as? Double == 1.36 })
        XCTAssertEqual((middle["channels"] as? [String: Double])?["amount"] ?? -1, 0.5, accuracy: 1e-12)
    }

    func testRunCSVWithDuration() throws {
        let result = try host(
            "run", "strikethrough-reveal", "--offline", "--fps", "10", "--duration", "0.5", "--format", "csv",
            "--param", "duration=1")
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.first, ["t", "amount", "line_width", "text_opacity", "saturation", "scale", "tick_trim"])
        XCTAssertEqual(rows.count, 7)
        XCTAssertEqual(rows.dropFirst().map { $0[0] }, ["0", "0.1", "0.2", "0.3", "0.4", "0.5"])
        XCTAssertEqual(Double(rows[6][1]) ?? -1, 0.5, accuracy: 1e-12)
    }

    /// Real time, through the Dispatch timer: the same frames as offline,
    /// give or take their exact times, ending on the end frame.
    func testRunRealtime() throws {
        let result = try host("run", "strikethrough-reveal", "--fps", "30")
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try jsonLines(result.stdout)
        XCTAssertGreaterThan(frames.count, 1)
        XCTAssertEqual(frames.first?["t"] as? Double, 0)
        XCTAssertEqual(frames.last?["t"] as? Double, 10.0 / 30)
        XCTAssertEqual((frames.last?["channels"] as? [String: Double])?["amount"], 1)
    }

    func testUsageErrors() throws {
        assertUsageError(try host("run", "strikethrough-reveel"), contains: "did you mean 'strikethrough-reveal'?")
        assertUsageError(try host("info", "nothing-like-it"), contains: "unknown effect 'nothing-like-it' (see effect-host list)")
        // A word contained in one id only is a close match too.
        assertUsageError(try host("info", "strike"), contains: "did you mean 'strikethrough-reveal'?")
        assertUsageError(try host("run", "strikethrough-reveal", "--param", "durtion=1"), contains: "did you mean 'duration'?")
        assertUsageError(try host("run", "strikethrough-reveal", "--param", "duration=abc"), contains: "needs a number, not 'abc'")
        assertUsageError(try host("run", "strikethrough-reveal", "--param", "duration=-1"), contains: "within 0.001...60")
        assertUsageError(try host("run", "strikethrough-reveal", "--param", "done=maybe"), contains: "true or false")
        assertUsageError(try host("run", "strikethrough-reveal", "--param", "duration"), contains: "NAME=VALUE")
        assertUsageError(try host("run", "strikethrough-reveal", "--at", "done=false"), contains: "T:NAME=VALUE")
        assertUsageError(try host("run", "strikethrough-reveal", "--at", "-1:done=false"), contains: "time in seconds")
        assertUsageError(try host("run", "strikethrough-reveal", "--at", "1:text=x"), contains: "fixed when the instance is created")
        assertUsageError(try host("run", "strikethrough-reveal", "--fps", "0"), contains: "--fps needs a number from 0.1 to 1000")
        assertUsageError(try host("run", "strikethrough-reveal", "--format", "xml"), contains: "tty, jsonl or csv")
        assertUsageError(try host("run", "strikethrough-reveal", "--fsp", "3"), contains: "unknown option --fsp")
        assertUsageError(try host("run", "strikethrough-reveal", "--offline=1"), contains: "--offline takes no value")
        assertUsageError(try host("run"), contains: "needs an effect id")
        assertUsageError(try host("lst"), contains: "did you mean 'list'?")
        assertUsageError(try host(), contains: "no command given")
    }

    /// `info` keeps to the terminal's width (here COLUMNS, as a terminal
    /// would say) and loses no word of a doc doing it; a pipe gets whole lines.
    func testInfoFitsTheWidthItIsGiven() throws {
        let json = try host("info", "text-reveal", "--json")
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let docs = try XCTUnwrap(report["params"] as? [[String: Any]]).compactMap { $0["doc"] as? String }
        XCTAssertEqual(docs.count, 19)
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for columns in [50, 80, 120] {
            let result = try TestEnvironment.run(TestEnvironment.effectHost, ["info", "text-reveal"], environment: ["COLUMNS": "\(columns)"])
            XCTAssertEqual(result.status, 0, result.stderr)
            for line in result.stdout.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.unicodeScalars.count, columns, "at \(columns): '\(line)'")
            }
            let all = words(result.stdout)
            for doc in docs { XCTAssertTrue(all.contains(words(doc)), "at \(columns), the doc '\(doc)' is not whole") }
        }
        let piped = try host("info", "text-reveal")
        XCTAssertTrue(piped.stdout.split(separator: "\n").contains { $0.unicodeScalars.count > 120 }, "a pipe gets whole lines")
    }

    /// Help keeps to 80 columns, or to a narrower terminal's width.
    func testHelpFitsTheTerminal() throws {
        for command in [[], ["list"], ["info"], ["run"], ["render"], ["export"], ["plot"], ["validate"], ["completions"], ["man"]] {
            for (columns, limit) in [(nil, 80), ("200", 80), ("40", 40)] as [(String?, Int)] {
                let result = try TestEnvironment.run(
                    TestEnvironment.effectHost, command + ["--help"], environment: columns.map { ["COLUMNS": $0] } ?? [:])
                XCTAssertEqual(result.status, 0, result.stderr)
                for line in result.stdout.split(separator: "\n") {
                    XCTAssertLessThanOrEqual(line.count, limit, "\(command) at \(columns ?? "no COLUMNS"): '\(line)'")
                }
            }
        }
    }

    /// Messages that say what is wrong where it is wrong, line for line.
    func testUsageErrorsNameTheMistake() throws {
        let cases: [([String], String)] = [
            (["run", "strikethrough-reveal", "--offlne"], "unknown option --offlne (did you mean --offline?)"),
            (["--hlep"], "unknown option --hlep (did you mean --help?); a command comes first, see effect-host --help"),
            (["--versoin"], "unknown option --versoin (did you mean --version?); a command comes first, see effect-host --help"),
            (["list", "--hlep"], "unknown option --hlep (did you mean --help?)"),
            (["plot", "tracking-breathe", "--elements", "0", "-o", "x.svg"],
             "tracking-breathe has no elements with these params, so there is no element 0"),
            (["render", "strikethrough-reveal", "--scael", "2", "-o", "x.png"], "unknown option --scael (did you mean --scale?)"),
            (["run", "strikethrough-reveal", "--at", "1.2", "done=false"],
             "--at needs T:NAME=VALUE as one word, with no space: --at 1.2:done=false"),
            (["run", "strikethrough-reveal", "done=true"],
             "run takes one effect id, and 'done=true' is a second (a param is set with --param done=true)"),
            (["plot", "strikethrough-reveal", "tracking-breathe", "-o", "x.svg"], "plot takes one effect id, and 'tracking-breathe' is a second"),
            (["info", "strikethrough-reveal", "extra"], "info takes one effect id, and 'extra' is a second"),
            (["plot", "breathing-circles", "--channels", "expansion", "--elements", "0,3", "-o", "x.svg"],
             "--elements 0,3 picks the elements of element channels, and --channels names none (those of breathing-circles are x, y, scale, opacity)"),
        ]
        for (arguments, message) in cases {
            let result = try TestEnvironment.run(TestEnvironment.effectHost, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "effect-host: \(message)\n", "\(arguments)")
        }
    }

    /// `=` and `:` are found among scalars: a joiner or a combining mark
    /// right after one fuses with it into one Character, and must still
    /// split there (issue 34).
    func testAssignmentsSplitAtTheFirstScalar() throws {
        for arguments in [["--param", "text=\u{200D}"], ["--param", "text=\u{0301}abc"], ["--param=text=\u{200D}x"]] {
            let result = try host(["run", "strikethrough-reveal", "--offline", "--format", "jsonl", "--duration", "0.1"] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }
        // The value reaches the param's own parser, which says what it wants.
        let event = try host("run", "strikethrough-reveal", "--offline", "--at", "0.5:done=\u{0301}")
        assertUsageError(event, contains: "param 'done' needs true or false")
    }

    /// Bytes that are not UTF-8 are refused, as the C and Python APIs
    /// refuse them, and shown as they were (issue 34).
    func testAnArgumentThatIsNotUTF8IsRefused() throws {
        let script = #"exec "$0" run strikethrough-reveal --param "$(printf 'text=ab\377\376')""#
        let result = try TestEnvironment.run("/bin/sh", ["-c", script, TestEnvironment.effectHost])
        XCTAssertEqual(
            result.stderr, "effect-host: argument 4 is not UTF-8 text: 'text=ab\\xFF\\xFE'; effect-host takes its arguments in UTF-8\n")
        XCTAssertEqual(result.status, 2)
    }

    /// Times and numbers are decimal, as the help says: `0x10` is not 16 (issue 34).
    func testNumbersAreDecimalOnly() throws {
        assertUsageError(try host("run", "strikethrough-reveal", "--at", "0x10:done=false"), contains: "not '0x10'")
        assertUsageError(try host("run", "strikethrough-reveal", "--fps", "0x1E"), contains: "--fps needs a number from 0.1 to 1000, not '0x1E'")
        assertUsageError(try host("run", "strikethrough-reveal", "--param", "duration=nan"), contains: "needs a number")
        let decimal = try host("run", "strikethrough-reveal", "--offline", "--format", "jsonl", "--fps", "1e1", "--at", ".5:done=false")
        XCTAssertEqual(decimal.status, 0, decimal.stderr)
    }

    /// The work an export implies is counted before it starts, and the
    /// advice names what would help (issue 34). tracking-breathe's timeline
    /// is its 0.9 s entrance and a 3.6 s period; at 799.1 fps that is
    /// 721 + 2,878 = 3,599 samples, and at 799.2 it is 3,601.
    func testAnExportTooLongToSampleSaysWhatWouldHelp() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let fast = try host("export", "tracking-breathe", "--fps", "1000", "-o", directory + "/x.json")
        XCTAssertEqual(
            fast.stderr,
            "effect-host: tracking-breathe would take 4502 samples at 1000 fps over 4.5 s, more than 3600; use --fps 799.1 or less\n")
        XCTAssertEqual(fast.status, 2)
        XCTAssertEqual(try host("export", "tracking-breathe", "--fps", "799.1", "-o", directory + "/y.json").status, 0)
        // A billion seconds fit no frame rate: only the event can move.
        let far = try host("export", "strikethrough-reveal", "--at", "1e9:done=false", "-o", directory + "/z.json")
        XCTAssertEqual(
            far.stderr,
            "effect-host: strikethrough-reveal would take 60000000021 samples at 60 fps over 1000000000.32 s, more than 3600; bring the last --at event closer\n")
        XCTAssertEqual(far.status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["y.json"], "nothing written for a refusal")
    }

    /// A symbolic link loop is called one, wherever it is met (issue 34):
    /// not "File exists", and not a trust problem that
    /// --allow-unsafe-plugins could wave through.
    func testASymbolicLinkLoopIsCalledOne() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        XCTAssertEqual(symlink(directory + "/b", directory + "/a"), 0)
        XCTAssertEqual(symlink(directory + "/a", directory + "/b"), 0)
        let loop = directory + "/a"
        XCTAssertEqual(
            try host("render", "strikethrough-reveal", "-o", loop + "/").stderr,
            "effect-host: cannot create the directory \(loop)/: a symbolic link loop\n")
        XCTAssertEqual(
            try host("render", "strikethrough-reveal", "-o", loop + "/x.png").stderr,
            "effect-host: cannot write \(loop)/x.png: a symbolic link loop\n")
        let listed = try host("list", "--plugin-path", loop)
        XCTAssertTrue(listed.stdout.contains("\(loop): a symbolic link loop (from --plugin-path)"), listed.stdout)
        let validated = try host("validate", loop)
        XCTAssertTrue(validated.stdout.contains("fail   load           a symbolic link loop; no other check can run"), validated.stdout)
        XCTAssertFalse(validated.stdout.contains("allow-unsafe"), validated.stdout)
    }

    /// plot may write to a pipe (-o /dev/stdout), but one nobody reads is
    /// refused at once instead of waiting for a reader (issue 34).
    func testPlotRefusesAPipeNobodyReads() throws {
        let fifo = try TestEnvironment.temporaryDirectory(self) + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let result = try host("plot", "strikethrough-reveal", "-o", fifo)
        XCTAssertEqual(result.stderr, "effect-host: cannot write \(fifo): it is a pipe no program is reading\n")
        XCTAssertEqual(result.status, 1)
    }

    /// -o /dev/stdout is the stdout the program was started with, which
    /// effect-host keeps apart from plugins' prints: the SVG reaches the
    /// reader, not stderr (where /dev/stdout once led). render and export
    /// write files, and say so on one line.
    func testStdoutTakesThePlotAndRenderAndExportRefuseIt() throws {
        let plotted = try host("plot", "strikethrough-reveal", "-o", "/dev/stdout")
        XCTAssertEqual(plotted.status, 0, plotted.stderr)
        XCTAssertTrue(plotted.stdout.hasPrefix("<svg "), String(plotted.stdout.prefix(80)))
        XCTAssertTrue(plotted.stdout.hasSuffix("</svg>\n"))
        XCTAssertFalse(plotted.stderr.contains("<svg"), "the chart went to stderr")
        for command in ["render", "export"] {
            let refused = try host(command, "strikethrough-reveal", "-o", "/dev/stdout")
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertTrue(refused.stderr.hasPrefix("effect-host: \(command) writes files, not devices or pipes: -o takes"), refused.stderr)
            XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        }
    }

    /// A few files that do not load are named before a run; many are
    /// counted in one line (issue 34: one warning per file buried the run).
    func testManyFilesThatDoNotLoadAreCountedInOneLine() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        for index in 0..<4 {
            XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/lib\(index).so", contents: Data("junk".utf8)))
        }
        let result = try host("run", "strikethrough-reveal", "--plugin-path", directory, "--offline", "--duration", "0.01", "--no-cache")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "effect-host: warning: skipped 4 files on the plugin search path that do not load (effect-host list names each, and why)\n")
        try FileManager.default.removeItem(atPath: directory + "/lib3.so")
        let few = try host("run", "strikethrough-reveal", "--plugin-path", directory, "--offline", "--duration", "0.01", "--no-cache")
        XCTAssertEqual(few.stderr.split(separator: "\n").count, 3, few.stderr)
        XCTAssertTrue(few.stderr.contains("skipped \(directory)/lib0.so: not an ELF shared library"), few.stderr)
    }

    func testHelpOnEveryCommand() throws {
        for command in [["--help"], ["help"], ["list", "--help"], ["info", "-h"], ["run", "--help"], ["help", "run"]] {
            let result = try TestEnvironment.run(TestEnvironment.effectHost, command)
            XCTAssertEqual(result.status, 0, "\(command)")
            XCTAssertTrue(result.stdout.contains("usage: effect-host"), "\(command)")
            XCTAssertEqual(result.stderr, "")
        }
    }

    /// A plugin that writes NaN is a runtime failure: one line, exit 1.
    func testRuntimeFailure() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("nan.so", in: directory, defines: ["BROKEN_NAN"])
        let result = try host("run", "test-ramp", "--plugin-path", plugin, "--offline", "--format", "jsonl")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "effect-host: test-ramp: the plugin wrote nan into channel 'value' of a frame near t = 0.5166666666666667\n")
    }

    /// A plugin writing one value past its frame is stopped at the first
    /// frame by the fence after it, with the call named: not a corrupted
    /// heap and a crash frames later.
    func testFrameOverrunIsRefusedAtTheFence() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let path = try Fixtures.testPlugin("overrun.so", in: directory, defines: ["BROKEN_FRAME_OVERRUN"])
        let result = try host("run", "test-ramp", "--plugin-path", path, "--offline", "--format", "jsonl")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "effect-host: test-ramp: the plugin wrote past the end of the buffer it was given: sample at t = 0.0 had room for 1 value\n")
    }

    func testPluginPathFromEnvironment() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        try Fixtures.testPlugin("ramp.so", in: directory)
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost, ["run", "test-ramp", "--offline", "--fps", "4", "--format", "csv"],
            environment: ["EFFECT_PLUGIN_PATH": "/nonexistent:" + directory])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "t,value\n0,0\n0.25,0.25\n0.5,0.5\n0.75,0.75\n1,1\n")
        XCTAssertEqual(result.stderr, "effect-host: warning: skipped /nonexistent: No such file or directory (from EFFECT_PLUGIN_PATH)\n")
    }
}

extension CLITests {
    /// An installed layout, PREFIX/bin/effect-host with its plugins in
    /// PREFIX/lib/effect-host/plugins, finds them with no flags.
    func testInstalledLayoutFindsItsPlugins() throws {
        let prefix = try TestEnvironment.temporaryDirectory(self)
        let manager = FileManager.default
        try manager.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: prefix + "/lib/effect-host/plugins", withIntermediateDirectories: true)
        try manager.copyItem(atPath: TestEnvironment.effectHost, toPath: prefix + "/bin/effect-host")
        try manager.copyItem(atPath: TestEnvironment.strikePlugin, toPath: prefix + "/lib/effect-host/plugins/libStrike.so")
        let result = try TestEnvironment.run(prefix + "/bin/effect-host", ["list", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let paths = (report["plugins"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        XCTAssertEqual(paths, [prefix + "/lib/effect-host/plugins/libStrike.so"])
    }
}

extension CLITests {
    func testListShowsBreatheWithTwoEffects() throws {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, ["list", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let plugins = try XCTUnwrap(report["plugins"] as? [[String: Any]])
        let breathe = try XCTUnwrap(plugins.first { $0["id"] as? String == "breathe" })
        XCTAssertEqual(breathe["path"] as? String, TestEnvironment.buildDirectory + "/libBreathe.so")
        XCTAssertEqual(
            (breathe["effects"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, ["tracking-breathe", "breathing-circles"])
        let text = try TestEnvironment.run(TestEnvironment.effectHost, ["list"])
        XCTAssertTrue(text.stdout.contains("breathe 1.0.0  ABI 1.7  \(TestEnvironment.buildDirectory)/libBreathe.so\n  tracking-breathe "), text.stdout)
    }

    func testBreathingCirclesCSVHasElementColumns() throws {
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", "breathing-circles", "--offline", "--fps", "2", "--format", "csv", "--param", "circle_count=2", "--param", "breaths=1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(
            rows.first,
            ["t", "expansion", "rotation", "phase", "breaths_taken", "finished", "x[0]", "y[0]", "scale[0]", "opacity[0]",
                "x[1]", "y[1]", "scale[1]", "opacity[1]"])
        XCTAssertEqual(rows.count, 1 + 17, "t = 0 ... 8 s at 2 fps")
        XCTAssertEqual(rows[4][1], "0.5", "expansion half-way through breathing in, at t = 1.5")
        XCTAssertEqual(rows.last?[5], "1", "finished after the one breath")
    }

    func testOutOfRangeBreatheParamsAreUsageErrors() throws {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, ["run", "breathing-circles", "--param", "circle_count=0"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "effect-host: param 'circle_count' is 0; it must be within 1...360\n")
        let zero = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", "breathing-circles", "--param", "breathe_in=0", "--param", "hold_in=0", "--param", "breathe_out=0",
                "--param", "hold_out=0"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertTrue(zero.stderr.contains("add up to 0 s"), zero.stderr)
    }
}

extension CLITests {
    func testHugeTimesAreUsageErrorsNotTraps() throws {
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost, ["run", "strikethrough-reveal", "--at", "1e18:done=false", "--offline"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("effect-host: the run would last 1e+18 s"), result.stderr)
        XCTAssertTrue(result.stderr.contains("pass --duration"), result.stderr)
    }

    /// A reader that stops early ends the run quietly.
    func testClosedPipeEndsTheRunQuietly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestEnvironment.effectHost)
        process.arguments = ["run", "breathing-circles", "--offline", "--format", "jsonl", "--duration", "100000"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readData(ofLength: 4096)
        try out.fileHandleForReading.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "")
    }

    /// Ctrl-C, SIGTERM or SIGHUP during a terminal rendering gives the
    /// screen and the cursor back, last, and exits with 128 + the signal.
    func testEveryStopSignalRestoresTheTerminal() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] {
            let directory = try TestEnvironment.temporaryDirectory(self)
            let output = directory + "/out"
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestEnvironment.effectHost)
            process.arguments = ["run", "breathing-circles", "--offline", "--format", "tty", "--duration", "100000"]
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The signal goes once frames are being drawn (the stop signals
            // are heard from then on), however long a loaded machine takes
            // to get there: more than the screen's opening sequence is out.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, (try? Data(contentsOf: URL(fileURLWithPath: output)).count) ?? 0 < 256 { usleep(20_000) }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal) is handled, not fatal")
            XCTAssertEqual(process.terminationStatus, status, "signal \(signal)")
            let text = try String(contentsOfFile: output, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"), "the alternate screen, the cursor hidden")
            XCTAssertTrue(text.hasSuffix("\u{1B}[?1049l\u{1B}[?25h"), "signal \(signal): \(text.suffix(40).debugDescription)")
        }
    }
}

extension CLITests {
    func testTextRevealFramesCarryElements() throws {
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", "text-reveal", "--offline", "--fps", "10", "--format", "jsonl", "--param", "text=Hello there",
                "--param", "preset=blur", "--param", "highlights="])
        XCTAssertEqual(result.status, 0, result.stderr)
        let frames = try jsonLines(result.stdout)
        let first = try XCTUnwrap(frames.first)
        XCTAssertEqual(first["channels"] as? [String: Double], ["masked": 0, "highlight_fades": 0])
        let elements = try XCTUnwrap(first["elements"] as? [[String: Double]])
        XCTAssertEqual(elements.count, 2)
        XCTAssertEqual(elements[0], ["progress": 0, "opacity": 0, "offset_y": 0, "blur": 8, "scale": 1, "highlight": 0])
        // Two units, duration 0.8: the second starts 0.3 s after the first
        // and settles 0.55 s later, so the run ends on the frame at 0.9 s.
        XCTAssertEqual(frames.last?["t"] as? Double, 0.9)
        let info = try TestEnvironment.run(TestEnvironment.effectHost, ["info", "text-reveal", "--param"])
        XCTAssertEqual(info.status, 2, "info takes no params")
    }
}
