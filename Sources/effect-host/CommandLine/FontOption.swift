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

    /// The fonts for `choice`; the reference metrics (said once) when
    /// HarfBuzz or fontconfig cannot be loaded. A font file that cannot be
    /// used is an error.
    static func fonts(_ choice: FontBook.Choice?) throws -> FontBook? {
        guard let choice else { return nil }
        do {
            return try FontBook(choice) { note in Output.error.line("effect-host: \(note)") }
        } catch {
            if case .file = choice { throw RuntimeError(error.description) }
            Output.error.line("effect-host: \(error.description); text is measured with the reference metrics")
            return nil
        }
    }

    /// One line naming the characters no installed font had, after a run that met some.
    static func reportUncovered(_ fonts: FontBook?) {
        if let note = fonts?.uncoveredNote { Output.error.line("effect-host: \(Terminal.sanitize(note))") }
    }
}
