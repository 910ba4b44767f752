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
        let usage = HelpText.wrap("usage: effect-host \(self.usage)", width: HelpText.width - 4)
        var out = [usage[0]] + usage.dropFirst().map { "    " + $0 } + [""] + HelpText.fill(about)
        let shown = options.filter { !$0.hidden }
        if !shown.isEmpty { out += [""] + shown.flatMap(HelpText.lines(for:)) }
        if !notes.isEmpty { out += [""] + HelpText.fill(notes) }
        if !examples.isEmpty {
            out += ["", "examples:"] + examples.flatMap { HelpText.continued("effect-host " + $0, width: HelpText.width - 2).map { "  " + $0 } }
        }
        return out.joined(separator: "\n")
    }

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}

/// How help text is laid out: 80 columns, or the terminal's when it has
/// fewer (`COLUMNS`, else its width; at least 40); options in a column of
/// their own, or, under 60 columns, each option's help on the lines below it.
enum HelpText {
    static var width: Int { min(80, max(40, Output.standard.columns ?? 80)) }
    /// Where an option's help starts.
    static var helpColumn: Int { width < 60 ? 6 : 25 }

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
            guard lines.contains(where: { $0.hasPrefix(" ") }) else {
                out += wrap(lines.joined(separator: " "), width: width)
                continue
            }
            // A table wider than the terminal: each row's tag, then its text below it.
            if lines.contains(where: { $0.count > width }), let rows = tableRows(lines) {
                let indent = String(repeating: " ", count: 6)
                out += rows.flatMap { ["  " + $0.tag] + wrap($0.text, width: width - indent.count).map { indent + $0 } }
            } else {
                out += lines
            }
        }
        return out
    }

    /// A command line as lines of at most `width` characters, broken
    /// between words with the shell's backslash.
    static func continued(_ command: String, width: Int) -> [String] {
        guard command.count > width else { return [command] }
        var lines: [String] = []
        var line = ""
        for word in command.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count + 2 > width {
                lines.append(line + " \\")
                line = "    " + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + [line]
    }

    /// A help table's rows (`  TAG   text`, the text running on in
    /// deeper-indented lines); nil for a block that is not one.
    static func tableRows(_ lines: [String]) -> [(tag: String, text: String)]? {
        var rows: [(tag: String, text: String)] = []
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if indent == 2, let gap = body.firstRange(of: "  ") {
                rows.append((String(body[..<gap.lowerBound]), String(body[gap.upperBound...].drop { $0 == " " })))
            } else if indent > 2, !rows.isEmpty {
                rows[rows.count - 1].text += " " + body
            } else {
                return nil
            }
        }
        return rows
    }

    /// An option's lines: its names and value, then its help, wrapped in a
    /// column of its own (starting on the next line when the names are long).
    static func lines(for option: Option) -> [String] {
        let (width, helpColumn) = (self.width, self.helpColumn)
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
        guard let number = DecimalNumber.parse(text), number.isFinite, option.range?.contains(number) ?? true else {
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
