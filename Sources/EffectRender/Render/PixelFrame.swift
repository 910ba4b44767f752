import EffectHost

/// A raster frame as ffmpeg's `rawvideo` `bgra` reads it: rows packed,
/// straight alpha. Cairo keeps premultiplied alpha, so partly transparent
/// pixels are divided back out.
public struct PixelFrame {
    public private(set) var bytes: [UInt8]
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    public mutating func copy(from raster: PixelCanvas) throws {
        let rowBytes = width * 4
        try raster.withPixels { pixels, stride in
            bytes.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let source = pixels + row * stride
                    let target = out.baseAddress! + row * rowBytes
                    for offset in Swift.stride(from: 0, to: rowBytes, by: 4) {
                        let alpha = Int(source[offset + 3])
                        if alpha == 255 || alpha == 0 {
                            for channel in 0..<4 { target[offset + channel] = source[offset + channel] }
                        } else {
                            for channel in 0..<3 {
                                target[offset + channel] = UInt8(min(255, (Int(source[offset + channel]) * 255 + alpha / 2) / alpha))
                            }
                            target[offset + 3] = UInt8(alpha)
                        }
                    }
                }
            }
        }
    }
}
