import EffectHost
import Glibc

/// The fonts `render` draws text in, and the measurer it hands to `draw`:
/// a family (Inter, the closest open relative of SF Pro, by default) at
/// each weight a run asks for, found by fontconfig and shaped by HarfBuzz;
/// or one font file for every weight.
public final class FontBook: TextMeasuring, @unchecked Sendable {
    public enum Choice: Equatable {
        case family(String)
        case file(String)
    }

    public static let defaultFamily = "Inter"
    public static let fallbackFamily = "DejaVu Sans"

    /// The family text is drawn in, as SVG names it.
    public let family: String
    /// What was not as asked (a missing face and its stand-in): handed to
    /// `report` once, when the first run of text is measured, so a drawing
    /// without text says nothing about fonts.
    public let notes: [String]
    private var noted = false
    private let report: @Sendable (String) -> Void
    private let harfBuzz: HarfBuzz
    private let fontConfig: FontConfig?
    private let file: String?
    private var lock = pthread_mutex_t()
    private var byWeight: [Int: ShapedFont] = [:]
    private var byFile: [String: ShapedFont] = [:]

    /// Fails when HarfBuzz or fontconfig cannot be loaded, or the font
    /// cannot be read. `report` hears each of `notes` once, on the thread
    /// that first measures text.
    public init(_ choice: Choice, report: @escaping @Sendable (String) -> Void = { _ in }) throws(NativeError) {
        self.report = report
        harfBuzz = try HarfBuzz.shared.get()
        pthread_mutex_init(&lock, nil)
        switch choice {
        case let .file(path):
            guard access(path, R_OK) == 0 else { throw NativeError("cannot read the font file \(path)") }
            file = path
            fontConfig = nil
            let font = try ShapedFont(file: path, index: 0, harfBuzz: harfBuzz)
            byFile[path] = font
            family = String(path.split(separator: "/").last ?? Substring(path)).split(separator: ".").first.map(String.init) ?? path
            notes = []
        case let .family(wanted):
            let config = try FontConfig.shared.get()
            fontConfig = config
            file = nil
            guard let found = config.match(family: wanted, weight: 400) else {
                throw NativeError("fontconfig finds no font at all: install fonts-inter or fonts-dejavu-core")
            }
            if Self.same(found.family, wanted) {
                family = wanted
                notes = []
            } else if let fallback = config.match(family: Self.fallbackFamily, weight: 400), Self.same(fallback.family, Self.fallbackFamily) {
                family = Self.fallbackFamily
                notes = ["the font \(wanted) is not installed\(wanted == Self.defaultFamily ? " (Debian package fonts-inter)" : ""); text is drawn in \(Self.fallbackFamily)"]
            } else {
                family = found.family
                notes = ["neither \(wanted) nor \(Self.fallbackFamily) is installed; text is drawn in \(found.family)"]
            }
        }
    }

    deinit { pthread_mutex_destroy(&lock) }

    private static func same(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    /// The face for a run of `weight` (100 ... 900).
    public func font(weight: Double) throws(NativeError) -> ShapedFont {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if !noted {
            noted = true
            for note in notes { report(note) }
        }
        if let file, let font = byFile[file] { return font }
        let key = Int(weight.rounded())
        if let font = byWeight[key] { return font }
        guard let config = fontConfig, let found = config.match(family: family, weight: weight) else {
            throw NativeError("fontconfig finds no \(family) at weight \(key)")
        }
        let font: ShapedFont
        if let known = byFile[found.file] {
            font = known
        } else {
            font = try ShapedFont(file: found.file, index: found.index, harfBuzz: harfBuzz)
            byFile[found.file] = font
        }
        byWeight[key] = font
        return font
    }

    public func measure(_ text: String, size: Double, weight: Double, tracking: Double)
        -> (advance: Double, ascent: Double, descent: Double)?
    {
        guard size > 0, let font = try? font(weight: weight) else { return nil }
        let scale = size / font.unitsPerEm
        let advance = font.shape(text, tracking: tracking / scale).advance * scale
        return (advance, font.ascender * scale, font.descender * scale)
    }
}
