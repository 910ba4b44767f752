import EffectHost
import EffectRender

/// `effect-host info EFFECT`: everything an effect declares, plus what a
/// default instance reports (element count, timing).
struct InfoCommand {
    let id: String
    let json: Bool
    let session: PluginSession

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .info)
        guard parsed.positionals.count == 1 else {
            throw UsageError(parsed.positionals.isEmpty ? "info needs an effect id (see effect-host list)" : "info takes one effect id, and '\(Terminal.sanitize(parsed.positionals[1]))' is a second")
        }
        id = parsed.positionals[0]
        json = parsed.has("--json")
        session = PluginSession(parsed)
    }

    func run() throws {
        session.warnAboutFailures()
        let (plugin, effect) = try session.effect(id)
        let instance: EffectInstance
        let facts: InstanceInfo
        PluginActivity.begin("create")
        do {
            instance = try plugin.instantiate(effect)
            facts = try instance.info()
        } catch {
            throw RuntimeError("\(effect.id) cannot be created with its defaults: \(error.message)")
        }
        let elements = try (0..<facts.elementCount).map { index throws(EffectError) in try instance.element(index) }
        if json {
            Output.standard.line(report(plugin, effect, facts, elements).text(indent: "  "))
        } else {
            printText(plugin, effect, facts, elements)
        }
    }

    private func printText(_ plugin: Plugin, _ effect: EffectDescription, _ facts: InstanceInfo, _ elements: [ElementDescription]) {
        let out = Output.standard
        let s = Terminal.sanitize
        let width = out.columns
        out.line("\(s(effect.id)): \(s(effect.name))")
        out.paragraph(s(effect.summary), width: width)
        out.paragraph("plugin: \(s(plugin.info.id)) \(s(plugin.info.version)) (\(s(plugin.path)))", width: width)
        if !effect.credit.isEmpty { out.paragraph("design: \(s(effect.credit))", width: width) }
        out.paragraph("timing: \(s(effect.timingDoc)); with defaults, \(describe(facts.timing))", width: width)
        out.line()
        out.line("params:")
        table(
            effect.params.map { param in
                [
                    param.name, typeText(param), defaultText(param),
                    rangeText(param), param.unit, param.isLive ? "live" : "at create", param.doc,
                ]
            }, header: ["name", "type", "default", "range", "unit", "set", "doc"])
        let scopes: [(String, [ChannelDescription])] = [
            ("channels (one value per frame)", effect.channels),
            ("element channels (one value per \(effect.elementNoun.isEmpty ? "element" : effect.elementNoun) per frame)", effect.elementChannels),
            ("attributes (static, one value per \(effect.elementNoun.isEmpty ? "element" : effect.elementNoun))", effect.attributes),
        ]
        for (title, channels) in scopes where !channels.isEmpty {
            out.line()
            out.line("\(title):")
            table(
                channels.map { channel in
                    [channel.name, rangeText(channel.range), channel.unit, labelsText(channel) + channel.doc]
                }, header: ["name", "range", "unit", "doc"])
        }
        guard facts.elementCount > 0 || !effect.elementChannels.isEmpty else { return }
        out.line()
        let noun = effect.elementNoun.isEmpty ? "elements" : "\(effect.elementNoun)s"
        out.line("\(noun) with default params: \(facts.elementCount)")
        for (index, element) in elements.enumerated() where !element.text.isEmpty || !element.attributes.isEmpty {
            let attributes = zip(effect.attributes, element.attributes).map { "\($0.name)=\(formatNumber($1))" }
            out.line("  [\(index)] \(element.text.isEmpty ? "" : "\"\(s(element.text))\" ")\(attributes.joined(separator: " "))")
        }
    }

    private func table(_ rows: [[String]], header: [String]) {
        let table = TextTable(header: header, rows: rows.map { $0.map(Terminal.sanitize) })
        for line in table.lines(width: Output.standard.columns) { Output.standard.line(line) }
    }

    /// A multiline string says so where its type is, as `live` says when it may change.
    private func typeText(_ param: ParamDescription) -> String {
        if param.type == .choice { return "enum" }
        return param.isMultiline ? "\(param.type.rawValue), multiline" : param.type.rawValue
    }

    private func defaultText(_ param: ParamDescription) -> String {
        switch param.defaultValue {
        case .none: "unset"
        case let .string(text): "\"\(text)\""
        default: param.defaultValue.text
        }
    }

    private func rangeText(_ param: ParamDescription) -> String {
        if let range = param.range { return "\(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))" }
        if param.type == .choice { return param.choices.joined(separator: "|") }
        return ""
    }

    private func rangeText(_ range: ClosedRange<Double>) -> String {
        switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
        case (true, true): "\(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))"
        case (true, false): ">= \(formatNumber(range.lowerBound))"
        case (false, true): "<= \(formatNumber(range.upperBound))"
        case (false, false): "any"
        }
    }

    private func labelsText(_ channel: ChannelDescription) -> String {
        guard !channel.labels.isEmpty else { return "" }
        return channel.labels.enumerated().map { "\($0)=\($1)" }.joined(separator: ", ") + ". "
    }

    private func describe(_ timing: Timing) -> String {
        switch timing {
        case let .ends(at): "ends at \(readable(at)) s"
        case let .loops(start, period): "loops every \(readable(period)) s from \(readable(start)) s"
        }
    }

    private func report(_ plugin: Plugin, _ effect: EffectDescription, _ facts: InstanceInfo, _ elements: [ElementDescription])
        -> JSON
    {
        func channels(_ list: [ChannelDescription]) -> JSON {
            .array(
                list.map { channel in
                    .object([
                        ("name", .string(channel.name)), ("unit", .string(channel.unit)), ("doc", .string(channel.doc)),
                        ("min", .number(channel.range.lowerBound)), ("max", .number(channel.range.upperBound)),
                        ("discrete", .bool(channel.isDiscrete)), ("labels", .array(channel.labels.map(JSON.string))),
                    ])
                })
        }
        let params: [JSON] = effect.params.map { param in
            var members: [(String, JSON)] = [
                ("name", .string(param.name)), ("type", .string(param.type.rawValue)), ("default", json(param.defaultValue)),
                ("unit", .string(param.unit)), ("doc", .string(param.doc)), ("live", .bool(param.isLive)),
                ("optional", .bool(param.isOptional)), ("multiline", .bool(param.isMultiline)),
            ]
            if let range = param.range { members += [("min", .number(range.lowerBound)), ("max", .number(range.upperBound))] }
            if param.type == .choice { members.append(("choices", .array(param.choices.map(JSON.string)))) }
            return .object(members)
        }
        let timing: JSON =
            switch facts.timing {
            case let .ends(at): .object([("kind", .string("ends")), ("end", .number(at))])
            case let .loops(start, period):
                .object([("kind", .string("loops")), ("loop_start", .number(start)), ("period", .number(period))])
            }
        var kinds: [JSON] = []
        if effect.timingKinds.contains(.ends) { kinds.append(.string("ends")) }
        if effect.timingKinds.contains(.loops) { kinds.append(.string("loops")) }
        return .object([
            ("id", .string(effect.id)), ("name", .string(effect.name)), ("summary", .string(effect.summary)),
            ("credit", .string(effect.credit)),
            (
                "plugin",
                .object([
                    ("id", .string(plugin.info.id)), ("version", .string(plugin.info.version)), ("path", .string(plugin.path)),
                ])
            ),
            ("params", .array(params)),
            ("channels", channels(effect.channels)),
            ("element_channels", channels(effect.elementChannels)),
            ("attributes", channels(effect.attributes)),
            ("element_noun", .string(effect.elementNoun)),
            ("timing_kinds", .array(kinds)),
            ("timing_doc", .string(effect.timingDoc)),
            (
                "defaults",
                .object([
                    ("element_count", .integer(Int64(facts.elementCount))), ("timing", timing),
                    (
                        "elements",
                        .array(
                            elements.map { element in
                                .object([
                                    ("text", .string(element.text)),
                                    ("attributes", .array(element.attributes.map(JSON.number))),
                                ])
                            })
                    ),
                ])
            ),
        ])
    }

    private func json(_ value: Value) -> JSON {
        switch value {
        case .none: .null
        case let .number(x): .number(x)
        case let .integer(x): .integer(x)
        case let .bool(x): .bool(x)
        case let .choice(name): .string(name)
        case let .string(text): .string(text)
        case .color: .string(value.text)
        }
    }
}
