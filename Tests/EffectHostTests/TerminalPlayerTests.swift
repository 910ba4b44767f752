import XCTest

/// The terminal player redraws only the lines that changed since the last
/// frame. Replayed on a small terminal model, a long run must leave on
/// screen exactly what a run of two frames to the same end leaves, and a
/// frame whose picture is still rewrites only its status line.
final class TerminalPlayerTests: XCTestCase {
    private func tty(_ effect: String, fps: String, duration: String) throws -> String {
        let result = try TestEnvironment.run(
            TestEnvironment.effectHost,
            ["run", effect, "--offline", "--format", "tty", "--fps", fps, "--duration", duration])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testSkippedLinesLeaveTheScreenAFullRedrawWould() throws {
        for effect in ["strikethrough-reveal", "tracking-breathe", "text-reveal", "breathing-circles"] {
            // Every frame of the first run against frames at t = 0 and 2 only.
            let long = try tty(effect, fps: "60", duration: "2")
            let short = try tty(effect, fps: "0.5", duration: "2")
            let replayed = ScreenModel(long)
            XCTAssertEqual(replayed.frames, 121, effect)
            XCTAssertEqual(ScreenModel(short).frames, 2, effect)
            XCTAssertEqual(replayed.rows, ScreenModel(short).rows, "\(effect): the screen after a long run")
            XCTAssertTrue(replayed.rows.last?.text.hasPrefix("t 2.000 s") ?? false, "\(effect): \(replayed.rows.last?.text ?? "")")
        }
    }

    func testAStillPictureRewritesOnlyTheStatusLine() throws {
        // The strike settles by 1 s (duration 0.35 s plus its delay): from
        // then on, only the status line's clock changes.
        let output = try tty("strikethrough-reveal", fps: "60", duration: "2")
        let segments = ScreenModel.frameSegments(output)
        XCTAssertEqual(segments.count, 121)
        let first = segments[0].components(separatedBy: "\u{1B}[2K").count - 1
        XCTAssertGreaterThan(first, 3, "the first frame draws every line")
        for segment in segments.suffix(30) {
            XCTAssertEqual(segment.components(separatedBy: "\u{1B}[2K").count - 1, 1, "only the status line: \(segment.debugDescription)")
        }
    }
}

/// The SGR attributes the player uses: 24-bit colours and strikethrough.
private struct Style: CustomStringConvertible {
    var foreground = "default"
    var background = "default"
    var struck = false

    var description: String { "[\(foreground)/\(background)\(struck ? "/struck" : "")]" }

    mutating func apply(_ parameters: String) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        while let code = codes.popFirst() {
            switch code {
            case 0: self = Style()
            case 9: struck = true
            case 29: struck = false
            case 38, 48:
                guard codes.popFirst() == 2, codes.count >= 3 else { return }
                let rgb = codes.prefix(3).map(String.init).joined(separator: ",")
                codes = codes.dropFirst(3)
                if code == 38 { foreground = rgb } else { background = rgb }
            default: break
            }
        }
    }
}

/// Just enough of a terminal to replay what the player writes: cursor up,
/// carriage return, erase line, newline, SGR colours kept per cell, and
/// characters one column each.
private struct ScreenModel {
    struct Row: Equatable {
        var cells: [String] = []
        var text: String { cells.map { String($0.last ?? " ") }.joined().trimmingCharacters(in: .whitespaces) }
    }

    private(set) var rows: [Row] = []
    private(set) var frames = 0

    /// The output split where each frame starts: its cursor-up, or the start.
    static func frameSegments(_ output: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var scalars = output.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar == "\u{1B}", let up = cursorUp(scalars) {
                if !current.isEmpty { segments.append(current) }
                current = String(String.UnicodeScalarView(scalars.prefix(up)))
                scalars = scalars.dropFirst(up)
                continue
            }
            current.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
        }
        // What follows the last frame (restoring the cursor) belongs to it.
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    /// The length of a cursor-up sequence at the start of `scalars`, if one is there.
    private static func cursorUp(_ scalars: Substring.UnicodeScalarView) -> Int? {
        let text = String(String.UnicodeScalarView(scalars.prefix(8)))
        guard let match = text.firstMatch(of: /^\x1B\[(\d+)A/) else { return nil }
        return match.0.unicodeScalars.count
    }

    init(_ output: String) {
        frames = Self.frameSegments(output).count
        var row = 0
        var column = 0
        var style = Style()
        var scalars = output.unicodeScalars[...]
        func cell(_ character: String) {
            while rows.count <= row { rows.append(Row()) }
            while rows[row].cells.count <= column { rows[row].cells.append(" ") }
            rows[row].cells[column] = style.description + character
            column += 1
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\r": column = 0
            case "\n":
                row += 1
                column = 0
            case "\u{1B}":
                // CSI: parameters, then one final byte.
                guard scalars.first == "[" else { continue }
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.first, !(0x40...0x7E).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                guard let final = scalars.first else { break }
                scalars = scalars.dropFirst()
                switch final {
                case "A": row = max(0, row - (Int(parameters) ?? 1))
                case "K":
                    while rows.count <= row { rows.append(Row()) }
                    rows[row].cells = []
                case "m": style.apply(parameters)
                default: break
                }
            default: cell(String(scalar))
            }
        }
        // Rows the cursor left below the picture are not part of it.
        while let last = rows.last, last.cells.isEmpty { rows.removeLast() }
    }
}
