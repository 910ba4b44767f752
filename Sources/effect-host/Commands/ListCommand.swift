import EffectHost
import EffectRender

/// `effect-host list`: the plugins found, their effects, and what failed.
struct ListCommand {
    let json: Bool
    /// Only the effect ids, one a line: for scripts and shell completion.
    let idsOnly: Bool
    let session: PluginSession

    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .list)
        guard parsed.positionals.isEmpty else {
            throw UsageError("list takes no arguments; got '\(Terminal.sanitize(parsed.positionals[0]))'")
        }
        json = parsed.has("--json")
        idsOnly = parsed.has("--ids")
        session = PluginSession(parsed)
    }

    func run() {
        let catalog = session.catalog
        if idsOnly {
            for id in catalog.effectIDs { Output.standard.line(Terminal.sanitize(id)) }
            return
        }
        if json {
            Output.standard.line(report().text(indent: "  "))
            return
        }
        let out = Output.standard
        if catalog.plugins.isEmpty {
            out.line("No plugins found. Searched:")
            for entry in session.searchPath.entries { out.line("  \(Terminal.sanitize(entry.path))  (\(entry.origin.rawValue))") }
        }
        for plugin in catalog.plugins {
            let info = plugin.info
            out.paragraph(
                "\(Terminal.sanitize(info.id)) \(Terminal.sanitize(info.version))  ABI \(info.abiMajor).\(info.abiMinor)  \(Terminal.sanitize(plugin.path))",
                width: out.columns)
            if plugin.resolvedPath != plugin.path { out.line("  (resolves to \(Terminal.sanitize(plugin.resolvedPath)))") }
            let rows = plugin.effects.map { [Terminal.sanitize($0.id), Terminal.sanitize($0.summary)] }
            for line in TextTable(header: ["effect", "summary"], rows: rows, showsHeader: false).lines(width: out.columns) { out.line(line) }
        }
        if !catalog.failures.isEmpty {
            out.line()
            out.line("Not loaded:")
            for failure in catalog.failures { out.line("  \(Terminal.sanitize(failure.cliDescription))") }
        }
        for shadow in catalog.shadowed {
            out.line(
                "warning: effect '\(Terminal.sanitize(shadow.effect))' in \(Terminal.sanitize(shadow.path)) is shadowed by \(Terminal.sanitize(shadow.winner))")
        }
    }

    private func report() -> JSON {
        let catalog = session.catalog
        let plugins: [JSON] = catalog.plugins.map { plugin in
            let info = plugin.info
            return .object([
                ("path", .string(plugin.path)),
                ("resolved_path", .string(plugin.resolvedPath)),
                ("id", .string(info.id)),
                ("name", .string(info.name)),
                ("version", .string(info.version)),
                ("author", .string(info.author)),
                ("license", .string(info.license)),
                ("summary", .string(info.summary)),
                ("abi", .string("\(info.abiMajor).\(info.abiMinor)")),
                (
                    "effects",
                    .array(
                        plugin.effects.map {
                            .object([("id", .string($0.id)), ("name", .string($0.name)), ("summary", .string($0.summary))])
                        })
                ),
            ])
        }
        return .object([
            ("version", .string(Version.effectHost)),
            ("abi", .string(Version.abi)),
            ("plugins", .array(plugins)),
            (
                "failures",
                .array(catalog.failures.map { .object([("path", .string($0.path)), ("reason", .string($0.cliReason))]) })
            ),
            (
                "shadowed",
                .array(
                    catalog.shadowed.map {
                        .object([("effect", .string($0.effect)), ("path", .string($0.path)), ("winner", .string($0.winner))])
                    })
            ),
            (
                "search_path",
                .array(
                    session.searchPath.entries.map {
                        .object([("path", .string($0.path)), ("origin", .string($0.origin.rawValue))])
                    })
            ),
        ])
    }
}
