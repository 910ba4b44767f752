import EffectHost

/// `effect-host man`: the manual page, written as one (sections, tagged
/// paragraphs for options, text roff fills to the reader's width), from
/// the same command table `--help` prints, so the two never disagree. `scripts/install`
/// installs it as man1/effect-host.1.
struct ManCommand {
    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .man)
        guard parsed.positionals.isEmpty else { throw UsageError("man takes no arguments") }
    }

    func run() { Output.standard.line(Self.page) }

    static var page: String {
        var out = [
            ".TH EFFECT-HOST 1 \"\" \"\(roff(Version.line))\" \"User Commands\"",
            // Paths and option names are not to be broken with hyphens.
            ".nh",
            ".SH NAME",
            "effect-host \\- play, inspect and export effect plugins",
            ".SH SYNOPSIS",
            ".B effect-host",
            ".I command",
            ".RI [ options ]",
            ".SH DESCRIPTION",
        ]
        out += paragraphs(Help.description + "\n\n" + Help.about)
        out.append(".SH COMMANDS")
        for spec in CommandSpec.all {
            out += [".SS \(spec.name)", roff(spec.summary.prefix(1).uppercased() + spec.summary.dropFirst()) + ".", ".PP", ".B effect-host", roff(spec.usage)]
            out += paragraphs(spec.about)
            out += spec.options.filter { !$0.hidden }.flatMap(item)
            out += paragraphs(spec.notes)
            if !spec.examples.isEmpty {
                out += [".PP", "Examples:", ".PP", ".nf"] + spec.examples.flatMap { HelpText.continued("effect-host " + $0, width: 64).map(roff) } + [".fi"]
            }
        }
        out += [".SH OPTIONS", "Every command that loads plugins takes these:"]
        out += (Help.sharedOptions + [Option("-h", "--help", help: "show the command's help (every command takes it)")]).flatMap(item)
        out += [
            ".SH ENVIRONMENT",
            ".TP", ".B EFFECT_PLUGIN_PATH", "Directories and plugin files to search after \\-\\-plugin\\-path, colon-separated.",
            ".TP", ".B EFFECT_SCAN_TIMEOUT", "Seconds a plugin may take to load in the scan before it is skipped (default 5).",
            ".TP", ".B XDG_CACHE_HOME", "Where the scan cache is kept: effect\\-host/plugins.cache (default ~/.cache).",
            ".TP", ".B COLUMNS", "The width tables and text keep to; without it, the terminal's, and whole lines for a pipe.",
            ".TP", ".B NO_COLOR, COLORTERM, TERM",
            "How the live view colours its drawing: no colour, 24-bit colour, or what the terminal names.",
            ".SH EXIT STATUS",
            "0 on success; 1 when the work fails (a plugin that misbehaves, a file that cannot be written); "
                + "2 for a usage error; 130, 143 and 129 when stopped by SIGINT, SIGTERM or SIGHUP.",
            ".SH SEE ALSO",
            "The manual in docs/ (installed in share/doc/effect\\-host): cli.md, effects.md, export.md, embedding.md, "
                + "writing\\-plugins.md, abi.md and hardening.md; the C header effect.h.",
        ]
        return out.joined(separator: "\n")
    }

    /// An option as a tagged paragraph: its names and value, then its help.
    private static func item(_ option: Option) -> [String] {
        let names = option.names.map { "\\fB\(roff($0))\\fR" }.joined(separator: ", ")
        let value = option.value.map { " \\fI\(roff($0))\\fR" } ?? ""
        return [".TP", names + value, roff(option.help + (option.numbersText.map { " (\($0))" } ?? ""))]
    }

    /// A help table as tagged paragraphs, whose text roff fills to the page;
    /// nil for a block that is not one.
    private static func tagged(_ lines: [String]) -> [String]? {
        HelpText.tableRows(lines)?.flatMap { [".TP", ".B \(roff($0.tag))", roff($0.text)] }
    }

    /// Help text as roff: each paragraph filled by roff, an indented block
    /// (a list, a table) kept as written.
    private static func paragraphs(_ text: String) -> [String] {
        var blocks: [[String]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) { blocks.append([]) } else { blocks[blocks.count - 1].append(String(line)) }
        }
        var out: [String] = []
        for lines in blocks where !lines.isEmpty {
            if lines.contains(where: { $0.hasPrefix(" ") }) {
                out += tagged(lines) ?? [".PP", ".nf"] + lines.map(roff) + [".fi"]
            } else {
                out += [".PP", roff(lines.joined(separator: " "))]
            }
        }
        return out
    }

    /// Text roff prints as it is: backslashes doubled, and a leading dot or
    /// quote (which would start a request) guarded.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            default: escaped.append(character)
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
