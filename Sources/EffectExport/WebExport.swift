import EffectHost
import EffectRender

/// A web export: the effect as inline SVG animated by CSS alone, on the
/// browser's own clock. Each variant (an appearance, with motion or with
/// `reduce_motion`) is one SVG; media queries show the one the reader's
/// settings ask for. No script anywhere.
public struct WebExport {
    public struct Variant {
        public let appearance: Appearance
        public let reducesMotion: Bool
        public let scene: SampledScene

        public init(appearance: Appearance, reducesMotion: Bool, scene: SampledScene) {
            (self.appearance, self.reducesMotion, self.scene) = (appearance, reducesMotion, scene)
        }

        public var name: String { Self.name(appearance, reducesMotion: reducesMotion) }

        public static func name(_ appearance: Appearance, reducesMotion: Bool) -> String {
            "\(appearance == .dark ? "dark" : "light")-\(reducesMotion ? "reduced" : "motion")"
        }
    }

    /// The effect's id as a CSS class (letters, digits, - and _ only).
    public let name: String
    public let variants: [Variant]
    /// The family text was measured in, first in the font stack.
    public let family: String?
    public private(set) var css = ""
    public private(set) var markup = ""
    public private(set) var keyframeCount = 0

    /// The family a font file copied beside the page is given.
    private let fontFile: String?

    /// `name`: the class prefix's own part (an effect's id, or the name an
    /// export was given so two exports of one effect share a page);
    /// `fontFile`: a font file beside the page, to draw the text in.
    public init(name id: String, variants: [Variant], family: String?, fontFile: String? = nil) throws {
        name = "eh-" + String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        self.variants = variants
        self.family = family
        self.fontFile = fontFile
        css = header()
        markup = try wrapper()
    }

    private var fontStack: String {
        let system = DisplayListSVG.fontFamily
        if fontFile != nil { return "'\(name)-font', " + system }
        guard let family else { return system }
        return "'\(String(family.filter { $0 != "'" && $0 != "\"" && $0 != "&" && $0 != "<" && $0 != ";" && $0 != "}" }))', " + system
    }

    /// Which variant shows: the light look with motion unless the reader
    /// prefers a dark scheme or reduced motion (the later rules win).
    private func header() -> String {
        var out = "/* Written by effect-host export; plays with CSS alone. */\n"
        out += ".\(name) { display: inline-block; position: relative; line-height: 0; }\n"
        out += ".\(name) > .eh-variant { display: none; }\n"
        out += ".\(name) text { white-space: pre; }\n"
        out += ".\(name) .eh-value { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }\n"
        if let fontFile {
            // One file for every weight, as it was measured: no synthesised bold.
            out += "@font-face { font-family: '\(name)-font'; src: url('\(fontFile)'); font-weight: 1 1000; }\n"
        }
        let appearances = Set(variants.map(\.appearance))
        let usual: Appearance = appearances.contains(.light) ? .light : .dark
        func show(_ appearance: Appearance, reduced: Bool) -> String {
            let hidden = variants.map { ".\(name) > .v-\($0.name)" }.joined(separator: ", ")
            let shown = Variant.name(appearance, reducesMotion: reduced)
            return "\(hidden) { display: none; } .\(name) > .v-\(shown) { display: block; }"
        }
        out += show(usual, reduced: false) + "\n"
        out += "@media (prefers-reduced-motion: reduce) { \(show(usual, reduced: true)) }\n"
        if appearances.count == 2 {
            out += "@media (prefers-color-scheme: dark) { \(show(.dark, reduced: false)) }\n"
            out += "@media (prefers-color-scheme: dark) and (prefers-reduced-motion: reduce) { \(show(.dark, reduced: true)) }\n"
        }
        return out
    }

    private mutating func wrapper() throws -> String {
        let label = variants[0].scene.accessibilityLabel
        var out = "<div class=\"\(name)\""
        out += label.isEmpty ? " aria-hidden=\"true\">" : " role=\"group\" aria-label=\"\(SVG.escape(label))\">"
        for variant in variants {
            out += "\n<div class=\"eh-variant v-\(variant.name)\">"
            out += try svg(variant)
            out += values(variant)
            out += "</div>"
        }
        return out + "\n</div>"
    }

