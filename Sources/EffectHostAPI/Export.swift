import CEffect
import CEffectHost
import EffectExport
import EffectHost
import EffectRender

@_cdecl("effect_host_export")
public func effect_host_export(
    _ instance: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ lookPointer: UnsafePointer<effect_host_look>?,
    _ optionsPointer: UnsafePointer<effect_host_export_options>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        let path = try outputPath(path)
        var defaults = effect_host_export_options()
        defaults.struct_size = UInt32(MemoryLayout<effect_host_export_options>.size)
        let given = try options(optionsPointer, defaults: defaults, named: "effect_host_export_options")
        guard given.flags & ~EFFECT_HOST_EXPORT_LOOP == 0 else {
            throw Failure(EFFECT_ERR_RANGE, "unknown flags 0x\(String(given.flags & ~EFFECT_HOST_EXPORT_LOOP, radix: 16))")
        }
        guard given.reserved == 0 else { throw Failure(EFFECT_ERR_RANGE, "effect_host_export_options.reserved must be 0") }
        let fps = given.fps == 0 ? ExportSettings.defaultFPS : given.fps
        try TimeLimits.checkRate(fps)
        let look = try Look(lookPointer)
        let motion = box.instance
        guard motion.plugin.canDraw else {
            throw Failure(
                EFFECT_ERR_UNSUPPORTED,
                "\(motion.effect.id) comes from an ABI 1.\(motion.plugin.info.abiMinor) plugin, which does not draw itself: export needs ABI 1.2 or later")
        }
        let note = noteFunction(given.note, given.context)
        try motion.info().notes.forEach(note)
        let settings = ExportSettings(fps: fps, proposedWidth: look.width, lastEvent: box.lastEvent)
        let suffix = RenderTarget.suffix(of: path)
        if suffix == "json" || suffix == "lottie" {
            guard let fonts = look.fonts else {
                throw Failure(EFFECT_HOST_ERR_MISSING, "Lottie text is drawn as glyph outlines, which needs a font shaped by HarfBuzz, not the reference metrics")
            }
            let file = try LottieFile(
                motion, fonts: fonts, appearance: motion.drawnAppearance(look.appearance), settings: settings,
                periodOnly: given.flags & EFFECT_HOST_EXPORT_LOOP != 0, archived: suffix == "lottie")
            try file.write(to: path)
            file.notes.forEach(note)
        } else {
            if given.flags & EFFECT_HOST_EXPORT_LOOP != 0 {
                throw Failure(EFFECT_ERR_RANGE, "one period is a Lottie export; the web page plays the entrance, then loops the period by itself")
            }
            let appearances: [Appearance] =
                switch given.appearances {
                case 0, 3: [.light, .dark]
                case 1: [.light]
                case 2: [.dark]
                default: throw Failure(EFFECT_ERR_RANGE, "appearances is 1 (light), 2 (dark) or 3 (both), not \(given.appearances)")
                }
            let name = try given.name.map { pointer throws(Failure) in try text(pointer, "name") }
            if let name, !WebPage.isValidName(name) {
                throw Failure(EFFECT_ERR_RANGE, "a page's name is a letter, then letters, digits, - or _ (at most 64), not '\(name)'")
            }
            let reduced =
                motion.effect.param(named: "reduce_motion")?.type == .bool ? try box.twin(overriding: [("reduce_motion", .bool(true))]) : nil
            let page = try WebPage(
                motion: motion, reducedMotion: reduced, appearances: appearances, fonts: look.fonts, settings: settings, name: name,
                fontFile: look.fontFile)
            try page.write(into: path)
        }
        if let fallback = look.fonts?.fallbackNote { note(fallback) }
        if let missing = look.fonts?.uncoveredNote { note(missing) }
    }
}
