import EffectHost

/// One command, declared once: what it is called, what it takes and says
/// in `--help`, and the code that runs it. The parser, `--help`, the main
/// help's list of commands, the shell completions and the man page all
/// read these.
struct CommandSpec: Sendable {
    enum Operand: Sendable { case none, effect, pluginFiles, shell }

    let name: String
    /// The main help's line for it.
    let summary: String
    /// What follows `usage: effect-host `.
    let usage: String
    /// Paragraphs before the options: filled to the width, except indented blocks.
    let about: String
    let options: [Option]
    /// Paragraphs after the options.
    var notes = ""
    var examples: [String] = []
    let operand: Operand
    /// Parses the arguments after the command's name, runs it, and returns its exit status.
    let run: @Sendable ([String]) throws -> Int32

    /// Options that take a value, as `--fps 30` or `--fps=30`.
    var valued: Set<String> { Set(options.filter { $0.value != nil }.flatMap(\.names)) }
    var flags: Set<String> { Set(options.filter { $0.value == nil }.flatMap(\.names)) }

    /// Every option a person would type, sorted.
    var publicOptions: [String] { (options.filter { !$0.hidden }.flatMap(\.names) + ["--help"]).sorted() }

    func option(named name: String) -> Option? { options.first { $0.names.contains(name) } }

    /// The help `effect-host NAME --help` prints.
    var help: String {
        var out = ["usage: effect-host \(usage)", ""] + HelpText.fill(about)
        let shown = options.filter { !$0.hidden }
        if !shown.isEmpty { out += [""] + shown.flatMap(HelpText.lines(for:)) }
        if !notes.isEmpty { out += [""] + HelpText.fill(notes) }
        if !examples.isEmpty { out += ["", "examples:"] + examples.map { "  effect-host \($0)" } }
        return out.joined(separator: "\n")
    }

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}

/// How help text is laid out: 80 columns, options in a column of their own.
enum HelpText {
    static let width = 80
    /// Where an option's help starts.
    static let helpColumn = 25

    /// Paragraphs (split at blank lines) filled to the width; a paragraph
    /// whose lines are indented (a list, a table) is kept as written.
    static func fill(_ text: String) -> [String] {
        var paragraphs: [[String]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty {
                paragraphs.append([])
            } else {
                paragraphs[paragraphs.count - 1].append(String(line))
            }
        }
        var out: [String] = []
        for (index, lines) in paragraphs.filter({ !$0.isEmpty }).enumerated() {
            if index > 0 { out.append("") }
            out += lines.contains { $0.hasPrefix(" ") } ? lines : wrap(lines.joined(separator: " "), width: width)
        }
        return out
    }

    /// An option's lines: its names and value, then its help, wrapped in a
    /// column of its own (starting on the next line when the names are long).
    static func lines(for option: Option) -> [String] {
        let head = "  " + option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
        let body = wrap(option.help + (option.numbersText.map { " (\($0))" } ?? ""), width: width - helpColumn)
        let indent = String(repeating: " ", count: helpColumn)
        guard head.count <= helpColumn - 2 else { return [head] + body.map { indent + $0 } }
        return [head + String(repeating: " ", count: helpColumn - head.count) + (body.first ?? "")] + body.dropFirst().map { indent + $0 }
    }

    /// Words filled into lines of at most `width` characters (a longer word alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension Arguments {
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        try self.init(arguments, valued: spec.valued, flags: spec.flags)
    }

    /// A number option's value, held to its range, or its default when not given.
    func number(_ option: Option) throws(UsageError) -> Double? {
        guard let text = try single(option.name) else { return option.defaultNumber }
        guard let number = Double(text), number.isFinite, option.range?.contains(number) ?? true else {
            let range = option.rangeText.map { $0.hasPrefix("more") ? " " + $0 : " from " + $0 } ?? ""
            throw UsageError("\(option.name) needs a number\(range), not '\(Terminal.sanitize(text))'")
        }
        return number
    }

    /// A number option the table gives a default: its value, or that default.
    func number(defaulted option: Option) throws(UsageError) -> Double {
        guard let value = try number(option) else { preconditionFailure("\(option.name) has no default in the table") }
        return value
    }
}

extension CommandSpec {
    /// The option the table declares under `name`: the one place its range and default are.
    subscript(option name: String) -> Option {
        guard let option = option(named: name) else { preconditionFailure("\(self.name) declares no \(name)") }
        return option
    }
}
