import XCTest

/// The terminal player redraws only the lines that changed since the last
/// frame. Replayed on a small terminal model, a long run must leave on
/// screen exactly what a run of two frames to the same end leaves, a frame
/// whose picture is still rewrites only its status line, nothing lands
/// past the screen, and the terminal is given back at the end.
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
            let reference = ScreenModel(short)
            XCTAssertEqual(replayed.frames.count, 121, effect)
            XCTAssertEqual(reference.frames.count, 2, effect)
            XCTAssertEqual(replayed.frames.last, reference.frames.last, "\(effect): the screen after a long run")
            let status = replayed.frames.last?.last { !$0.text.isEmpty }?.text ?? ""
            XCTAssertTrue(status.hasPrefix("t 2.000 s"), "\(effect): \(status)")
            XCTAssertNil(replayed.overflow, effect)
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

    func testTheScreenAndCursorComeBackLast() throws {
        for effect in ["strikethrough-reveal", "breathing-circles"] {
            let output = try tty(effect, fps: "30", duration: "0.2")
            XCTAssertTrue(output.hasPrefix("\u{1B}[?1049h"), "the alternate screen first: \(output.prefix(20).debugDescription)")
            XCTAssertTrue(output.hasSuffix("\u{1B}[?1049l\u{1B}[?25h"), "\(effect): \(output.suffix(30).debugDescription)")
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

/// Just enough of a terminal to replay what the player writes, on the
/// 80 × 24 screen it assumes when stdout is not a terminal: cursor moves,
/// erase line and screen, the alternate screen, synchronized frames, SGR
/// colours kept per cell, and characters one column each.
private struct ScreenModel {
    struct Row: Equatable {
        var cells: [String] = []
        var text: String { cells.map { String($0.last ?? " ") }.joined().trimmingCharacters(in: .whitespaces) }
    }

    static let columns = 80
    static let rows = 24

    /// The screen at the end of each frame.
    private(set) var frames: [[Row]] = []
    /// Where a character landed past the screen's edge, if one did.
    private(set) var overflow: String?

    /// The output split where each frame starts.
    static func frameSegments(_ output: String) -> [String] {
        output.components(separatedBy: "\u{1B}[?2026h").dropFirst().map { $0 }
    }

    init(_ output: String) {
        var screen = Array(repeating: Row(), count: Self.rows)
        var row = 0
        var column = 0
        var style = Style()
        var scalars = output.unicodeScalars[...]
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
                switch (final, parameters) {
                case ("H", _):
                    let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
                    (row, column) = ((numbers.first ?? 1) - 1, (numbers.count > 1 ? numbers[1] : 1) - 1)
                case ("K", _) where row < Self.rows: screen[row].cells = []
                case ("J", "2"), ("h", "?1049"): screen = Array(repeating: Row(), count: Self.rows)
                case ("l", "?2026"): frames.append(screen)
                case ("m", _): style.apply(parameters)
                default: break
                }
            default:
                guard row < Self.rows, column < Self.columns else {
                    overflow = overflow ?? "\(scalar) at row \(row + 1), column \(column + 1)"
                    continue
                }
                while screen[row].cells.count <= column { screen[row].cells.append(" ") }
                screen[row].cells[column] = style.description + String(scalar)
                column += 1
            }
        }
    }
}
