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
            linkerSettings: [
                // Export effect_plugin_entry only, and never unmap (see effect.h).
                .unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/exports.map",
                    "-Xlinker", "-z", "-Xlinker", "nodelete",
                ])
            ])
    ]
)
