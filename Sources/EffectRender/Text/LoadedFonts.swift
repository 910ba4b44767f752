import EffectHost

/// What the fonts asked for did, said once to whoever asked, in no front
/// end's words.
public enum FontNote: Equatable, Sendable {
    /// HarfBuzz or fontconfig could not be loaded, or found no font:
    /// text is measured with the ABI's reference metrics instead.
    case referenceMetrics(reason: String)
    /// The family asked for is not installed, and text was drawn in
    /// another (`FontBook.fallbackNote`).
    case familyReplaced(String)
    /// Characters no installed font has (`FontBook.uncoveredNote`).
    case uncovered(String)

    public var message: String {
        switch self {
        case let .referenceMetrics(reason): "\(reason); text is measured with the reference metrics"
        case let .familyReplaced(line), let .uncovered(line): line
        }
    }
}

/// The fonts a render, an export or a picture draws with, loaded by one
/// rule for every front end (the command line, effect_host.h's look), and
/// what to say of them and when: `loadNotes` before the frames,
/// `drawnNotes` once they are drawn.
///
/// A family falls back to the reference metrics when HarfBuzz or
/// fontconfig cannot be loaded: the frames are still drawn, laid out with
/// the metrics every effect is designed to lay out with, and the note says
/// which library is missing and its package. A program embedding effects
/// (a video editor, a player) on a machine without them keeps working and
/// can log why, as it does when a family is not installed; what needs
/// shaped glyphs (outlines, Lottie) is refused by its own request. A font
/// file that cannot be used is an error: the caller named that face.
public struct LoadedFonts {
    /// nil: the reference metrics, asked for or fallen back to.
    public let fonts: FontBook?
    /// Said as the fonts are loaded, before any frame.
    public let loadNotes: [FontNote]

    /// `choice` nil is the reference metrics, asked for.
    public init(_ choice: FontBook.Choice?) throws(NativeError) {
        guard let choice else {
            (fonts, loadNotes) = (nil, [])
            return
        }
        do {
            (fonts, loadNotes) = (try FontBook(choice), [])
        } catch {
            if case .file = choice { throw error }
            (fonts, loadNotes) = (nil, [.referenceMetrics(reason: error.description)])
        }
    }

    /// Said once the frames are drawn: the family drawn in place of the
    /// one asked for (when any text was drawn), then the characters no
    /// font had.
    public var drawnNotes: [FontNote] {
        [fonts?.fallbackNote.map(FontNote.familyReplaced), fonts?.uncoveredNote.map(FontNote.uncovered)].compactMap { $0 }
    }
}
