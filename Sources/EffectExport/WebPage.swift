import EffectHost
import EffectRender
import Glibc

/// An effect as a web page that plays with CSS alone: `index.html`, a
/// stylesheet and `snippet.html` (the markup to paste into a page of one's
/// own), with a variant per appearance and, when the effect has a
/// `reduce_motion` param, per motion preference; the reader's settings
/// pick one.
public struct WebPage {
    /// Each file's name in the page's directory, and its bytes.
    public let files: [(name: String, bytes: [UInt8])]
    public let variantCount: Int
    public let keyframeCount: Int
    /// Bytes of CSS and markup (the font file, if any, not counted).
    public let size: Int

    /// `instances`: the effect as set up, and, if it has one, the same
    /// effect with reduce_motion on. `name`: the page's class prefix and
    /// stylesheet name (the effect's id by default). `fontFile`: a font
    /// file copied beside the page and named in the stylesheet, since a
    /// browser finds a family by its name, never a file by its path.
    /// Whether `name` can prefix the page's classes and name its
    /// stylesheet: a letter, then letters, digits, - or _, at most 64.
    public static func isValidName(_ name: String) -> Bool {
        name.count <= 64 && name.first?.isLetter == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    public init(
        motion: EffectInstance, reducedMotion: EffectInstance?, appearances: [Appearance] = [.light, .dark], fonts: FontBook?,
        settings: ExportSettings = ExportSettings(), name: String? = nil, fontFile: String? = nil
    ) throws {
        let effect = motion.effect
        var instances = [(reduced: false, instance: motion)]
        if let reducedMotion { instances.append((true, reducedMotion)) }
        // A plugin before ABI 1.3 has one look: the dark variant would be the light one again.
        let looks = motion.plugin.adaptsToAppearance ? appearances : [.light]
        var variants: [WebExport.Variant] = []
        for appearance in looks {
            for (reduced, instance) in instances {
                variants.append(
                    WebExport.Variant(
                        appearance: appearance, reducesMotion: reduced, scene: try settings.scene(instance, appearance, fonts: fonts)))
            }
        }
        let name = name ?? effect.id
        let stylesheet = exportFileName(for: name) + ".css"
        var font: (name: String, bytes: [UInt8])?
        if let fontFile {
            font = (exportFileName(for: String(fontFile.split(separator: "/").last ?? "font")), try Files.read(fontFile))
        }
        let export = try WebExport(name: name, variants: variants, family: fonts?.family, fontFile: font?.name)
        var files = [
            (name: stylesheet, bytes: Array(export.css.utf8)),
            ("index.html", Array(export.page(title: effect.name, stylesheet: stylesheet).utf8)),
            ("snippet.html", Array(export.snippet(stylesheet: stylesheet).utf8)),
        ]
        if let font { files.append(font) }
        self.files = files
        variantCount = variants.count
        keyframeCount = export.keyframeCount
        size = export.css.utf8.count + export.markup.utf8.count
    }

    /// Writes every file into `directory` (made if missing), all or none: a
    /// failed write leaves neither a file nor a directory it made behind.
    public func write(into directory: String) throws(FileError) {
        try Files.writeDirectory(directory, files)
    }
}
