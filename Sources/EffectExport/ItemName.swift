import EffectHost

/// How an export's refusal names an item: as a reader of the picture sees
/// it (its kind, and a text's words), with the plugin's id for the item in
/// parentheses, which is what a plugin's author looks for in their code.
enum ItemName {
    static func of(_ item: DrawItem) -> String {
        switch item {
        case let .group(group): "the group (item \(group.id))"
        case let .shape(shape): "the \(noun(shape.kind)) (item \(shape.id))"
        case let .text(text): "the text \"\(excerpt(text.text))\" (item \(text.id))"
        case let .endGroup(id): "the group (item \(id))"
        }
    }

    static func of(_ node: SampledScene.Node) -> String {
        if let first = node.first { return of(first) }
        return "item \(node.id)"
    }

    private static func noun(_ kind: DrawShapeKind) -> String {
        switch kind {
        case .rect: "rectangle"
        case .roundedRect: "rounded rectangle"
        case .capsule: "capsule"
        case .ellipse: "ellipse"
        case .path: "path"
        }
    }

    /// A text's first words, enough to find it by.
    private static func excerpt(_ text: String) -> String {
        let clean = String(text.map { $0.isNewline || $0.asciiValue.map { $0 < 0x20 } == true ? " " : $0 })
        return clean.count <= 24 ? clean : String(clean.prefix(23)) + "…"
    }
}
