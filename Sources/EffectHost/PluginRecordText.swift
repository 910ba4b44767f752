/// A plugin's metadata as lines of text: how a scan in a child process
/// hands its record to the host, and how the scan cache stores it.
///
/// Each line is a kind and its fields, separated by tabs. A field writes
/// backslash, tab, newline and carriage return as `\\`, `\t`, `\n`, `\r`.
/// A list is its count and then that many fields. The lines are:
///
///     plugin  RESOLVED_PATH ID NAME VERSION AUTHOR LICENSE SUMMARY ABI_MAJOR ABI_MINOR EFFECTS
///     effect  INDEX ID NAME SUMMARY NOUN TIMING_KINDS TIMING_DOC CREDIT PARAMS CHANNELS ELEMENT_CHANNELS ATTRIBUTES
///     param   NAME TYPE LIVE OPTIONAL MULTILINE UNIT DOC LOW HIGH DEFAULT CHOICES...
///     channel NAME SCOPE UNIT DOC LOW HIGH DISCRETE COUNTER LABELS...
///
/// One `plugin` line comes first; each `effect` line is followed by its
/// params, then its global channels, element channels and attributes, as
/// many of each as the effect line counts. Numbers are written as Swift
/// prints them, which reads back to the same bits; a numeric range of `-`
/// `-` is none. A default is `-` (none) or a letter and the value: `n`
/// number, `i` integer, `b` 0 or 1, `c` choice name, `s` string, `k`
/// colour as 0xRRGGBBAA in decimal.
public enum PluginRecordText {
    public struct Malformed: Error, Sendable {
        public let reason: String
    }

    public static func lines(for record: PluginRecord) -> [String] {
        let info = record.info
        var lines = [
            line(
                "plugin", record.resolvedPath, info.id, info.name, info.version, info.author, info.license, info.summary,
                "\(info.abiMajor)", "\(info.abiMinor)", "\(record.effects.count)")
        ]
        for effect in record.effects {
            lines.append(
                line(
                    "effect", "\(effect.index)", effect.id, effect.name, effect.summary, effect.elementNoun,
                    "\(effect.timingKinds.rawValue)", effect.timingDoc, effect.credit, "\(effect.params.count)",
                    "\(effect.channels.count)", "\(effect.elementChannels.count)", "\(effect.attributes.count)"))
            for param in effect.params {
                let range = param.range.map { ["\($0.lowerBound)", "\($0.upperBound)"] } ?? ["-", "-"]
                lines.append(
                    line(
                        [
                            "param", param.name, param.type.rawValue, flag(param.isLive), flag(param.isOptional),
                            flag(param.isMultiline), param.unit, param.doc,
                        ] + range + [text(of: param.defaultValue), "\(param.choices.count)"] + param.choices))
            }
            for channel in effect.channels + effect.elementChannels + effect.attributes {
                lines.append(
                    line(
                        [
                            "channel", channel.name, channel.scope.rawValue, channel.unit, channel.doc,
                            "\(channel.range.lowerBound)", "\(channel.range.upperBound)", flag(channel.isDiscrete),
                            flag(channel.isCounter), "\(channel.labels.count)",
                        ] + channel.labels))
            }
        }
        return lines
    }

    /// The record these lines describe, for the file at `path`. Anything
    /// out of place (a kind, a count, a number that does not read) makes
    /// the whole record malformed: half a record is never used.
    public static func record<Lines: Collection>(from lines: Lines, path: String) throws(Malformed) -> PluginRecord
    where Lines.Element: StringProtocol {
        var reader = Reader(lines: lines.map { fields(of: String($0)) })
        let plugin = try reader.next("plugin", count: 11)
        let info = PluginDescription(
            id: plugin[1], name: plugin[2], version: plugin[3], author: plugin[4], license: plugin[5], summary: plugin[6],
            abiMajor: try number(plugin[7]), abiMinor: try number(plugin[8]))
        var effects: [EffectDescription] = []
        for _ in 0..<(try count(plugin[9])) {
            let effect = try reader.next("effect", count: 13)
            let params = try (0..<(try count(effect[8]))).map { _ throws(Malformed) in try reader.param() }
            let groups = try [effect[9], effect[10], effect[11]].map { field throws(Malformed) in
                try (0..<(try count(field))).map { _ throws(Malformed) in try reader.channel() }
            }
            effects.append(
                EffectDescription(
                    index: try number(effect[0]), id: effect[1], name: effect[2], summary: effect[3], elementNoun: effect[4],
                    timingKinds: TimingKinds(rawValue: try number(effect[5])), timingDoc: effect[6], credit: effect[7],
                    params: params, channels: groups[0], elementChannels: groups[1], attributes: groups[2]))
        }
        guard reader.isAtEnd else { throw Malformed(reason: "lines after the last effect") }
        return PluginRecord(path: path, resolvedPath: plugin[0], info: info, effects: effects)
    }