    private mutating func svg(_ variant: Variant) throws -> String {
        let scope = "\(name)-\(variant.name)"
        let builder = WebElements(scene: variant.scene, prefix: scope)
        let elements = try builder.elements()
        let box = DisplayListSVG(bounds: variant.scene.bounds).viewBox
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVG.number(box.width))\" height=\"\(SVG.number(box.height))\""
        out += " viewBox=\"\(SVG.number(box.x)) \(SVG.number(box.y)) \(SVG.number(box.width)) \(SVG.number(box.height))\""
        out += " aria-hidden=\"true\" font-family=\"\(SVG.escape(fontStack))\">"
        var definitions = ""
        var body = ""
        for element in elements { write(element, scope: scope, variant: variant, body: &body, definitions: &definitions) }
        if !definitions.isEmpty { out += "<defs>" + definitions + "</defs>" }
        return out + body + "</svg>"
    }

    private mutating func write(_ element: WebElement, scope: String, variant: Variant, body: inout String, definitions: inout String) {
        for definition in element.definitions {
            var nested = ""
            write(definition, scope: scope, variant: variant, body: &definitions, definitions: &nested)
            definitions += nested
        }
        body += "<\(element.tag)"
        for (attribute, value) in element.attributes { body += " \(attribute)=\"\(SVG.escape(value))\"" }
        body += ">"
        if let content = element.content { body += SVG.escape(content) }
        for child in element.children { write(child, scope: scope, variant: variant, body: &body, definitions: &definitions) }
        body += "</\(element.tag)>"
        animate(".\(name) > .v-\(variant.name) .\(element.key)", element.tracks, keyframes: "\(scope)-\(element.key)", variant.scene)
    }

    /// A visually hidden span for each stretch of time the effect's
    /// accessible value holds, shown (and so read) only then.
    private mutating func values(_ variant: Variant) -> String {
        let samples = variant.scene.accessibilityValues
        var distinct: [String] = []
        for value in samples.joined() where !value.isEmpty && !distinct.contains(value) { distinct.append(value) }
        var out = ""
        for (index, value) in distinct.enumerated() {
            let key = "a\(index + 1)"
            out += "<span class=\"eh-value \(key)\">\(SVG.escape(value))</span>"
            let shown = samples.map { $0.map { [$0 == value ? 1.0 : 0.0] } }
            guard shown.joined().contains([0]) else { continue }
            let track = CSSTrack(values: shown, tolerance: [0], holds: true) { $0[0] == 0 ? "visibility: hidden" : "visibility: visible" }
            animate(".\(name) > .v-\(variant.name) .\(key)", [track], keyframes: "\(name)-\(variant.name)-\(key)", variant.scene)
        }
        return out
    }

    /// One @keyframes rule per track and segment, and the element's
    /// animation list: the entrance once (filling both ways), then the
    /// period for ever from where the loop starts.
    private mutating func animate(_ selector: String, _ tracks: [CSSTrack], keyframes: String, _ scene: SampledScene) {
        guard !tracks.isEmpty else { return }
        var animations: [String] = []
        let entrance = scene.segments.contains { !$0.repeats && $0.duration > 0 }
        for (t, track) in tracks.enumerated() {
            for (s, segment) in scene.segments.enumerated() where segment.duration > 0 {
                let values = track.values[s]
                let kept = track.holds
                    ? KeyframeFit.holds(values: values)
                    : KeyframeFit.linear(times: segment.times, values: values, tolerance: track.tolerance)
                let rule = "\(keyframes)-\(t)-\(s)"
                css += "@keyframes \(rule) {"
                for k in kept {
                    css += " \(Self.percent(segment.times[k] / segment.duration)) { \(track.declarations(values[k])) }"
                }
                css += " }\n"
                keyframeCount += kept.count
                let timing = track.holds ? "steps(1, end)" : "linear"
                let count = segment.repeats ? "infinite" : "1"
                let fill = segment.repeats && entrance ? "none" : "both"
                animations.append("\(rule) \(Self.seconds(segment.duration)) \(timing) \(Self.seconds(segment.start)) \(count) \(fill)")
            }
        }
        // The play state after the shorthand, which would reset it: set
        // --effect-play-state: paused on any ancestor to pause.
        css += "\(selector) { animation: \(animations.joined(separator: ", ")); animation-play-state: var(--effect-play-state, running); }\n"
    }

    private static func percent(_ fraction: Double) -> String {
        var out = TextBuffer(capacity: 12)
        out.append(decimal: min(1, max(0, fraction)) * 100, places: 4)
        return String(decoding: out.bytes, as: UTF8.self) + "%"
    }

    private static func seconds(_ value: Double) -> String { SVG.precise(value) + "s" }

    /// The page: the effect alone, centred on its appearance's ground.
    public func page(title: String, stylesheet: String) -> String {
        let dark = variants.contains { $0.appearance == .dark }
        let light = variants.contains { $0.appearance == .light }
        var ground = "html { background: \(light ? "#ffffff" : "#000000"); }"
        if dark, light { ground += " @media (prefers-color-scheme: dark) { html { background: #000000; } }" }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="script-src 'none'">
            <meta name="color-scheme" content="\(dark && light ? "light dark" : dark ? "dark" : "light")">
            <title>\(SVG.escape(title))</title>
            <link rel="stylesheet" href="\(SVG.escape(stylesheet))">
            <style>\(ground) body { margin: 0; min-height: 100vh; display: grid; place-items: center; }</style>
            </head>
            <body>
            \(markup)
            </body>
            </html>

            """
    }

    /// What to paste into another page, with the stylesheet beside it.
    public func snippet(stylesheet: String) -> String {
        "<!-- effect-host export: put \(SVG.escape(stylesheet)) beside the page and paste this where the effect goes. -->\n"
            + "<link rel=\"stylesheet\" href=\"\(SVG.escape(stylesheet))\">\n" + markup + "\n"
    }
}
