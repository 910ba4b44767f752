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
        let look = try Look(lookPointer)
        let target = try ExportTarget(path: path)
        // A page takes `appearances`; a Lottie file, the look's one.
        let appearances: [Appearance]
        if target.isLottie {
            appearances = [look.appearance]
        } else {
            switch given.appearances {
            case 0, 3: appearances = [.light, .dark]
            case 1: appearances = [.light]
            case 2: appearances = [.dark]
            default: throw Failure(EFFECT_ERR_RANGE, "appearances is 1 (light), 2 (dark) or 3 (both), not \(given.appearances)")
            }
        }
        let request = ExportRequest(
            target: target, fps: given.fps == 0 ? ExportSettings.defaultFPS : given.fps,
            periodOnly: given.flags & EFFECT_HOST_EXPORT_LOOP != 0, appearances: appearances,
            name: try given.name.map { pointer throws(Failure) in try text(pointer, "name") }, proposedWidth: look.width)
        let plan = try ExportPlan(request, instance: box.instance, lastEvent: box.lastEvent)
        let note = noteFunction(given.note, given.context)
        try box.instance.info().notes.forEach(note)
        plan.notes.forEach { note($0.message) }
        look.loaded.loadNotes.forEach { note($0.message) }
        let reduced = try plan.reducedMotion.map { try box.recipe.make(overriding: [$0]) }
        try plan.write(fonts: look.fonts, fontFile: look.fontFile, reducedMotion: reduced).notes.forEach(note)
        look.loaded.drawnNotes.forEach { note($0.message) }
    }
}
