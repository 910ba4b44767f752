import EffectHost

/// The animated formats render writes through ffmpeg, and how each is
/// encoded: the arguments follow what each format's players expect.
public enum MovieFormat: String, CaseIterable, Sendable {
    case gif, mp4, webm, apng

    /// Whether the format keeps an alpha channel (GIF's one transparent
    /// palette entry counts only when asked for: edges go hard).
    public var hasAlpha: Bool { self == .webm || self == .apng }

    /// How people write the format's name.
    public var name: String {
        switch self {
        case .gif: "GIF"
        case .mp4: "MP4"
        case .webm: "WebM"
        case .apng: "APNG"
        }
    }

    /// H.264 in 4:2:0 (libx264) needs even dimensions; VP9 codes odd ones
    /// (its chroma planes round up), so WebM keeps any size.
    public var needsEvenSize: Bool { self == .mp4 }

    /// GIF delays are whole hundredths of a second, and players stretch
    /// delays under 0.02 s to 0.1 s: faster GIFs play slower.
    public static let gifMaxFPS = 50.0

    /// ffmpeg's output options, for frames with (`transparent`) or without alpha.
    public func arguments(transparent: Bool) -> [String] {
        switch self {
        case .gif:
            // One palette for the whole animation, built from every frame,
            // and an ordered (Bayer) dither, which is the same every run.
            let palette = "palettegen=stats_mode=full:reserve_transparent=\(transparent ? 1 : 0)"
            // GIF has one transparent index and no partial alpha: anything
            // with a little ink is kept, opaque, rather than dropped.
            let use = "paletteuse=dither=bayer:bayer_scale=4\(transparent ? ":alpha_threshold=16" : "")"
            return ["-filter_complex", "[0:v]split[a][b];[a]\(palette)[p];[b][p]\(use)", "-loop", "0", "-f", "gif"]
        case .mp4:
            return [
                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "medium", "-crf", "18", "-movflags", "+faststart",
                "-f", "mp4",
            ]
        case .webm:
            return [
                "-c:v", "libvpx-vp9", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-auto-alt-ref", "0", "-crf", "30",
                "-b:v", "0", "-row-mt", "1", "-f", "webm",
            ]
        case .apng:
            return ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
        }
    }
}