    /// One line's fields, escaped and joined.
    public static func line(_ fields: String...) -> String { line(fields) }

    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: "\t")
    }

    /// A line's fields, unescaped.
    public static func fields(of line: String) -> [String] {
        line.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map { unescape(String(decoding: $0, as: UTF8.self)) }
    }

    private static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        var escaped = ""
        for character in field.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private static func unescape(_ field: String) -> String {
        guard field.utf8.contains(0x5C) else { return field }
        var plain = ""
        var escaping = false
        for character in field.unicodeScalars {
            if escaping {
                switch character {
                case "t": plain += "\t"
                case "n": plain += "\n"
                case "r": plain += "\r"
                default: plain.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                plain.unicodeScalars.append(character)
            }
        }
        return plain
    }

    private static func flag(_ value: Bool) -> String { value ? "1" : "0" }

    private static func text(of value: Value) -> String {
        switch value {
        case .none: "-"
        case .number(let number): "n\(number)"
        case .integer(let integer): "i\(integer)"
        case .bool(let bool): "b\(flag(bool))"
        case .choice(let name): "c\(name)"
        case .string(let string): "s\(string)"
        case .color(let color): "k\(color)"
        }
    }

    fileprivate static func value(_ text: String) throws(Malformed) -> Value {
        // By scalar: a string default may begin with a combining mark,
        // which would join the tag letter into one Character.
        guard let tag = text.unicodeScalars.first else { throw Malformed(reason: "an empty default") }
        let rest = String(text.unicodeScalars.dropFirst())
        switch tag {
        case "-" where rest.isEmpty: return .none
        case "n": return .number(try number(rest))
        case "i": return .integer(try number(rest))
        case "b" where rest == "0" || rest == "1": return .bool(rest == "1")
        case "c": return .choice(rest)
        case "s": return .string(rest)
        case "k": return .color(try number(rest))
        default: throw Malformed(reason: "a default of '\(text)'")
        }
    }

    fileprivate static func number<Number: LosslessStringConvertible>(_ text: String) throws(Malformed) -> Number {
        guard let number = Number(text) else { throw Malformed(reason: "'\(text)' is not a \(Number.self)") }
        return number
    }

    fileprivate static func count(_ text: String) throws(Malformed) -> Int {
        let count: Int = try number(text)
        guard (0...65536).contains(count) else { throw Malformed(reason: "a count of \(count)") }
        return count
    }

    fileprivate static func bool(_ text: String) throws(Malformed) -> Bool {
        guard text == "0" || text == "1" else { throw Malformed(reason: "'\(text)' is not 0 or 1") }
        return text == "1"
    }

    fileprivate static func range(_ low: String, _ high: String) throws(Malformed) -> ClosedRange<Double> {
        let low: Double = try number(low)
        let high: Double = try number(high)
        guard low <= high else { throw Malformed(reason: "a range from \(low) to \(high)") }
        return low...high
    }
}

/// Reads a record's lines in order.
private struct Reader {
    let lines: [[String]]
    var position = 0

    var isAtEnd: Bool { position == lines.count }

    /// The next line, which must be of `kind` and have at least `count`
    /// fields, the kind among them; returned without the kind.
    mutating func next(_ kind: String, count: Int) throws(PluginRecordText.Malformed) -> [String] {
        guard position < lines.count else { throw PluginRecordText.Malformed(reason: "it ends before a '\(kind)' line") }
        let fields = lines[position]
        position += 1
        guard fields.first == kind, fields.count >= count else {
            throw PluginRecordText.Malformed(reason: "line \(position) is not a '\(kind)' line of \(count) fields")
        }
        return Array(fields.dropFirst())
    }

    /// The fields after a list's count, which must be all that is left.
    private func list(_ fields: [String], countAt index: Int) throws(PluginRecordText.Malformed) -> [String] {
        let count = try PluginRecordText.count(fields[index])
        guard fields.count == index + 1 + count else {
            throw PluginRecordText.Malformed(reason: "line \(position) does not have the \(count) items it counts")
        }
        return Array(fields[(index + 1)...])
    }

    mutating func param() throws(PluginRecordText.Malformed) -> ParamDescription {
        let fields = try next("param", count: 12)
        guard let type = ParamType(rawValue: fields[1]) else {
            throw PluginRecordText.Malformed(reason: "a param type of '\(fields[1])'")
        }
        let range = fields[7] == "-" && fields[8] == "-" ? nil : try PluginRecordText.range(fields[7], fields[8])
        return ParamDescription(
            name: fields[0], type: type, isLive: try PluginRecordText.bool(fields[2]),
            isOptional: try PluginRecordText.bool(fields[3]), unit: fields[5], doc: fields[6], range: range,
            defaultValue: try PluginRecordText.value(fields[9]), choices: try list(fields, countAt: 10),
            isMultiline: try PluginRecordText.bool(fields[4]))
    }

    mutating func channel() throws(PluginRecordText.Malformed) -> ChannelDescription {
        let fields = try next("channel", count: 10)
        guard let scope = ChannelScope(rawValue: fields[1]) else {
            throw PluginRecordText.Malformed(reason: "a channel scope of '\(fields[1])'")
        }
        return ChannelDescription(
            name: fields[0], scope: scope, unit: fields[2], doc: fields[3],
            range: try PluginRecordText.range(fields[4], fields[5]), isDiscrete: try PluginRecordText.bool(fields[6]),
            isCounter: try PluginRecordText.bool(fields[7]), labels: try list(fields, countAt: 8))
    }
}
