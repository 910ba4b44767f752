import CEffect
import CEffectHost
import EffectHost
import EffectRender

@_cdecl("effect_host_render")
public func effect_host_render(
    _ instance: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ lookPointer: UnsafePointer<effect_host_look>?,
    _ optionsPointer: UnsafePointer<effect_host_render_options>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        let path = try outputPath(path)
        var defaults = effect_host_render_options()
        defaults.struct_size = UInt32(MemoryLayout<effect_host_render_options>.size)
        let given = try options(optionsPointer, defaults: defaults, named: "effect_host_render_options")
        let flags = given.flags
        let known =
            EFFECT_HOST_RENDER_AT_TIME | EFFECT_HOST_RENDER_LOOP | EFFECT_HOST_RENDER_PNG_FRAMES | EFFECT_HOST_RENDER_SVG_TEXT
            | EFFECT_HOST_RENDER_HEAR_SIGNALS
        guard flags & ~known == 0 else { throw Failure(EFFECT_ERR_RANGE, "unknown flags 0x\(String(flags & ~known, radix: 16))") }
        let look = try Look(lookPointer)
        // 0 stands for the default: the request's own, or none asked for.
        let request = RenderRequest(
            target: try RenderTarget(path: path, frames: flags & EFFECT_HOST_RENDER_PNG_FRAMES != 0 ? .png : nil),
            fps: given.fps == 0 ? RenderRequest.defaultFPS : given.fps, duration: given.duration == 0 ? nil : given.duration,
            time: flags & EFFECT_HOST_RENDER_AT_TIME != 0 ? given.time : nil, loops: flags & EFFECT_HOST_RENDER_LOOP != 0,
            scale: given.scale == 0 ? nil : given.scale,
            size: given.pixel_width == 0 && given.pixel_height == 0 ? nil : (Int(given.pixel_width), Int(given.pixel_height)),
            text: flags & EFFECT_HOST_RENDER_SVG_TEXT != 0 ? .text : .outlinesWhereShaped, ground: look.ground,
            appearance: look.appearance, proposedWidth: look.width)
        let plan = try RenderPlan(request, instance: box.instance, lastEvent: box.lastEvent)
        let note = noteFunction(given.note, given.context)
        try box.instance.info().notes.forEach(note)
        plan.notes.forEach { note($0.message) }
        look.loaded.loadNotes.forEach { note($0.message) }
        let (job, notes) = try plan.job(fonts: look.fonts)
        notes.forEach { note($0.message) }
        job.hearsStopSignals = flags & EFFECT_HOST_RENDER_HEAR_SIGNALS != 0
        if let progress = given.progress {
            job.progress = { done, total in progress(given.context, UInt64(done), UInt64(total)) }
        }
        if let cancel = given.cancel {
            job.isCancelled = { cancel(given.context) != 0 }
        }
        let summary = try job.run()
        if let signal = summary.signal { throw Failure(EFFECT_HOST_ERR_CANCELLED, "signal \(signal) stopped the render") }
        look.loaded.drawnNotes.forEach { note($0.message) }
    }
}
