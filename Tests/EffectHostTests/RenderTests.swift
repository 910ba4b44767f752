import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The command line's part of `effect-host render` and `plot`: its flags
/// reach the library's request, it prints one line, refuses bad requests in
/// one line with its exit status, shows a progress bar on a terminal only,
/// and picks plot's channels by name. What the pictures hold is tested
/// through the libraries in EffectRenderTests (SeedFramesTests,
/// TextRevealFramesTests, RenderedFilesTests, PlotChartTests).
final class RenderTests: XCTestCase {
    private func host(_ arguments: [String]) throws -> TestEnvironment.Result {
        try TestEnvironment.run(TestEnvironment.effectHost, arguments)
    }

    private func elements(_ document: XMLDocument, _ name: String) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[local-name()='\(name)']").compactMap { $0 as? XMLElement }
    }

    /// An attribute's value. Attributes here have no namespace, while
    /// their elements are in SVG's, which attribute(forName:) trips on.
    private func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }

    /// --fps, --param, --font reference and --theme reach the render: five
    /// frames at 10 fps of the strike's 0.32 s, without the tick (item 2),
    /// on the dark look's black ground; stdout stays empty and stderr says
    /// what was written in one line.
    func testRenderWritesWhatItsFlagsAskForAndSaysSoInOneLine() throws {
        let directory = try TestEnvironment.temporaryDirectory(self) + "/frames"
        let result = try host(
            ["render", "strikethrough-reveal", "--fps", "10", "--param", "tick=false", "--font", "reference", "--theme", "dark", "-o", directory])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "effect-host: wrote 5 frames of strikethrough-reveal to \(directory)\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertEqual(names, (0..<5).map { String(format: "frame-%05d.svg", $0) })
        let svg = try String(contentsOfFile: directory + "/frame-00000.svg", encoding: .utf8)
        XCTAssertFalse(svg.contains("data-id=\"2\""), "no tick")
        XCTAssertNotNil(svg.firstMatch(of: /<rect [^>]*fill="#000000"/), svg)
        XCTAssertNotNil(svg.firstMatch(of: /<text [^>]*fill="#f5f5f7"/), svg)
    }


    /// Writing to a device writes to it: the rename that keeps regular
    /// files whole must never replace /dev/null with a file.
    func testWritingToADeviceKeepsTheDevice() throws {
        let result = try host(["plot", "strikethrough-reveal", "-o", "/dev/null"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeCharacterSpecial)
    }

    /// --channels and --elements name the series (their parsing is the command line's).
    func testPlotOfChosenElementChannels() throws {
        let file = try TestEnvironment.temporaryDirectory(self) + "/units.svg"
        let result = try host(["plot", "text-reveal", "--channels", "progress,offset_y[6]", "--elements", "0,3", "-o", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XMLDocument(data: Data(contentsOf: URL(fileURLWithPath: file)), options: [])
        let series = try elements(document, "polyline").compactMap { attr($0, "data-series") }
        XCTAssertEqual(series, ["progress[0]", "progress[3]", "offset_y[6]"])
    }

    func testRenderAndPlotRefuseBadRequestsInOneLine() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        for (arguments, fragment, status) in [
            (["render", "strikethrough-reveal"], "render needs -o OUT", Int32(2)),
            (["render", "strikethrough-reveal", "-o", "a", "-o", "b"], "render takes one -o OUT", 2),
            (["render", "strikethrough-reveal", "--width", "nan", "-o", directory + "/x"], "--width needs a number", 2),
            (["render", "no-such-effect", "-o", directory + "/x"], "unknown effect 'no-such-effect'", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amout"], "did you mean 'amount'", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", "99"], "element 99 is out of range", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--fps", "10"], "takes no --fps", 2),
            (["render", "tracking-breathe", "--fps", "1000", "--duration", "100", "-o", directory + "/big.html"], "more than 20000", 2),
            (["render", "strikethrough-reveal", "-o", directory + "/missing/page.html"], "cannot write", 1),
            (["render", "strikethrough-reveal", "-o", "frame.bmp"], "render cannot write .bmp files; -o takes a directory", 2),
            (["render", "strikethrough-reveal", "-o", "a.gif", "--time", "1"], "--time picks the moment of a still", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--loop"], "a still has one frame", 2),
            (["render", "strikethrough-reveal", "-o", "a.gif", "--loop"], "strikethrough-reveal ends", 2),
            (["render", "strikethrough-reveal", "-o", "a.svg", "--scale", "3"], "--scale and --size size pictures in pixels", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--size", "10x0"], "--size needs WIDTHxHEIGHT", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--background", "red"], "--background needs #RRGGBB", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--text", "text"], "pixels are always drawn from the glyphs' outlines", 2),
            (["render", "strikethrough-reveal", "-o", "a.png", "--font", directory + "/none.ttf"], "cannot read the font file", 1),
            (["render", "strikethrough-reveal", "-o", "dir", "--format", "jpeg"], "--format must be svg or png", 2),
            (["render", "strikethrough-reveal", "-o", "-"], "not stdout", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", ","], "--channels needs channel names", 2),
            (["plot", "strikethrough-reveal", "-o", directory + "/p.svg", "--channels", "amount,amount"], "names 'amount' twice", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", "0,0"], "names an element twice", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--elements", ""], "--elements needs element numbers", 2),
            (["plot", "text-reveal", "-o", directory + "/p.svg", "--channels", "masked[0]"], "'masked' is global", 2),
            (["plot", "text-reveal", "-o", directory], "plot writes a file ending in .svg or .png", 2),
            (["plot", "text-reveal", "-o", directory + "/p.gif"], "plot writes a file ending in .svg or .png", 2),
        ] {
            let result = try host(arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            // A machine without Inter adds the font notice; the refusal is still one line.
            let lines = result.stderr.split(separator: "\n").filter { !$0.contains("is not installed (Debian package") }
            XCTAssertEqual(lines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(fragment), "\(arguments): '\(result.stderr)' lacks '\(fragment)'")
        }
        // A regular file where the frame directory should go.
        let file = directory + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let result = try host(["render", "strikethrough-reveal", "-o", file])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("exists and is not a directory"), result.stderr)
    }

    /// The bar shows only on a terminal and only for work past a second;
    /// `script` gives the command a terminal.
    func testProgressBarOnlyOnATerminal() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        // Past the bar's one second with room on a fast machine (a debug
        // build draws these 301 frames of 360 circles in about 3 s on 2 slow
        // cores), and no more: a slower machine pays for every extra frame.
        let command = [
            TestEnvironment.effectHost, "render", "breathing-circles", "--param", "circle_count=360", "--fps", "100", "--duration",
            "3", "-o", directory + "/frames",
        ]
        let piped = try host(Array(command.dropFirst()))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertFalse(piped.stderr.contains("█") || piped.stderr.contains("░"), "no bar without a terminal")
        let onTerminal = try TestEnvironment.run("/usr/bin/script", ["-qec", command.joined(separator: " "), "/dev/null"])
        XCTAssertEqual(onTerminal.status, 0, onTerminal.stdout)
        XCTAssertTrue(onTerminal.stdout.contains("render ") && onTerminal.stdout.contains("/301 frames"), onTerminal.stdout)
        XCTAssertNotNil(onTerminal.stdout.firstMatch(of: /\/301 frames  \d+\.\d s  \d+\.\d frames\/s/), "elapsed and rate")
        let bars = onTerminal.stdout.split(separator: "\r").filter { $0.contains("frames/s") }
        let widest = bars.map { $0.unicodeScalars.count }.max() ?? 0
        XCTAssertLessThan(widest, 80, "the bar fits an 80-column terminal")
        XCTAssertTrue(onTerminal.stdout.contains("\r\u{1B}[2K"), "the bar is cleared at the end")
        let quick = try TestEnvironment.run(
            "/usr/bin/script", ["-qec", "\(TestEnvironment.effectHost) render strikethrough-reveal -o \(directory)/quick", "/dev/null"])
        XCTAssertFalse(quick.stdout.contains("░"), "no bar for quick work: \(quick.stdout)")
    }
}
