import EffectHost
import EffectRender
/// `--font FAMILY|FILE|reference`: the fonts text is measured (and drawn)
/// in, for the commands that draw text (render, export).
enum FontOption {
    static let name = "--font"

    /// nil: the ABI's reference metrics.
    static func parse(_ text: String?) throws(UsageError) -> FontBook.Choice? {
        guard let text else { return .family(FontBook.defaultFamily) }
        guard !text.isEmpty else { throw UsageError("--font needs a family name, a font file or reference") }
        return FontBook.Choice.named(text)
    }

    /// The fonts for `choice` (`LoadedFonts` decides the fallback), their
    /// notes said as they load. A font file that cannot be used is an error.
    static func fonts(_ choice: FontBook.Choice?) throws -> LoadedFonts {
        let loaded: LoadedFonts
        do {
            loaded = try LoadedFonts(choice)
        } catch {
            throw RuntimeError(error.description)
        }
        say(loaded.loadNotes)
        return loaded
    }

    /// Font notes as warnings.
    static func say(_ notes: [FontNote]) {
        for note in notes { Output.error.line("effect-host: \(Terminal.sanitize(note.message))") }
    }
}
