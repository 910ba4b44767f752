import EffectHost
import Glibc

/// FreeType's anti-aliased outline rasteriser (libfreetype.so.6, Debian's
/// libfreetype6, which cairo and HarfBuzz already load), used to fill
/// glyph masks: it computes each pixel's exact covered area in one pass
/// over the outline's cells, the rasteriser ThorVG's is built on, at a
/// fraction of what a cairo context, path and fill cost for one glyph.
/// One rasteriser serves one thread at a time.
final class FreeTypeRaster {
    // FT_Vector, FT_Outline and FT_Bitmap as freetype.h lays them out on LP64.
    private struct Vector {
        var x: Int
        var y: Int
    }
    private struct Outline {
        var contourCount: Int16
        var pointCount: Int16
        var points: UnsafeMutablePointer<Vector>?
        var tags: UnsafeMutablePointer<CChar>?
        var contours: UnsafeMutablePointer<Int16>?
        var flags: Int32
    }
    private struct Bitmap {
        var rows: UInt32
        var width: UInt32
        var pitch: Int32
        var buffer: UnsafeMutablePointer<UInt8>?
        var grays: UInt16
        var mode: UInt8
        var paletteMode: UInt8
        var palette: UnsafeMutableRawPointer?
    }

    private typealias Initialise = @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    private typealias Render = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32

    private let render: Render
    private let library: OpaquePointer
    private var points: [Vector] = []
    private var tags: [CChar] = []
    private var contours: [Int16] = []

    private init(render: Render, library: OpaquePointer) {
        (self.render, self.library) = (render, library)
    }

    /// A rasteriser, or the reason FreeType cannot be used.
    static func make() throws(NativeError) -> FreeTypeRaster {
        let loaded = try DynamicLibrary(["libfreetype.so.6"], package: "libfreetype6")
        let initialise: Initialise = try loaded.function("FT_Init_FreeType")
        let render: Render = try loaded.function("FT_Outline_Get_Bitmap")
        var library: OpaquePointer?
        guard initialise(&library) == 0, let library else { throw NativeError("FreeType could not start") }
        return FreeTypeRaster(render: render, library: library)
    }

    /// Fills `segments`, mapped by `map` into the pixels of an 8-bit
    /// coverage buffer of `width` × `height` (rows `stride` bytes apart, y
    /// down, cleared), with the non-zero winding rule, adding to what it
    /// holds. False when FreeType refused the outline (past 32,767 points).
    func fill(_ segments: [DrawSegment], _ map: Affine, into pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        points.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        // 26.6 fixed point, y up from the buffer's bottom edge, as FreeType's bitmaps run.
        func add(_ x: Double, _ y: Double, _ tag: CChar) {
            let (px, py) = map.apply(x, y)
            points.append(Vector(x: Int((px * 64).rounded()), y: Int(((Double(height) - py) * 64).rounded())))
            tags.append(tag)
        }
        var open = false
        func end() {
            if open { contours.append(Int16(truncatingIfNeeded: points.count - 1)) }
            open = false
        }
        for segment in segments {
            switch segment {
            case let .move(x, y):
                end()
                add(x, y, 1)
                open = true
            case let .line(x, y):
                open = true
                add(x, y, 1)
            case let .cubic(x, y, x1, y1, x2, y2):
                open = true
                add(x1, y1, 2)
                add(x2, y2, 2)
                add(x, y, 1)
            case .close: end()
            }
        }
        end()
        guard points.count <= Int(Int16.max), contours.count <= Int(Int16.max) else { return false }
        if points.isEmpty { return true }
        var bitmap = Bitmap(
            rows: UInt32(height), width: UInt32(width), pitch: Int32(stride), buffer: pixels, grays: 256, mode: 2, paletteMode: 0,
            palette: nil)
        return points.withUnsafeMutableBufferPointer { points in
            tags.withUnsafeMutableBufferPointer { tags in
                contours.withUnsafeMutableBufferPointer { contours in
                    var outline = Outline(
                        contourCount: Int16(contours.count), pointCount: Int16(points.count), points: points.baseAddress, tags: tags.baseAddress,
                        contours: contours.baseAddress, flags: 0)
                    return render(library, &outline, &bitmap) == 0
                }
            }
        }
    }
}
