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
    private let fallback: FontFallback
    private let bidi: FriBidi?
    private var runs: [Run: ShapedText] = [:]
    private var missing: [Unicode.Scalar] = []
    private struct Run: Hashable {
        let text: String
        let weight: Int
        let tracking: Double
    }
    /// Runs kept at most; past it the cache starts again.
    static let runCapacity = 4096

    /// Fails when HarfBuzz or fontconfig cannot be loaded, or the font
    /// cannot be read. `report` hears each of `notes` once, on the thread
    /// that first measures text.
    public init(_ choice: Choice, report: @escaping @Sendable (String) -> Void = { _ in }) throws(NativeError) {
        self.report = report
        harfBuzz = try HarfBuzz.shared.get()
        bidi = try? FriBidi.shared.get()
        pthread_mutex_init(&lock, nil)
        switch choice {
        case let .file(path):
            guard access(path, R_OK) == 0 else { throw NativeError("cannot read the font file \(path)") }
            // A FIFO would make HarfBuzz wait for a writer, a device read without end.
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw NativeError("\(path) is not a font file: it is not a regular file")
            }
            file = path
            fontConfig = nil
            let font = try ShapedFont(file: path, index: 0, harfBuzz: harfBuzz)
            byFile[path] = font
            family = String(path.split(separator: "/").last ?? Substring(path)).split(separator: ".").first.map(String.init) ?? path
            notes = []
            // Characters the file lacks come from the system's sans-serif, when fontconfig is there to find it.
            fallback = FontFallback(config: try? FontConfig.shared.get(), family: "sans-serif")
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
            fallback = FontFallback(config: config, family: family)
        }
    }

    deinit { pthread_mutex_destroy(&lock) }

    private static func same(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    /// The face for a run of `weight` (100 ... 900).
    public func font(weight: Double) throws(NativeError) -> ShapedFont {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return try primary(weight: weight)
    }

    /// The requested face for `weight`; the caller holds the lock.
    private func primary(weight: Double) throws(NativeError) -> ShapedFont {
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
        let font = try open(found)
        byWeight[key] = font
        return font
    }

    /// One font file open once however many weights and clusters use it; the caller holds the lock.
    private func open(_ found: FontConfig.Match) throws(NativeError) -> ShapedFont {
        let key = "\(found.index):\(found.file)"
        if let known = byFile[key] ?? (found.index == 0 ? byFile[found.file] : nil) { return known }
        let font = try ShapedFont(file: found.file, index: found.index, harfBuzz: harfBuzz)
        byFile[key] = font
        return font
    }

    /// `text` at `weight` as the fonts draw it, `tracking` ems after each
    /// cluster: characters the requested face lacks come from the first
    /// installed font that has them (an emoji font for emoji), right-to-left
    /// text is laid out right to left. Nil when no face can be opened.
    public func shaped(_ text: String, weight: Double, tracking: Double) -> ShapedText? {
        let run = Run(text: text, weight: Int(weight.rounded()), tracking: tracking)
        pthread_mutex_lock(&lock)
        if let known = runs[run] {
            pthread_mutex_unlock(&lock)
            return known
        }
        let face = try? primary(weight: weight)
        pthread_mutex_unlock(&lock)
        guard let face else { return nil }
        let shaper = ParagraphShaper(primary: face, harfBuzz: harfBuzz, bidi: bidi) { [self] cluster, emoji in
            fallbackFont(for: cluster, emoji: emoji, weight: weight)
        }
        let shaped = shaper.shape(text, tracking: tracking)
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if runs.count >= Self.runCapacity { runs.removeAll() }
        runs[run] = shaped
        for scalar in shaped.uncovered where !missing.contains(scalar) { missing.append(scalar) }
        return shaped
    }

    /// The font a cluster the requested face cannot draw whole is drawn in, chosen once.
    private func fallbackFont(for cluster: [Unicode.Scalar], emoji: Bool, weight: Double) -> ShapedFont? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard let match = fallback.font(for: cluster, emoji: emoji, weight: Int(weight.rounded())) else { return nil }
        return try? open(match)
    }

    /// Characters no installed font has, in the order text first asked for
    /// them: drawn as the face's missing-glyph box.
    public var uncovered: [Unicode.Scalar] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return missing
    }

    /// One line naming the characters no installed font has and the Debian
    /// packages whose fonts do, or nil when every character was drawn.
    public var uncoveredNote: String? { MissingCharacters.note(uncovered) }

    /// `notes` once text has been measured (when `report` heard them), as
    /// one line; nil before, or when the fonts are as asked.
    public var fallbackNote: String? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return noted && !notes.isEmpty ? notes.joined(separator: "; ") : nil
    }

    public func measure(_ text: String, size: Double, weight: Double, tracking: Double)
        -> (advance: Double, ascent: Double, descent: Double)?
    {
        guard size > 0, let face = try? font(weight: weight), let shaped = shaped(text, weight: weight, tracking: tracking / size) else {
            return nil
        }
        let scale = size / face.unitsPerEm
        return (shaped.advance * size, face.ascender * scale, face.descender * scale)
    }
}

extension FontBook.Choice {
    /// The fonts a name asks for: a font file (a path, or a name ending in
    /// .ttf, .otf, .ttc or .otc), a family, or nil for "reference" (the
    /// ABI's reference metrics).
    public static func named(_ text: String) -> FontBook.Choice? {
        if text == "reference" { return nil }
        return text.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains(where: text.lowercased().hasSuffix)
            ? .file(text) : .family(text)
    }
}
