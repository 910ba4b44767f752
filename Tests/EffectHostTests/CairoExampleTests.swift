import Foundation
import ReferenceMath
import XCTest

/// examples/c-cairo/draw_png.c: built with the project's warning flags and
/// cairo, run on every bundled effect, and its PNGs read back (through a
/// small C helper linking cairo) and probed at geometry worked out here
/// from the seeds and the ABI's reference metrics (effect.h), not from the
/// plugins. A probe plugin drawn from a C fixture below checks the filters,
/// clips, gradients, trims and transforms on known shapes.
///
/// Needs cairo's development files (scripts/ensure-cairo installs them);
/// without them, when pkg-config cannot find cairo, the tests are skipped.
final class CairoExampleTests: XCTestCase {
    // MARK: - Building

    private struct Programs {
        let drawPNG: String
        let pixels: String
        let directory: String
    }

    /// `pkg-config --cflags --libs cairo`, or a skip when cairo is missing.
    private func cairoFlags() throws -> (cflags: [String], libs: [String]) {
        func words(_ option: String) throws -> [String]? {
            let result = try TestEnvironment.run("/usr/bin/env", ["pkg-config", option, "cairo"])
            guard result.status == 0 else { return nil }
            return result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        }
        guard let cflags = try words("--cflags"), let libs = try words("--libs") else {
            throw XCTSkip(
                "pkg-config cannot find cairo: examples/c-cairo/draw_png.c needs cairo's development files "
                    + "(Debian's libcairo2-dev and pkg-config; scripts/ensure-cairo installs them)")
        }
        return (cflags, libs)
    }

    private func build() throws -> Programs {
        let flags = try cairoFlags()
        let directory = try TestEnvironment.temporaryDirectory(self)
        let drawPNG = directory + "/draw_png"
        // The libraries go after the source (in `sources`), so linkers that
        // drop unneeded libraries keep cairo.
        try TestEnvironment.compileC(
            [TestEnvironment.packageRoot + "/examples/c-cairo/draw_png.c"] + flags.libs + ["-lm"], output: drawPNG,
            extraFlags: flags.cflags)
        let helper = directory + "/png_pixels.c"
        try Self.pngPixelsSource.write(toFile: helper, atomically: true, encoding: .utf8)
        let pixels = directory + "/png_pixels"
        try TestEnvironment.compileC([helper] + flags.libs, output: pixels, extraFlags: flags.cflags)
        return Programs(drawPNG: drawPNG, pixels: pixels, directory: directory)
    }

    /// Reads a PNG back with cairo and writes its pixels as straight-alpha
    /// RGBA bytes, row by row; prints "WIDTH HEIGHT".
    private static let pngPixelsSource = """
        #include <cairo.h>
        #include <stdint.h>
        #include <stdio.h>
        #include <string.h>

        int main(int argc, char **argv) {
            cairo_surface_t *image;
            cairo_format_t format;
            unsigned char *data;
            int width, height, stride, x, y;
            FILE *out;
            if (argc != 3) return 2;
            image = cairo_image_surface_create_from_png(argv[1]);
            if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
                fprintf(stderr, "png_pixels: %s: %s\\n", argv[1], cairo_status_to_string(cairo_surface_status(image)));
                return 1;
            }
            format = cairo_image_surface_get_format(image);
            if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return 1;
            data = cairo_image_surface_get_data(image);
            width = cairo_image_surface_get_width(image);
            height = cairo_image_surface_get_height(image);
            stride = cairo_image_surface_get_stride(image);
            out = fopen(argv[2], "wb");
            if (out == NULL) return 1;
            for (y = 0; y < height; y++) {
                for (x = 0; x < width; x++) {
                    uint32_t pixel, a, c[3];
                    int i;
                    memcpy(&pixel, data + (size_t)y * (size_t)stride + 4 * (size_t)x, 4);
                    a = format == CAIRO_FORMAT_RGB24 ? 255 : pixel >> 24;
                    c[0] = (pixel >> 16) & 0xFF, c[1] = (pixel >> 8) & 0xFF, c[2] = pixel & 0xFF;
                    for (i = 0; i < 3; i++) fputc(a == 0 ? 0 : (int)((c[i] * 255 + a / 2) / a), out);
                    fputc((int)a, out);
                }
            }
            if (fclose(out) != 0) return 1;
            printf("%d %d\\n", width, height);
            cairo_surface_destroy(image);
            return 0;
        }
        """

    // MARK: - Running and reading

    /// A PNG draw_png wrote, with the mapping from the view's points to its pixels.
    private struct Picture {
        let width: Int
        let height: Int
        let rgba: [UInt8]
        let originX: Double
        let originY: Double
        let boundsWidth: Double
        let boundsHeight: Double
        let scale: Double

