import EffectHost
import EffectRender
import XCTest

/// The fonts every front end loads by one rule, and the notes it says
/// before and after the frames (issue 49: the command line said a
/// replaced family as fonts loaded and fell back without HarfBuzz, the C
/// API said it after the run and refused). The lines are fontconfig's and
/// MissingCharacters' words, worked out from the machine's fonts (DejaVu
/// Sans is installed: fonts-dejavu-core).
final class LoadedFontsTests: XCTestCase {
    func testTheReferenceMetricsAskedForSayNothing() throws {
        let loaded = try LoadedFonts(nil)
        XCTAssertNil(loaded.fonts)
        XCTAssertEqual(loaded.loadNotes, [])
        XCTAssertEqual(loaded.drawnNotes, [])
    }

    /// A family not installed is said once text is drawn, then the
    /// characters no font has, in that order.
    func testAReplacedFamilyAndUncoveredCharactersAreSaidOnceDrawn() throws {
        let loaded = try LoadedFonts(.family("No Such Family"))
        XCTAssertEqual(loaded.loadNotes, [])
        XCTAssertEqual(loaded.drawnNotes, [], "nothing drawn, nothing to say")
        let fonts = try XCTUnwrap(loaded.fonts)
        _ = fonts.measure("a\u{0378}b", size: 20, weight: 400, tracking: 0)
        XCTAssertEqual(
            loaded.drawnNotes,
            [
                .familyReplaced("the font No Such Family is not installed; text is drawn in DejaVu Sans"),
                .uncovered("no installed font has U+0378; it is drawn as a box"),
            ])
        XCTAssertEqual(loaded.drawnNotes.last?.message, "no installed font has U+0378; it is drawn as a box")
    }

    /// A font file named is that face or an error; a family without
    /// HarfBuzz falls back (the subprocess test hides HarfBuzz), said so.
    func testAFontFileThatCannotBeUsedIsAnError() {
        XCTAssertThrowsError(try LoadedFonts(.file("/nonexistent/face.ttf"))) {
            XCTAssertEqual(($0 as? NativeError)?.description, "cannot read the font file /nonexistent/face.ttf")
        }
        // Read at once or refused: a FIFO would wait for a writer, a device never end.
        let fifo = NSTemporaryDirectory() + "/font-fifo-\(getpid())"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        for path in [fifo, "/dev/zero"] {
            XCTAssertThrowsError(try LoadedFonts(.file(path))) {
                XCTAssertEqual(($0 as? NativeError)?.description, "\(path) is not a font file: it is not a regular file")
            }
        }
        XCTAssertEqual(
            FontNote.referenceMetrics(reason: "libharfbuzz.so.0 cannot be loaded (file too short; Debian package libharfbuzz0b)").message,
            "libharfbuzz.so.0 cannot be loaded (file too short; Debian package libharfbuzz0b); text is measured with the reference metrics")
    }
}
