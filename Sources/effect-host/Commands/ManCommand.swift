import EffectHost
/// `effect-host man`: the manual page, in roff, made from the same help
/// texts `--help` prints, so the two never disagree. `scripts/install`
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
            ".SH NAME",
            "effect-host \\- play, inspect and export effect plugins",
            ".SH SYNOPSIS",
            ".B effect-host",
            ".I command",
            "[options]",
            ".SH DESCRIPTION",
        ]
        out += preformatted(Help.main)
        out.append(".SH COMMANDS")
        for spec in CommandSpec.all {
            out.append(".SS \(spec.name)")
            out += preformatted(spec.help)
        }
        out += [".SH SEE ALSO", "The project's README.md and docs/ describe the ABI, the effects and the benchmarks."]
        return out.joined(separator: "\n")
    }

    /// A help text as it is on the screen: no filling, no hyphenation.
    private static func preformatted(_ text: String) -> [String] {
        [".nf", ".nh"] + text.split(separator: "\n", omittingEmptySubsequences: false).map { roff(String($0)) } + [".hy", ".fi"]
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
