import Foundation
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reading back the SVG a render or a chart writes: elements by display-list
/// id or by name, their numbers, and a group's transform as SVG applies it.
/// A test class that reads SVG conforms, and calls these as its own.
protocol SVGReading {}

/// A group's transform read back from `translate(a b) rotate(r)
/// scale(x y) translate(-ax -ay)`: as SVG applies it, a point p goes to
/// translate + anchor + R S (p − anchor).
struct GroupTransform {
    var translate = (x: 0.0, y: 0.0)
    var anchor = (x: 0.0, y: 0.0)
    var rotation = 0.0
    var scale = (x: 1.0, y: 1.0)

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let (sx, sy) = ((x - anchor.x) * scale.x, (y - anchor.y) * scale.y)
        let turn = rotation * Double.pi / 180
        return (
            translate.x + anchor.x + sx * cos(turn) - sy * sin(turn), translate.y + anchor.y + sx * sin(turn) + sy * cos(turn)
        )
    }
}

extension SVGReading {
    /// The element drawn for display-list item `id`.
    func item(_ document: XMLDocument, _ id: UInt32) throws -> XMLElement? {
        try document.nodes(forXPath: "//*[@data-id='\(id)']").first as? XMLElement
    }

    func elements(_ document: XMLDocument, _ name: String) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[local-name()='\(name)']").compactMap { $0 as? XMLElement }
    }

    func number(_ element: XMLElement?, _ attribute: String) throws -> Double {
        let text = try XCTUnwrap(element.flatMap { attr($0, attribute) }, "no \(attribute)")
        return try XCTUnwrap(Double(text), "\(attribute)=\(text)")
    }

    /// An attribute's value. Attributes here have no namespace, while
    /// their elements are in SVG's, which attribute(forName:) trips on.
    func attr(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }

    /// An attribute's number, or `absent` when it is not written (SVG's
    /// default: opacity 1, say).
    func number(_ element: XMLElement?, _ attribute: String, absent: Double) throws -> Double {
        guard let text = element.flatMap({ attr($0, attribute) }) else { return absent }
        return try XCTUnwrap(Double(text), "\(attribute)=\(text)")
    }

    func groupTransform(_ element: XMLElement?) throws -> GroupTransform {
        var result = GroupTransform()
        guard let text = element.flatMap({ attr($0, "transform") }) else { return result }
        var parts: [(String, [Double])] = []
        for piece in text.split(separator: ")") {
            let pair = piece.split(separator: "(")
            guard pair.count == 2 else { continue }
            parts.append((pair[0].trimmingCharacters(in: .whitespaces), pair[1].split(separator: " ").compactMap { Double($0) }))
        }
        let first = try XCTUnwrap(parts.first, text)
        let last = try XCTUnwrap(parts.last, text)
        XCTAssertEqual(first.0, "translate")
        XCTAssertEqual(last.0, "translate")
        result.anchor = (-last.1[0], -last.1[1])
        result.translate = (first.1[0] - result.anchor.x, first.1[1] - result.anchor.y)
        for (name, values) in parts.dropFirst().dropLast() {
            if name == "rotate" { result.rotation = values[0] }
            if name == "scale" { result.scale = (values[0], values[1]) }
        }
        return result
    }

    /// The filter primitive `name` of the filter a group refers to.
    func filter(_ document: XMLDocument, of group: XMLElement?, _ name: String) throws -> XMLElement? {
        guard let reference = group.flatMap({ attr($0, "filter") }) else { return nil }
        let id = reference.dropFirst(5).dropLast()
        let filter = try document.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement
        return filter?.children?.compactMap { $0 as? XMLElement }.first { $0.localName == name || $0.name == name }
    }

    /// The rect of the clip path a group refers to.
    func clipRect(_ document: XMLDocument, of group: XMLElement?) throws -> XMLElement? {
        guard let reference = group.flatMap({ attr($0, "clip-path") }) else { return nil }
        let id = reference.dropFirst(5).dropLast()
        let clip = try document.nodes(forXPath: "//*[@id='\(id)']").first as? XMLElement
        return clip?.children?.first as? XMLElement
    }

    /// The reference metrics' line height (effect.h): ascent 0.952, descent 0.241.
    func lineHeight(_ size: Double) -> Double { (0.952 + 0.241) * size }

    /// A coordinate as the SVG writes it: at most three decimals.
    func SVG(_ x: Double) -> String {
        var text = String(format: "%.3f", x)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
