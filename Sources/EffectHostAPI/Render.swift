import CEffect
import CEffectHost
import EffectHost
import EffectRender

/// The frame rates a render or a player takes, as the command line's.
let frameRates = 0.1...1000.0
/// The longest duration asked for, in seconds.
let longestDuration = 1e9

func checkRate(_ fps: Double) throws(Failure) {
    guard frameRates.contains(fps) else {
        throw Failure(EFFECT_ERR_RANGE, "fps must be \(frameRates.lowerBound) to \(Int(frameRates.upperBound)), not \(fps)")
    }
}

func checkDuration(_ duration: Double) throws(Failure) {
    guard duration.isFinite, duration >= 0, duration <= longestDuration else {
        throw Failure(EFFECT_ERR_RANGE, "a duration is 0 (the effect's span) to 1e9 seconds, not \(duration)")
    }
}

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
        let fps = given.fps == 0 ? 30 : given.fps
        try checkRate(fps)
        try checkDuration(given.duration)
        let time: Double? = flags & EFFECT_HOST_RENDER_AT_TIME != 0 ? given.time : nil
        if let time, !(time.isFinite && time >= 0) { throw Failure(EFFECT_ERR_TIME, "a still's time must be finite and >= 0, not \(time)") }
        let pngFrames = flags & EFFECT_HOST_RENDER_PNG_FRAMES != 0
        guard let target = RenderTarget(path: path, pngFrames: pngFrames) else {
            throw Failure(
                EFFECT_ERR_RANGE,
                "cannot write .\(RenderTarget.suffix(of: path)) files: a path is a directory (ending in /, existing, or with no extension), or ends in .svg, .png, .html, .gif, .mp4, .webm or .apng")
        }
        if pngFrames, !RenderTarget.isDirectory(path) { throw Failure(EFFECT_ERR_RANGE, "PNG frames go into a directory, and \(path) is a file") }
        let scale = given.scale == 0 ? RenderJob.defaultScale : given.scale
        guard scale.isFinite, scale > 0 else { throw Failure(EFFECT_ERR_RANGE, "scale must be finite and > 0, not \(scale)") }
        // Both 0: the scale sizes the picture; the request checks the rest.
        let size: (width: Int, height: Int)? =
            given.pixel_width == 0 && given.pixel_height == 0 ? nil : (Int(given.pixel_width), Int(given.pixel_height))
        let svgText = flags & EFFECT_HOST_RENDER_SVG_TEXT != 0
        let look = try Look(lookPointer)
        var style = look.style(for: box.instance) { target.defaultGround(for: $0) }
        let request = RenderRequest(
            target: target, fps: fps, duration: given.duration == 0 ? nil : given.duration, time: time,
            loops: flags & EFFECT_HOST_RENDER_LOOP != 0, sizedInPixels: given.scale != 0, size: size, keepsText: svgText,
            transparent: RenderRequest.seesThrough(style.background))
        try request.check()
        let note = noteFunction(given.note, given.context)
        try box.instance.info().notes.forEach(note)
        if case .movie(_, .gif) = target, style.background == nil {
            note("GIF has one transparent colour and no partial alpha: faint ink becomes opaque")
        }
        if let fonts = style.fonts {
            style.text = target.isRaster || !svgText ? .outlines(fonts) : .text(family: fonts.family)
        } else {
            style.text = .text(family: nil)
        }
        let (start, last) = try request.frames(of: box.instance, lastEvent: box.lastEvent)
        let picture = try makePicture(for: box.instance, proposedWidth: look.width, style: style)
        let job = try RenderJob(
            instance: box.instance, picture: picture, target: target, fps: fps, start: start, lastFrame: last, scale: scale, size: size)
        job.hearsStopSignals = flags & EFFECT_HOST_RENDER_HEAR_SIGNALS != 0
        job.pageLoopsEveryFrame = request.loops
        job.pageSubtitle = "\(box.instance.effect.name): \(last + 1) frames sampled at \(fps) fps"
        if let progress = given.progress {
            job.progress = { done, total in progress(given.context, UInt64(done), UInt64(total)) }
        }
        if let cancel = given.cancel {
            job.isCancelled = { cancel(given.context) != 0 }
        }
        let summary = try job.run()
        if let signal = summary.signal { throw Failure(EFFECT_HOST_ERR_CANCELLED, "signal \(signal) stopped the render") }
        if let fallback = style.fonts?.fallbackNote { note(fallback) }
        if let missing = style.fonts?.uncoveredNote { note(missing) }
    }
}
