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

    /// GIF's palette: one for the whole animation, built from every frame
    /// (ffmpeg's palettegen), keeping an entry for the transparent colour
    /// when the frames have no ground.
    static func gifPalette(transparent: Bool) -> String {
        "palettegen=stats_mode=full:reserve_transparent=\(transparent ? 1 : 0)"
    }

    /// How GIF's frames take that palette: an ordered (Bayer) dither, the
    /// same every run and at every pixel whatever frame is next to it, so
    /// the frames can be encoded in parts. GIF has one transparent index
    /// and no partial alpha: anything with a little ink is kept, opaque,
    /// rather than dropped.
    static func gifDither(transparent: Bool) -> String {
        "paletteuse=dither=bayer:bayer_scale=4\(transparent ? ":alpha_threshold=16" : "")"
    }

    /// A GIF that loops for ever.
    static let gifContainer = ["-loop", "0", "-f", "gif"]

    /// ffmpeg's output options, for frames with (`transparent`) or without
    /// alpha. A GIF's palette and its dither in one ffmpeg, for a process
    /// on one core; on more, GIFEncoder runs them in parts.
    public func arguments(transparent: Bool) -> [String] {
        switch self {
        case .gif:
            let graph = "[0:v]split[a][b];[a]\(Self.gifPalette(transparent: transparent))[p];[b][p]\(Self.gifDither(transparent: transparent))"
            return ["-filter_complex", graph] + Self.gifContainer
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