        /// The pixel under the view point (x, y), as (r, g, b, a), straight alpha.
        func pixel(_ x: Double, _ y: Double, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
            let column = Int(((x - originX) * scale).rounded(.down))
            let row = Int(((y - originY) * scale).rounded(.down))
            guard column >= 0, column < width, row >= 0, row < height else {
                XCTFail("(\(x), \(y)) is outside the picture", file: file, line: line)
                return [0, 0, 0, 0]
            }
            let offset = (row * width + column) * 4
            return rgba[offset..<offset + 4].map(Int.init)
        }

        /// The view point at the centre of the pixel under (x, y): where the
        /// picture was sampled.
        func centre(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            (
                (((x - originX) * scale).rounded(.down) + 0.5) / scale + originX,
                (((y - originY) * scale).rounded(.down) + 0.5) / scale + originY
            )
        }

        var inked: Int { stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] > 0 }.count }
    }

    private func draw(
        _ programs: Programs, _ plugin: String, _ effect: String, _ options: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Picture {
        let png = programs.directory + "/\(effect)-\(UUID().uuidString).png"
        let result = try TestEnvironment.run(programs.drawPNG, [plugin, effect, png] + options)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
        // "OUT.png: W x H pixels: bounds X Y WIDTH HEIGHT at scale S"
        let words = result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        guard words.count == 13, words[0] == png + ":", words[5] == "bounds" else {
            XCTFail("draw_png printed \(result.stdout)", file: file, line: line)
            throw UnexpectedOutput()
        }
        let numbers = (6...9).compactMap { Double(words[$0]) }
        let scale = try XCTUnwrap(Double(words[12]), file: file, line: line)
        let raw = png + ".rgba"
        let read = try TestEnvironment.run(programs.pixels, [png, raw])
        XCTAssertEqual(read.status, 0, read.stderr, file: file, line: line)
        let size = read.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        XCTAssertEqual(size.count, 2, file: file, line: line)
        let picture = Picture(
            width: size[0], height: size[1], rgba: [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))),
            originX: numbers[0], originY: numbers[1], boundsWidth: numbers[2], boundsHeight: numbers[3], scale: scale)
        XCTAssertEqual(picture.rgba.count, picture.width * picture.height * 4, file: file, line: line)
        // The canvas is the bounds times the scale, and the PNG is what was printed.
        XCTAssertEqual(size[0], Int(words[1]), file: file, line: line)
        XCTAssertEqual(size[1], Int(words[3]), file: file, line: line)
        XCTAssertEqual(Double(size[0]), max(1, (numbers[2] * scale - 1e-9).rounded(.up)), file: file, line: line)
        XCTAssertEqual(Double(size[1]), max(1, (numbers[3] * scale - 1e-9).rounded(.up)), file: file, line: line)
        return picture
    }

    private struct UnexpectedOutput: Error {}

    private func plugin(_ name: String) -> String { TestEnvironment.buildDirectory + "/" + name }

    private func assertColor(
        _ pixel: [Int], _ rgba: UInt32, tolerance: Int = 0, _ message: String = "", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let expected = [Int(rgba >> 24), Int((rgba >> 16) & 0xFF), Int((rgba >> 8) & 0xFF), Int(rgba & 0xFF)]
        let close = zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
        XCTAssertTrue(close, "\(pixel) is not \(expected) (± \(tolerance)) \(message)", file: file, line: line)
    }

    /// The reference advance of `text` in 1/1000 em (effect.h's table), for
    /// the characters these tests use.
    private func thousandths(_ text: String) -> Double {
        let table: [Character: Double] = [
            " ": 278, ".": 278, "P": 667, "S": 667, "a": 556, "c": 500, "e": 556, "g": 556, "h": 556, "i": 222,
            "k": 500, "l": 222, "m": 833, "n": 556, "o": 556, "p": 556, "t": 278, "w": 722,
        ]
        return text.reduce(0) { $0 + table[$1]! }
    }

    // MARK: - The bundled effects

    func testDrawsEveryBundledEffect() throws {
        let programs = try build()
        let runs: [(String, String, [String])] = [
            ("libStrike.so", "strikethrough-reveal", ["--time", "0.2"]),
            ("libBreathe.so", "tracking-breathe", ["--time", "2.7", "--scale", "1"]),
            ("libBreathe.so", "breathing-circles", ["--time", "2.2", "--scale", "1.5"]),
            ("libReveal.so", "text-reveal", ["--time", "1", "--width", "300", "--param", "preset=blur"]),
        ]
        for (library, effect, options) in runs {
            let picture = try draw(programs, plugin(library), effect, options)
            XCTAssertGreaterThan(picture.inked, 100, "\(effect) drew something")
            XCTAssertLessThan(picture.inked, picture.width * picture.height, "\(effect) left its margins clear")
        }
    }

    /// At 0.32 s the strike is done: the capsule spans the text, 1.6 pt tall
    /// and centred on the row; the tick is drawn whole. The text is 20 pt
    /// medium (weight 500: 1.02 times the reference widths) 26 pt in (the
    /// 16 pt tick, 10 pt spacing), the row (0.952 + 0.241) x 20 pt tall.
    func testStrikeLineSpansTheTextWhenDone() throws {
        let programs = try build()
        let picture = try draw(programs, plugin("libStrike.so"), "strikethrough-reveal", ["--time", "0.32", "--scale", "2"])
        XCTAssertEqual(Reference.strike(amount: Reference.easeInOut(1)).scale, 1, "no dip once done")
        let line: UInt32 = 0x8A8F_98FF
        let advance = thousandths("Ship the component") / 1000 * 20 * 1.02
        let height = (0.952 + 0.241) * 20
        for step in 0...20 {
            let x = 26 + 1 + (advance - 2) * Double(step) / 20
            assertColor(picture.pixel(x, height / 2), line, "on the line at x = \(x)")
        }
        assertColor(picture.pixel(22, height / 2), 0, "between the tick and the text")
        assertColor(picture.pixel(26 + advance + 1.5, height / 2), 0, "after the text")
        // The tick (1,8) → (6,13) → (15,2) in a 16 pt box centred on the row.
        let top = (height - 16) / 2
        assertColor(picture.pixel(3.5, 10.5 + top), line, "the tick's first stroke")
        assertColor(picture.pixel(6 + 9 * 0.85, 13 - 11 * 0.85 + top), line, "the tick's end")
        assertColor(picture.pixel(10, 12 + top), 0, "beside the tick's second stroke")
    }

    /// At 0.16 s the amount is easeInOut(0.5) = 0.5: the line and the tick
    /// are half drawn, and the row is dipped about its centre.
    func testStrikeIsHalfDrawnHalfway() throws {
        let programs = try build()
        let picture = try draw(programs, plugin("libStrike.so"), "strikethrough-reveal", ["--time", "0.16"])
        let expected = Reference.strike(amount: Reference.easeInOut(0.5))
        let advance = thousandths("Ship the component") / 1000 * 20 * 1.02
        let height = (0.952 + 0.241) * 20
        let width = 26 + advance
        // The row's dip: p' = centre + scale (p - centre).
        func dipped(_ x: Double, _ y: Double) -> (Double, Double) {
            (width / 2 + expected.scale * (x - width / 2), height / 2 + expected.scale * (y - height / 2))
        }
        let line: UInt32 = 0x8A8F_98FF
        let (x1, y1) = dipped(26 + 0.25 * advance, height / 2)
        assertColor(picture.pixel(x1, y1), line, "a quarter along the text")
        let (x2, y2) = dipped(26 + expected.lineWidth * advance + 3, height / 2)
        let beyond = picture.pixel(x2, y2)
        XCTAssertFalse(beyond == [0x8A, 0x8F, 0x98, 255], "past the line's end the text shows: \(beyond)")
        // The tick trimmed to `tickTrim` of its length: its first stroke
        // (7.07 pt) and its second (14.21 pt).
        let first = (50.0).squareRoot()
        let second = (202.0).squareRoot()
        let drawn = expected.tickTrim * (first + second)
        let top = (height - 16) / 2
        XCTAssertLessThan(first / 2 + 2, drawn, "the test's probe on the first stroke is drawn")
        XCTAssertGreaterThan(first + 0.85 * second - 2, drawn, "the test's probe near the end is not")
        let (x3, y3) = dipped(3.5, 10.5 + top)
        assertColor(picture.pixel(x3, y3), line, "the drawn part of the tick")
        let (x4, y4) = dipped(6 + 9 * 0.85, 13 - 11 * 0.85 + top)
        assertColor(picture.pixel(x4, y4), 0, "the trimmed part of the tick")
    }

    /// At 3.0 s the breath is full (expansion 1): each circle is 2 x 80 =
    /// 160 pt across, 70 pt out from the ring's centre (40, 40) at 45° x i,
    /// at opacity 1 − 0.8 = 0.2, and the ring is turned 100° clockwise. Where
    /// n circles overlap the alpha is 1 − 0.8ⁿ.
    func testBreathingCirclesAtFullBreath() throws {
        let programs = try build()
        let picture = try draw(programs, plugin("libBreathe.so"), "breathing-circles", ["--time", "3", "--scale", "2"])
        let e = Reference.breathingCircles(at: 3).expansion
        XCTAssertEqual(e, 1)
        let radius = 40 * (1 + e)
        let rotation = 100 * e
        func centre(_ i: Int, turned: Double) -> (Double, Double) {
            let angle = (45 * Double(i) + turned) * .pi / 180
            return (40 + 70 * e * cos(angle), 40 + 70 * e * sin(angle))
        }
        /// How many circles hold (x, y); fails when a probe is too near an
        /// edge to be a fair one.
        func covering(_ x: Double, _ y: Double, turned: Double = rotation, probe: Bool = true) -> Int {
            (0..<8).filter { i in
                let (cx, cy) = centre(i, turned: turned)
                let distance = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
                if probe { XCTAssertGreaterThan(abs(distance - radius), 1.5, "a probe on circle \(i)'s edge") }
                return distance < radius
            }.count
        }
        func polar(_ degrees: Double, _ r: Double) -> (Double, Double) {
            (40 + r * cos(degrees * .pi / 180), 40 + r * sin(degrees * .pi / 180))
        }
        let (c0x, c0y) = centre(0, turned: rotation)
        let probes: [(String, Double, Double)] = [
            ("circle 0's centre", c0x, c0y), ("the ring's centre", 40, 40),
            ("circle 0's outer part", polar(100, 145).0, polar(100, 145).1),
            ("between circles 0 and 1, outside", polar(122.5, 145).0, polar(122.5, 145).1),
            ("between circles 0 and 1", polar(122.5, 70).0, polar(122.5, 70).1),
        ]
        for (name, x, y) in probes {
            let sampled = picture.centre(x, y)
            let n = covering(sampled.x, sampled.y)
            let pixel = picture.pixel(x, y)
            let alpha = 1 - pow(0.8, Double(n))
            XCTAssertEqual(Double(pixel[3]) / 255, alpha, accuracy: 0.02, "\(name): \(n) circles, \(pixel)")
            if n > 0 {
                XCTAssertTrue(
                    (12 - 4...32 + 4).contains(pixel[0]) && (217 - 4...232 + 4).contains(pixel[1])
                        && (210 - 4...255).contains(pixel[2]), "\(name) is teal to cyan: \(pixel)")
            }
        }
        // The probes tell the turn apart: unturned, or turned the other way,
        // the outer probes would be covered differently.
        XCTAssertNotEqual(covering(polar(122.5, 145).0, polar(122.5, 145).1, turned: 0, probe: false), 0)
        XCTAssertNotEqual(covering(polar(122.5, 145).0, polar(122.5, 145).1, turned: -100, probe: false), 0)
        XCTAssertNotEqual(covering(polar(100, 145).0, polar(100, 145).1, turned: -100, probe: false), 1)
        // Circle 0 alone: its gradient, teal (32, 217, 210) at its top-leading
        // corner to cyan (12, 232, 255) at its bottom-trailing one, in its
        // own coordinates: p = (40, 40) + (R⁻¹(p' − (40, 40)) − (70, 0)) / 2.
        let (ox, oy) = picture.centre(polar(100, 145).0, polar(100, 145).1)
        let turn = -rotation * .pi / 180
        let (rx, ry) = (cos(turn) * (ox - 40) - sin(turn) * (oy - 40), sin(turn) * (ox - 40) + cos(turn) * (oy - 40))
        let (lx, ly) = (40 + (rx - 70 * e) / (1 + e), 40 + ry / (1 + e))
        let g = min(1, max(0, (lx + ly) / 160))
        let color = [32 + (12 - 32) * g, 217 + (232 - 217) * g, 210 + (255 - 210) * g].map { Int($0.rounded()) }
        let outer = picture.pixel(polar(100, 145).0, polar(100, 145).1)
        for channel in 0..<3 {
            XCTAssertEqual(outer[channel], color[channel], accuracy: 4, "circle 0's gradient at \(g): \(outer)")
        }
    }

    /// At 2 s text-reveal has revealed every word and wiped its highlight
    /// block in behind "calm glance.": one row (--width 0: its ideal width) of 40 pt
    /// bold (1.06 x the reference widths, tracking −1.3 pt) words, 11 pt
    /// apart (round(0.24 h)), the phrase 2 pt clear on each side and its
    /// block pad = round(0.16 h) wider, 1.04 h tall, 0.01 h higher, with
    /// corners of 0.24 h, in rgb(255, 217, 118).
    func testTextRevealHighlightBlockBehindThePhrase() throws {
        let programs = try build()
        let picture = try draw(
            programs, plugin("libReveal.so"), "text-reveal", ["--time", "2", "--width", "0", "--param", "highlights=calm glance"])
        let h = (0.952 + 0.241) * 40
        func advance(_ text: String) -> Double { thousandths(text) / 1000 * 40 * 1.06 + Double(text.count) * -1.3 }
        let gap = (0.24 * h).rounded()
        let phraseX = ["Plan", "the", "week", "in", "one"].reduce(0) { $0 + advance($1) + gap } + 2
        let phrase = advance("calm") + advance(" ") + advance("glance.")
        let pad = (0.16 * h).rounded()
        let block = (x: phraseX - pad, y: -0.01 * h, width: phrase + 2 * pad, height: 1.04 * h, radius: 0.24 * h)
        // The wipe, a smooth 0.5 s spring from 0.42 s after the phrase's
        // last unit starts (0.3 s of stagger), has settled.
        XCTAssertEqual(Reference.spring(duration: 0.5, bounce: 0, at: 2 - (0.3 + 0.42)), 1, accuracy: 1e-3)
        let yellow: UInt32 = 0xFFD9_76FF
        assertColor(picture.pixel(phraseX - pad / 2, h / 2), yellow, "in the block, before the phrase's text")
        assertColor(picture.pixel(phraseX + phrase + pad / 2, h / 2), yellow, "in the block, after the phrase's text")
        assertColor(picture.pixel(block.x + block.radius, block.y + 1), yellow, "along the block's top")
        assertColor(picture.pixel(block.x + 1, block.y + block.height - 1), 0, "outside its rounded corner")
        assertColor(picture.pixel(block.x - 2, h / 2), 0, "before the block")
        assertColor(picture.pixel(block.x + block.width + 2, h / 2), 0, "after the block")
    }

    // MARK: - Known shapes

    /// A 1.2 plugin whose one effect draws known shapes, for probing the
    /// renderer: filters, clips, gradients, trims and transforms.
    private static let probePluginSource = """
        #include "effect_kit.h"

        #include <stdlib.h>

        struct effect_instance { int unused; };

        static effect_status describe(const effect_plugin_api *self, effect_plugin_info *out, effect_error *error) {
            (void)self;
            if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
            if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "too small");
            memset(out, 0, sizeof *out);
            out->struct_size = sizeof *out;
            out->effect_count = 1;
            out->id = "probe";
            out->name = "Probe";
            out->version = "1.0.0";
            out->author = "effect-host tests";
            out->license = "MIT";
            out->summary = "Known shapes for draw_png's tests.";
            return effect_kit_ok(error);
        }

        static effect_status info(const effect_plugin_api *self, uint32_t index, effect_info *out, effect_error *error) {
            (void)self;
            if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
            if (index != 0) return effect_kit_fail(error, EFFECT_ERR_INDEX, "no such effect");
            if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "too small");
            memset(out, 0, sizeof *out);
            out->struct_size = sizeof *out;
            out->param_count = 1;
            out->timing_kinds = EFFECT_TIMING_ENDS;
            out->id = "probe-shapes";
            out->name = "Probe Shapes";
            out->summary = "Known shapes.";
            out->element_noun = out->timing_doc = out->credit = "";
            return effect_kit_ok(error);
        }

        static effect_status param(const effect_plugin_api *self, uint32_t effect, uint32_t index,
                                   effect_param_info *out, effect_error *error) {
            (void)self;
            if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
            if (effect != 0 || index != 0) return effect_kit_fail(error, EFFECT_ERR_INDEX, "no such param");
            if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "too small");
            memset(out, 0, sizeof *out);
            out->struct_size = sizeof *out;
            out->type = EFFECT_TYPE_BOOL;
            out->name = "reduce_motion";
            out->unit = "";
            out->doc = "Ignored.";
            out->default_value.type = EFFECT_TYPE_BOOL;
            return effect_kit_ok(error);
        }

        static effect_status channel(const effect_plugin_api *self, uint32_t effect, uint32_t index,
                                     effect_channel_info *out, effect_error *error) {
            (void)self, (void)effect, (void)index, (void)out;
            return effect_kit_fail(error, EFFECT_ERR_INDEX, "no channels");
        }

        static effect_status create(const effect_plugin_api *self, const char *id, const effect_param_setting *settings,
                                    uint32_t count, effect_instance **out, effect_error *error) {
            (void)self, (void)settings;
            if (out == NULL || id == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
            *out = NULL;
            if (strcmp(id, "probe-shapes") != 0) return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_EFFECT, "no such effect");
            if (count > 0) return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "takes no params");
            *out = calloc(1, sizeof **out);
            return *out != NULL ? effect_kit_ok(error) : effect_kit_fail(error, EFFECT_ERR_OUT_OF_MEMORY, "no memory");
        }

        static effect_status destroy(effect_instance *instance) {
            free(instance);
            return EFFECT_OK;
        }

        static effect_status instance_info(const effect_instance *instance, effect_instance_info *out, effect_error *error) {
            if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
            if (out->struct_size < EFFECT_INSTANCE_INFO_SIZE_1_0) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "too small");
            memset(out, 0, EFFECT_INSTANCE_INFO_SIZE_1_0);
            out->struct_size = EFFECT_INSTANCE_INFO_SIZE_1_0;
            out->timing = EFFECT_TIMING_ENDS;
            return effect_kit_ok(error);
        }

        static effect_status element(const effect_instance *instance, uint32_t index, effect_element_info *out,
                                     effect_error *error) {
            (void)instance, (void)index, (void)out;
            return effect_kit_fail(error, EFFECT_ERR_INDEX, "no elements");
        }

        static effect_status get_param(const effect_instance *instance, const char *name, double t, effect_value *out,
                                       effect_error *error) {
            (void)instance, (void)name, (void)t, (void)out;
            return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "not kept");
        }

        static effect_status set_param(effect_instance *instance, const char *name, const effect_value *value, double t,
                                       effect_error *error) {
            (void)instance, (void)name, (void)value, (void)t;
            return effect_kit_fail(error, EFFECT_ERR_NOT_LIVE, "nothing is live");
        }

        static effect_status strings(const effect_instance *instance, double t, effect_strings *out, effect_error *error) {
            (void)instance, (void)t;
            if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
            out->struct_size = sizeof *out;
            out->reserved = 0;
            out->text = out->accessibility_label = out->accessibility_value = "";
            return effect_kit_ok(error);
        }

        static effect_status sample(const effect_instance *instance, double t, double *frame, uint64_t capacity,
                                    effect_error *error) {
            (void)instance, (void)t, (void)frame, (void)capacity;
            return effect_kit_ok(error);
        }

        static effect_status sample_many(const effect_instance *instance, double t0, double dt, uint64_t count,
                                         double *frames, uint64_t capacity, effect_error *error) {
            (void)instance, (void)t0, (void)dt, (void)count, (void)frames, (void)capacity;
            return effect_kit_ok(error);
        }

        static effect_status layout(const effect_instance *instance, const double *sizes, uint32_t count, double width,
                                    double *out, uint64_t capacity, effect_error *error) {
            (void)instance, (void)sizes, (void)count, (void)width, (void)out, (void)capacity;
            return effect_kit_fail(error, EFFECT_ERR_UNSUPPORTED, "no layout");
        }

        static effect_rect rect(double x, double y, double width, double height) {
            effect_rect r;
            r.x = x, r.y = y, r.width = width, r.height = height;
            return r;
        }

        static effect_draw_item *group(effect_kit_list *list, uint32_t id) {
            effect_kit_group(list, id, effect_kit_identity(), 1);
            return list->count <= list->capacity ? &list->items[list->count - 1] : NULL;
        }

        static effect_status draw(const effect_instance *instance, double t, const effect_draw_context *context,
                                  effect_drawing *out, effect_draw_item *items, uint64_t capacity, effect_error *error) {
            effect_kit_list list;
            effect_draw_item *item;
            effect_status status = effect_kit_draw_begin(instance, t, context, out, items, capacity, &list, error);
            if (status != EFFECT_OK) return status;
            /* Saturation 0 on red, 0.5 on green. */
            if ((item = group(&list, 1)) != NULL) item->group.saturation = 0;
            effect_kit_fill(&list, 2, EFFECT_SHAPE_RECT, rect(10, 10, 30, 30), 0, 0xFF0000FFu);
            effect_kit_end_group(&list, 1);
            if ((item = group(&list, 3)) != NULL) item->group.saturation = 0.5;
            effect_kit_fill(&list, 4, EFFECT_SHAPE_RECT, rect(50, 10, 30, 30), 0, 0x00FF00FFu);
            effect_kit_end_group(&list, 3);
            /* Blur radius 8 (a Gaussian of sigma 4) on a black edge at x = 100. */
            if ((item = group(&list, 5)) != NULL) item->group.blur = 8;
            effect_kit_fill(&list, 6, EFFECT_SHAPE_RECT, rect(100, -50, 100, 200), 0, 0x000000FFu);
            effect_kit_end_group(&list, 5);
            /* A blue square clipped to the circle inscribed in (10, 50, 40, 40). */
            if ((item = group(&list, 7)) != NULL) item->group.clip_shape = EFFECT_SHAPE_ELLIPSE, item->group.clip = rect(10, 50, 40, 40);
            effect_kit_fill(&list, 8, EFFECT_SHAPE_RECT, rect(0, 40, 60, 60), 0, 0x0000FFFFu);
            effect_kit_end_group(&list, 7);
            /* A rounded rect (radius 10) with a red-to-blue gradient from x = 55 to 95. */
            if ((item = effect_kit_next(&list, EFFECT_ITEM_SHAPE, 9)) != NULL) {
                item->shape.shape = EFFECT_SHAPE_ROUNDED_RECT;
                item->shape.frame = rect(55, 50, 40, 40);
                item->shape.corner_radius = 10;
                item->shape.trim_end = 1;
                item->shape.fill = EFFECT_PAINT_LINEAR_GRADIENT;
                item->shape.gradient_x0 = 55, item->shape.gradient_x1 = 95;
                item->shape.stop_count = 2;
            }
            if ((item = effect_kit_next(&list, EFFECT_ITEM_STOP, 9)) != NULL) item->stop.offset = 0, item->stop.color = 0xFF0000FFu;
            if ((item = effect_kit_next(&list, EFFECT_ITEM_STOP, 9)) != NULL) item->stop.offset = 1, item->stop.color = 0x0000FFFFu;
            /* A line from (10, 95) to (90, 95), 4 pt, butt ends, trimmed to its middle half. */
            if ((item = effect_kit_next(&list, EFFECT_ITEM_SHAPE, 10)) != NULL) {
                item->shape.shape = EFFECT_SHAPE_PATH;
                item->shape.segment_count = 2;
                item->shape.trim_start = 0.25, item->shape.trim_end = 0.75;
                item->shape.stroke_color = 0x000000FFu;
                item->shape.stroke_width = 4;
            }
            if ((item = effect_kit_next(&list, EFFECT_ITEM_SEGMENT, 10)) != NULL) item->segment.verb = EFFECT_SEGMENT_MOVE, item->segment.x = 10, item->segment.y = 95;
            if ((item = effect_kit_next(&list, EFFECT_ITEM_SEGMENT, 10)) != NULL) item->segment.verb = EFFECT_SEGMENT_LINE, item->segment.x = 90, item->segment.y = 95;
            /* Yellow at opacity 0.5. */
            if ((item = group(&list, 11)) != NULL) item->group.opacity = 0.5;
            effect_kit_fill(&list, 12, EFFECT_SHAPE_RECT, rect(220, 10, 30, 30), 0, 0xFFFF00FFu);
            effect_kit_end_group(&list, 11);
            /* Scaled to nothing, then a cyan square after it. */
            if ((item = group(&list, 13)) != NULL) item->group.transform.scale_x = 0;
            effect_kit_fill(&list, 14, EFFECT_SHAPE_RECT, rect(220, 50, 30, 30), 0, 0xFF0000FFu);
            effect_kit_end_group(&list, 13);
            effect_kit_fill(&list, 15, EFFECT_SHAPE_RECT, rect(260, 50, 30, 30), 0, 0x00FFFFFFu);
            /* A magenta capsule (260, 20, 30 x 10) turned 90 degrees about (275, 25). */
            if ((item = group(&list, 16)) != NULL) {
                item->group.transform.rotation = 90;
                item->group.transform.anchor_x = 275, item->group.transform.anchor_y = 25;
            }
            effect_kit_fill(&list, 17, EFFECT_SHAPE_CAPSULE, rect(260, 20, 30, 10), 0, 0xFF00FFFFu);
            effect_kit_end_group(&list, 16);
            return effect_kit_draw_end(&list, 300, 100, rect(0, 0, 300, 100), 0, out, error);
        }

        static const effect_plugin_api table = {
            sizeof(effect_plugin_api), EFFECT_ABI_MAJOR, EFFECT_ABI_MINOR, 0, describe, info, param, channel, create,
            destroy, instance_info, element, get_param, set_param, strings, sample, sample_many, layout, draw, NULL,
        };

        EFFECT_EXPORT const effect_plugin_api *effect_plugin_entry(void) { return &table; }
        """

    func testFiltersClipsGradientsTrimsAndTransforms() throws {
        let programs = try build()
        let source = programs.directory + "/probe.c"
        try Self.probePluginSource.write(toFile: source, atomically: true, encoding: .utf8)
        let probe = programs.directory + "/libProbe.so"
        try TestEnvironment.compileC([source], output: probe, shared: true, extraFlags: ["-lm"])
        let picture = try draw(programs, probe, "probe-shapes", ["--scale", "2"])
        XCTAssertEqual([picture.width, picture.height], [600, 200])

        // Saturation: the Rec. 709 luminance-preserving matrix.
        let grey = Int((0.2126 * 255).rounded())
        XCTAssertEqual(picture.pixel(25, 25), [grey, grey, grey, 255], "red at saturation 0")
        let off: Double = 0.5 * 0.7152 * 255
        let on: Double = off + 0.5 * 255
        let half: [Int] = [Int(off.rounded()), Int(on.rounded()), Int(off.rounded())]
        let green = picture.pixel(65, 25)
        for channel in 0..<3 { XCTAssertEqual(green[channel], half[channel], accuracy: 1, "green at saturation 0.5: \(green)") }
        XCTAssertEqual(green[3], 255)

        // Blur: across the edge at x = 100 the alpha follows the Gaussian's
        // integral, Φ((x − 100) / 4), within the box approximation.
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for x in stride(from: 88.0, through: 112, by: 2) {
            let sampled = picture.centre(x, 45).x
            let pixel = picture.pixel(x, 45)
            XCTAssertEqual(Double(pixel[3]) / 255, phi((sampled - 100) / 4), accuracy: 0.03, "blurred edge at x = \(sampled)")
            if pixel[3] > 16 { XCTAssertLessThanOrEqual(pixel[0] + pixel[1] + pixel[2], 6, "still black: \(pixel)") }
        }
        assertColor(picture.pixel(150, 45), 0x0000_00FF, "well inside the blurred square")
        assertColor(picture.pixel(80, 45), 0, "five sigmas out")

        // The clip: a circle of radius 20 about (30, 70) out of a larger square.
        assertColor(picture.pixel(30, 70), 0x0000_FFFF, "inside the clip")
        assertColor(picture.pixel(13, 53), 0, "in the square but outside the circle")
        assertColor(picture.pixel(48, 70), 0x0000_FFFF, "just inside the circle's edge")

        // The gradient, red at x = 55 to blue at x = 95, in a rounded rect.
        for x in [60.0, 75, 90] {
            let g = (picture.centre(x, 70).x - 55) / 40
            let expected = UInt32((255 * (1 - g)).rounded()) << 24 | UInt32((255 * g).rounded()) << 8 | 0xFF
            assertColor(picture.pixel(x, 70), expected, tolerance: 2, "the gradient at \(g)")
        }
        assertColor(picture.pixel(56, 51), 0, "outside the rounded corner")

        // The trimmed line: only 30 ... 70 of 10 ... 90 is stroked.
        for x in [32.0, 50, 68] { assertColor(picture.pixel(x, 95), 0x0000_00FF, "on the trimmed line at x = \(x)") }
        for x in [12.0, 28, 72, 88] { assertColor(picture.pixel(x, 95), 0, "trimmed away at x = \(x)") }

        // Opacity, a group scaled to nothing, and what comes after it.
        assertColor(picture.pixel(235, 25), 0xFFFF_0080, tolerance: 1, "yellow at opacity 0.5")
        assertColor(picture.pixel(235, 65), 0, "scaled to nothing")
        assertColor(picture.pixel(275, 65), 0x00FF_FFFF, "drawn after it")

        // The capsule turned upright about (275, 25): x 270 ... 280, y 10 ... 40.
        assertColor(picture.pixel(275, 12), 0xFF00_FFFF, "the turned capsule's top")
        assertColor(picture.pixel(275, 38), 0xFF00_FFFF, "its bottom")
        assertColor(picture.pixel(262, 25), 0, "where it was before the turn")
        assertColor(picture.pixel(270.5, 10.5), 0, "outside its round end")
    }

    // MARK: - Bad input

    func testRefusesBadInputWithOneLine() throws {
        let programs = try build()
        let strike = plugin("libStrike.so")
        let out = programs.directory + "/out.png"
        let directory = try TestEnvironment.temporaryDirectory(self)
        let old = try Fixtures.testPlugin("ramp.so", in: directory)
        let older = try Fixtures.testPlugin("ramp11.so", in: directory, defines: ["ABI_1_1"])
        let cases: [([String], Int32, String)] = [
            ([strike, "strikethrough-reveal"], 2, "usage: draw_png PLUGIN.so EFFECT OUT.png"),
            ([strike, "strikethrough-reveal", out, "--time", "-1"], 2, "draw_png: --time needs a time in seconds, finite and >= 0: '-1'"),
            ([strike, "strikethrough-reveal", out, "--scale"], 2, "draw_png: --scale needs a value"),
            ([strike, "strikethrough-reveal", out, "--scale", "0"], 2, "draw_png: --scale needs a number of pixels per point above 0 and up to 64: '0'"),
            ([strike, "strikethrough-reveal", out, "--frobnicate", "1"], 2, "draw_png: unknown option '--frobnicate'"),
            ([strike, "no-such-effect", out], 2, "draw_png: \(strike) has no effect 'no-such-effect'"),
            ([strike, "strikethrough-reveal", out, "--param", "speed=2"], 2, "draw_png: effect 'strikethrough-reveal' has no param 'speed'"),
            ([strike, "strikethrough-reveal", out, "--param", "done=maybe"], 2, "draw_png: param 'done' needs true or false: 'maybe'"),
            ([strike, "strikethrough-reveal", out, "--param", "line_color=red"], 2, "draw_png: param 'line_color' needs a colour written #RRGGBB or #RRGGBBAA: 'red'"),
            ([strike, "strikethrough-reveal", out, "--param", "duration=-1"], 2, "draw_png: create: param 'duration' is -1; it must be within 0.001...60"),
            ([strike, "strikethrough-reveal", out, "--param", "noequals"], 2, "draw_png: --param needs NAME=VALUE: 'noequals'"),
            ([old, "test-ramp", out], 1, "draw_png: \(old): built for effect ABI 1.0, which does not draw (since 1.2)"),
            ([older, "test-ramp", out], 1, "draw_png: \(older): built for effect ABI 1.1, which does not draw (since 1.2)"),
            ([strike, "strikethrough-reveal", directory + "/no/such/dir/out.png"], 1, "draw_png: cannot write \(directory)/no/such/dir/out.png: "),
        ]
        for (arguments, status, message) in cases {
            let result = try TestEnvironment.run(programs.drawPNG, arguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "one line: \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no picture from bad input")
        // Params of every type reach the effect.
        let colored = try draw(
            programs, strike, "strikethrough-reveal",
            ["--time", "1", "--param", "line_color=#FF0000", "--param", "done=true", "--param", "fade=0.3", "--scale", "2"])
        let height = (0.952 + 0.241) * 20
        assertColor(colored.pixel(40, height / 2), 0xFF00_00FF, "the line in the colour given")
    }
}
