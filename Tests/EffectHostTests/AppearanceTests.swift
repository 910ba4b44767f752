import CEffect
import EffectHost
import XCTest

/// ABI 1.3's appearance: the bundled effects draw their adaptive colours
/// in the form for the appearance asked for, a colour someone set stays as
/// set, and a 1.2 host's context (40 bytes) draws the light look. The
/// expected colours are the seeds' own: text-reveal's palette.text
/// (0x141414 / 0xF4F3EF), tracking-breathe's Color(white: 0.07) and its
/// dark counterpart Color(white: 0.93), and the strike's .primary (Apple's
/// 0x1D1D1F / 0xF5F5F7); the strike's grey line is one colour in both.
final class AppearanceTests: XCTestCase {
    private func instance(_ library: String, _ id: String, _ params: [(String, Value)] = []) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    private func textColors(_ list: DisplayList) -> Set<UInt32> {
        Set(list.items.compactMap { if case let .text(text) = $0 { text.color } else { nil } })
    }

    private let adaptive: [(library: String, id: String, light: UInt32, dark: UInt32)] = [
        ("libReveal.so", "text-reveal", 0x1414_14FF, 0xF4F3_EFFF),
        ("libBreathe.so", "tracking-breathe", 0x1212_12FF, 0xEDED_EDFF),
        ("libStrike.so", "strikethrough-reveal", 0x1D1D_1FFF, 0xF5F5_F7FF),
    ]

    func testTextTakesTheFormForTheAppearance() throws {
        for effect in adaptive {
            let instance = try instance(effect.library, effect.id)
            XCTAssertTrue(instance.plugin.adaptsToAppearance, effect.id)
            let light = try instance.draw(at: 2)
            let dark = try instance.draw(at: 2, appearance: .dark)
            XCTAssertEqual(textColors(light), [effect.light], effect.id)
            XCTAssertEqual(textColors(dark), [effect.dark], effect.id)
            XCTAssertEqual(try instance.draw(at: 2, appearance: .light).items, light.items, "light is the default")
            // Only colours change: the same items in the same places.
            XCTAssertEqual(light.items.count, dark.items.count, effect.id)
            XCTAssertEqual(light.bounds, dark.bounds, effect.id)
            XCTAssertEqual(light.items.map(\.id), dark.items.map(\.id), effect.id)
        }
    }

    func testTheStrikesLineIsGreyInBoth() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal")
        func line(_ appearance: Appearance) throws -> DrawPaint? {
            for case let .shape(shape) in try strike.draw(at: 1, appearance: appearance).items where shape.kind == .capsule {
                return shape.fill
            }
            return nil
        }
        XCTAssertEqual(try line(.light), .color(0x8A8F_98FF))
        XCTAssertEqual(try line(.dark), .color(0x8A8F_98FF))
    }

    func testAColourSetAtCreateIsTheSameInBoth() throws {
        for effect in adaptive {
            let instance = try instance(effect.library, effect.id, [("color", .color(0x3366_99FF))])
            XCTAssertEqual(textColors(try instance.draw(at: 2, appearance: .dark)), [0x3366_99FF], effect.id)
            XCTAssertEqual(textColors(try instance.draw(at: 2)), [0x3366_99FF], effect.id)
        }
        // Set to the light default, it is that colour, not "the default".
        let reveal = try instance("libReveal.so", "text-reveal", [("color", .color(0x1414_14FF))])
        XCTAssertEqual(textColors(try reveal.draw(at: 2, appearance: .dark)), [0x1414_14FF])
    }

    func testAColourSetByAnEventHoldsFromItsTime() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal")
        try strike.set("color", to: .color(0xFF00_00FF), at: 1)
        XCTAssertEqual(textColors(try strike.draw(at: 0.5, appearance: .dark)), [0xF5F5_F7FF], "adapts before the event")
        XCTAssertEqual(textColors(try strike.draw(at: 1, appearance: .dark)), [0xFF00_00FF])
        XCTAssertEqual(textColors(try strike.draw(at: 1.5)), [0xFF00_00FF])
        // get_param still publishes the light default before the event.
        XCTAssertEqual(try strike.value(of: "color", at: 0.5), .color(0x1D1D_1FFF))
    }

    /// The raw call, as a 1.2 host makes it (a 40-byte context) and with a
    /// value effect.h does not define.
    private func rawDraw(_ instance: EffectInstance, contextSize: Int, appearance: UInt32) -> (Int32, [UInt32], String) {
        var context = effect_draw_context()
        context.struct_size = UInt32(contextSize)
        context.appearance = appearance
        var drawing = effect_drawing()
        drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
        var items = [effect_draw_item](repeating: effect_draw_item(), count: 64)
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        let status = instance.plugin.table.pointee.draw!(instance.rawHandle, 2, &context, &drawing, &items, 64, &error)
        let colors = items.prefix(Int(drawing.item_count)).compactMap { item in
            item.head.kind == EFFECT_ITEM_TEXT ? item.text.color : nil
        }
        let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return (status, colors, message)
    }

    func testAnOlderHostsContextDrawsTheLightLook() throws {
        let strike = try instance("libStrike.so", "strikethrough-reveal")
        // An appearance past a 40-byte struct is never read, even if set.
        let old = rawDraw(strike, contextSize: 40, appearance: EFFECT_APPEARANCE_DARK)
        XCTAssertEqual(old.0, EFFECT_OK, old.2)
        XCTAssertEqual(old.1, [0x1D1D_1FFF])
        XCTAssertEqual(rawDraw(strike, contextSize: 48, appearance: EFFECT_APPEARANCE_DARK).1, [0xF5F5_F7FF])
        let short = rawDraw(strike, contextSize: 39, appearance: 0)
        XCTAssertEqual(short.0, EFFECT_ERR_STRUCT_SIZE)
        XCTAssertTrue(short.2.contains("at least 40"), short.2)
    }

    func testAnUnknownAppearanceIsARangeError() throws {
        for effect in adaptive {
            let (status, _, message) = rawDraw(try instance(effect.library, effect.id), contextSize: 48, appearance: 2)
            XCTAssertEqual(status, EFFECT_ERR_RANGE, effect.id)
            XCTAssertEqual(message, "the appearance is 2; it is EFFECT_APPEARANCE_LIGHT (0) or EFFECT_APPEARANCE_DARK (1)")
        }
    }

    func testTheParamsDocSaysWhatTheDarkFormIs() throws {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/libReveal.so")
        let color = try XCTUnwrap(plugin.effect(id: "text-reveal")?.param(named: "color"))
        XCTAssertEqual(color.defaultValue, .color(0x1414_14FF))
        XCTAssertTrue(color.doc.hasSuffix("Unset, it adapts: #141414FF in the light appearance, #F4F3EFFF in the dark."), color.doc)
    }

    func testAnABI12PluginDoesNotAdapt() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Plugin.load(path: try Fixtures.testPlugin("libDraws12.so", in: directory, defines: ["ABI_1_2"]))
        XCTAssertTrue(plugin.canDraw)
        XCTAssertFalse(plugin.adaptsToAppearance)
    }
}
