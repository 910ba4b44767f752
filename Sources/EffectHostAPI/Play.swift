import CEffect
import CEffectHost
import EffectHost

/// Hands each frame of a run to the caller's callback.
private final class CallbackSink: FrameSink {
    let callback: effect_host_frame_fn
    let context: UnsafeMutableRawPointer?
    weak var player: Player?

    init(_ callback: effect_host_frame_fn, _ context: UnsafeMutableRawPointer?) {
        (self.callback, self.context) = (callback, context)
    }

    func frame(_ frame: SampledFrame) throws {
        var out = effect_host_frame(
            struct_size: UInt32(MemoryLayout<effect_host_frame>.size), reserved: 0, index: UInt64(frame.index), t: frame.t,
            values: frame.values.baseAddress, value_count: UInt64(frame.values.count))
        if callback(context, &out) != 0 { player?.requestStop() }
    }

    func finish(interrupted: Bool) {}
}

/// A player the caller holds, and the instance it plays.
final class PlayerBox {
    let instance: InstanceBox
    let player: Player
    let offline: Bool

    init(_ instance: InstanceBox, _ player: Player, offline: Bool) {
        (self.instance, self.player, self.offline) = (instance, player, offline)
    }
}

@_cdecl("effect_host_player_create")
public func effect_host_player_create(
    _ instance: OpaquePointer?, _ optionsPointer: UnsafePointer<effect_host_play_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        let box: InstanceBox = try object(instance, "instance")
        guard let optionsPointer else { throw Failure.null("options") }
        let given = try options(optionsPointer, defaults: effect_host_play_options(), named: "effect_host_play_options")
        guard let callback = given.frame else { throw Failure.null("options->frame") }
        let known = EFFECT_HOST_PLAY_OFFLINE | EFFECT_HOST_PLAY_HEAR_SIGNALS
        guard given.flags & ~known == 0 else { throw Failure(EFFECT_ERR_RANGE, "unknown flags 0x\(String(given.flags & ~known, radix: 16))") }
        let fps = given.fps == 0 ? Player.defaultFPS : given.fps
        try TimeLimits.checkRate(fps)
        try TimeLimits.checkDuration(given.duration)
        let last = try RunLength.lastFrame(
            of: box.instance, fps: fps, duration: given.duration == 0 ? nil : given.duration, lastEvent: box.lastEvent)
        let sink = CallbackSink(callback, given.context)
        let player = Player(instance: box.instance, fps: fps, lastFrame: last, sink: sink)
        sink.player = player
        player.hearsStopSignals = given.flags & EFFECT_HOST_PLAY_HEAR_SIGNALS != 0
        return PlayerBox(box, player, offline: given.flags & EFFECT_HOST_PLAY_OFFLINE != 0)
    }
}

@_cdecl("effect_host_player_run")
public func effect_host_player_run(
    _ player: OpaquePointer?, _ shown: UnsafeMutablePointer<UInt64>?, _ dropped: UnsafeMutablePointer<UInt64>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PlayerBox = try object(player, "player")
        let report = try box.offline ? box.player.runOffline() : box.player.runRealtime()
        shown?.pointee = UInt64(report.framesShown)
        dropped?.pointee = UInt64(report.framesDropped)
        if let signal = report.signal { throw Failure(EFFECT_HOST_ERR_CANCELLED, "signal \(signal) stopped the run") }
        if report.stoppedOnRequest { throw Failure(EFFECT_HOST_ERR_CANCELLED, "the run was stopped") }
    }
}

@_cdecl("effect_host_player_stop")
public func effect_host_player_stop(_ player: OpaquePointer?) {
    guard let player else { return }
    // No retain or release: a signal handler may be where this runs.
    Unmanaged<PlayerBox>.fromOpaque(UnsafeRawPointer(player)).takeUnretainedValue().player.requestStop()
}

@_cdecl("effect_host_player_free")
public func effect_host_player_free(_ player: OpaquePointer?) {
    release(player, as: PlayerBox.self)
}
