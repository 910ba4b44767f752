import EffectHost
import EffectRender
/// A command line split into options and positionals against a spec of
/// which options exist and which take a value.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// `valued` options take the next argument (or `=value`); `flags` take
    /// none, not even `=value`. Anything else starting with "-" is a usage
    /// error.
    init(_ arguments: [String], valued: Set<String>, flags allowed: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let (before, after) = argument.splitOnce(at: "=") {
                (name, inline) = (before, after)
            }
            if valued.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else {
                    guard index < arguments.count else { throw UsageError("\(Terminal.sanitize(name)) needs a value") }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else if allowed.contains(name) {
                // `--offline=1` names a known flag: saying "unknown option"
                // would send the user looking for a spelling mistake.
                guard inline == nil else { throw UsageError("\(Terminal.sanitize(name)) takes no value") }
                flags.insert(name)
            } else {
                // --help is read before parsing, so it is a candidate without being allowed here.
                let known = Array(valued) + Array(allowed) + ["--help"]
                let hint = closestOption(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
                throw UsageError("unknown option \(Terminal.sanitize(name))\(hint)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func all(_ option: String) -> [String] { values[option] ?? [] }

    /// The option's value, if given; giving it twice is a usage error.
    func single(_ option: String) throws(UsageError) -> String? {
        let given = all(option)
        guard given.count <= 1 else { throw UsageError("\(option) is given more than once") }
        return given.first
    }
}

/// A misspelling first (`--offlne`, `--fsp`: one edit, or one in four
/// letters, for names of three letters or more), then an abbreviation or a
/// name that runs on (`--dur`, `--loops`); alphabetically first on a tie.
func closestOption(to name: String, among options: [String]) -> String? {
    let sorted = options.sorted()
    let core = String(name.drop { $0 == "-" })
    if core.count >= 3 {
        let limit = max(1, core.count / 4)
        let ranked = sorted.map { (editDistance(core, String($0.drop { $0 == "-" })), $0) }.filter { $0.0 <= limit }
        if let best = ranked.min(by: { $0.0 < $1.0 }) { return best.1 }
    }
    return sorted.first { $0.hasPrefix(name) || name.hasPrefix($0) }
}

/// A mistake in how the command was called: one line, exit status 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A failure while doing what was asked: one line, exit status 1.
struct RuntimeError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
