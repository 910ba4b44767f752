import EffectHost
import EffectRender

/// `--theme light|dark`: the appearance effects draw in, for the commands
/// that draw (run's live view, render).
enum ThemeOption {
    static let name = "--theme"

    static func parse(_ arguments: Arguments) throws(UsageError) -> Appearance? {
        guard let value = try arguments.single(name) else { return nil }
        guard let appearance = Appearance(rawValue: value) else {
            throw UsageError("--theme must be light or dark, not '\(Terminal.sanitize(value))'")
        }
        return appearance
    }
}
