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
        try bytes.withUnsafeMutableBufferPointer { out in
            try raster.copyPixels(into: out.baseAddress!, stride: rowBytes, order: .bgra, straight: true)
        }
    }
}
