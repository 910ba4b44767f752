// swift-tools-version:6.0
// A plugin package built on effect-host's Swift kit. Point EFFECT_HOST at a
// checkout of effect-host (default: ../effect-host); SwiftPM allows the
// kit's build flags only from a local path.
import PackageDescription

let kit = Context.environment["EFFECT_HOST"] ?? "../effect-host"
let kitPackage = String(kit.split(separator: "/").last ?? "effect-host")

let package = Package(
    name: "blink",
    products: [.library(name: "Blink", type: .dynamic, targets: ["Blink"])],
    dependencies: [.package(path: kit)],
    targets: [
        .target(
            name: "Blink",
            dependencies: [
                .product(name: "EffectABI", package: kitPackage),
                .product(name: "CEffect", package: kitPackage),
            ],
            // The kit and this plugin use neither Swift concurrency nor regexes;
            // not importing them keeps their runtime libraries out of the
            // plugin, so it needs only what a release's plugins/swift-runtime
            // holds.
            swiftSettings: [
                .unsafeFlags([
                    "-Xfrontend", "-disable-implicit-concurrency-module-import",
                    "-Xfrontend", "-disable-implicit-string-processing-module-import",
                ])
            ],
            linkerSettings: [
                // Export effect_plugin_entry only, and never unmap (see effect.h).
                // Besides the toolchain, look for the Swift runtime in
                // swift-runtime/ beside the plugin: dropped into a release's
                // lib/effect-host/plugins, or packaged with
                // `scripts/package-plugins DIR libBlink.so`, it loads where
                // no toolchain is.
                .unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map",
                    "-Xlinker", "-z", "-Xlinker", "nodelete",
                    "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/swift-runtime",
                ])
            ])
    ]
)
