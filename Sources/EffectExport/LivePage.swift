import EffectHost
import EffectRender

/// An effect as a page that runs the effect itself: its plugin's
/// WebAssembly build, played by the web host (web/effect-host.js) in an
/// `<effect-player>` whose `params` are the effect's, read as the command
/// line reads them, and whose `schedule` replays the events given on the
/// player's clock. The page's script can change any param while it
/// plays. Files: index.html (the effect with a form of controls made from
/// its params), snippet.html (the markup to paste into a page of one's own),
/// the web host's scripts and the plugin's .wasm, copied beside them.
public struct LivePage {
    /// Each file's name in the page's directory, and its bytes.
    public let files: [(name: String, bytes: [UInt8])]
    /// Bytes of the web host's scripts and the WebAssembly module a page
    /// that plays the effect loads (the controls not counted).
    public let loadedSize: Int

    /// `params`: the values the player starts with; `events`: params set at
    /// times, replayed on the player's clock; `width`: the width offered
    /// to the effect's view, in CSS pixels.
    public init(
        effect: EffectDescription, params: [(name: String, value: Value)], events: [(t: Double, name: String, value: Value)],
        build: WebBuild, width: Double
    ) throws(FileError) {
        let wasmName = String(build.wasm.split(separator: "/").last ?? "plugin.wasm")
        guard !(["index.html", "snippet.html"] + WebBuild.scripts).contains(wasmName) else {
            throw FileError("the WebAssembly build \(build.wasm) has the name of one of the page's own files; rename it")
        }
        let snippet = Self.snippet(effect: effect, wasm: wasmName, params: params, events: events, width: width)
        var files = [
            (name: "index.html", bytes: Array(Self.page(title: effect.name, snippet: snippet).utf8)),
            ("snippet.html", Array(snippet.utf8)),
        ]
        var loaded = 0
        for script in WebBuild.scripts {
            let bytes = try Files.read(build.scriptDirectory + "/" + script)
            if WebBuild.hostScripts.contains(script) { loaded += bytes.count }
            files.append((script, bytes))
        }
        let module = try Files.read(build.wasm)
        guard module.starts(with: [0x00, 0x61, 0x73, 0x6D]) else {
            throw FileError("\(build.wasm) is not a WebAssembly module (it does not start with \\0asm)")
        }
        files.append((wasmName, module))
        self.files = files
        loadedSize = loaded + module.count
    }

    /// The element, and the module that defines it.
    static func snippet(
        effect: EffectDescription, wasm: String, params: [(name: String, value: Value)], events: [(t: Double, name: String, value: Value)],
        width: Double
    ) -> String {
        var attributes = [("id", "effect"), ("src", percentEncoded(wasm)), ("effect", effect.id)]
        // In one JSON attribute rather than an attribute each: a third
        // party's param may be named as HTML's own are (style, onclick).
        if !params.isEmpty {
            attributes.append(("params", JSON.object(params.map { ($0.name, .string($0.value.text)) }).text()))
        }
        if !events.isEmpty {
            let schedule = JSON.array(events.map { .array([.number($0.t), .string($0.name), .string($0.value.text)]) })
            attributes.append(("schedule", schedule.text()))
        }
        attributes.append(("style", "width: \(formatNumber(width))px; max-width: 100%"))
        var element = TextBuffer()
        element.append("<effect-player")
        for (name, value) in attributes {
            element.append(" \(name)=\"")
            element.append(escaped: value)
            element.append("\"")
        }
        element.append("></effect-player>")
        return """
            <script type="module" src="effect-host.js"></script>
            \(element.string)

            """
    }

    /// A file name as a relative URL: a space, # or ? in it is not read as the URL's.
    static func percentEncoded(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            let kept = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
            out += kept ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return out
    }

    static func page(title: String, snippet: String) -> String {
        var escapedTitle = TextBuffer()
        escapedTitle.append(escaped: title)
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escapedTitle.string)</title>
            <style>
            :root { color-scheme: light dark; font: 15px/1.5 system-ui, sans-serif; }
            body { margin: 2rem auto; max-width: 40rem; padding: 0 1rem; }
            effect-player { margin: 2rem 0; }
            form { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1rem; align-items: center; }
            form textarea, form input:not([type=checkbox]), form select { font: inherit; width: 100%; box-sizing: border-box; }
            form input[type=checkbox] { justify-self: start; }
            </style>
            <script type="module" src="\(WebBuild.controlsScript)"></script>
            </head>
            <body>
            <h1>\(escapedTitle.string)</h1>
            \(snippet)<form data-player="effect" aria-label="Params"></form>
            </body>
            </html>

            """
    }

    /// Writes every file into `directory` (made if missing), all or none: a
    /// failed write leaves neither a file nor a directory it made behind.
    public func write(into directory: String) throws(FileError) {
        try Files.writeDirectory(directory, files)
    }
}
