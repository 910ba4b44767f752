// swift-tools-version:6.0
import PackageDescription

/// Plugins export `effect_plugin_entry` and hide every other symbol. They are
/// never unmapped (`-z nodelete`): the Swift runtime keeps pointers into the
/// metadata of every image it has seen, so unmapping a Swift plugin after
/// dlclose could crash the next Swift code that looks up a type. Besides the
/// toolchain, they look for the Swift runtime in `swift-runtime/` beside
/// themselves, where scripts/package-plugins puts it.
let pluginLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        "-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map",
        "-Xlinker", "-z", "-Xlinker", "nodelete",
        "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/swift-runtime",
    ])
]

/// Besides the toolchain, the host looks for the Swift runtime where
/// scripts/install puts it; scripts/set-runpath then drops the toolchain's
/// entry, in the room this one leaves.
let hostLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib/effect-host/plugins/swift-runtime",
        "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib/effect-host/runtime",
    ])
]

/// libeffecthost.so exports effect_host_* alone, and finds the Swift
/// runtime where scripts/install puts it beside it (PREFIX/lib). Like the
/// plugins it is never unmapped: hosts that dlopen a frei0r plugin, ask its
/// name and dlclose it (MLT's scan) would otherwise leave the Swift runtime
/// pointing into the library's unmapped metadata for its next load.
let hostLibraryLinkerSettings: [LinkerSetting] = [
    .unsafeFlags([
        "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/EffectHostAPI.map",
        "-Xlinker", "-soname", "-Xlinker", "libeffecthost.so",
        "-Xlinker", "-z", "-Xlinker", "nodelete",
        "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/effect-host/plugins/swift-runtime",
        "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/effect-host/runtime",
    ])
]

/// The kit and the plugins use neither Swift concurrency nor regexes; not
/// importing them keeps those runtime libraries out of every plugin.
let pluginSwiftSettings: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-implicit-concurrency-module-import",
        "-Xfrontend", "-disable-implicit-string-processing-module-import",
    ])
]

let package = Package(
    name: "effect-host",
    products: [
        .executable(name: "effect-host", targets: ["effect-host"]),
        .library(name: "EffectHost", targets: ["EffectHost"]),
        .library(name: "EffectRender", targets: ["EffectRender"]),
        .library(name: "EffectExport", targets: ["EffectExport"]),
        .library(name: "EffectValidate", targets: ["EffectValidate"]),
        .library(name: "EffectABI", targets: ["EffectABI"]),
        .library(name: "CEffect", targets: ["CEffect"]),
        // libeffecthost.so: effect_host.h, the host as a C library.
        .library(name: "effecthost", type: .dynamic, targets: ["EffectHostAPI"]),
        .library(name: "Strike", type: .dynamic, targets: ["Strike"]),
        .library(name: "Breathe", type: .dynamic, targets: ["Breathe"]),
        .library(name: "Reveal", type: .dynamic, targets: ["Reveal"]),
    ],
    targets: [
        .systemLibrary(name: "CEffect", path: "include"),
        .target(name: "MetadataRules", swiftSettings: pluginSwiftSettings),
        .target(name: "EffectABI", dependencies: ["CEffect", "MetadataRules"], swiftSettings: pluginSwiftSettings),
        .target(name: "CRunningCall"),
        // Optimised in debug builds too: the tests' debug effect-host writes PNG frames through it.
        .target(name: "CPixelRows", cSettings: [.unsafeFlags(["-O2", "-Wall", "-Wextra", "-Werror"])]),
        .target(name: "EffectHost", dependencies: ["CEffect", "MetadataRules", "CRunningCall"]),
        .target(name: "EffectRender", dependencies: ["CEffect", "CEffectHost", "CPixelRows", "EffectHost"]),
        .target(name: "EffectExport", dependencies: ["EffectHost", "EffectRender"]),
        .target(name: "EffectValidate", dependencies: ["CEffect", "EffectHost", "MetadataRules", "CAllocationCounter"]),
        .target(name: "CAllocationCounter"),
        .systemLibrary(name: "CEffectHost", path: "include"),
        .target(
            name: "EffectHostAPI",
            dependencies: ["CEffect", "CEffectHost", "EffectHost", "EffectRender", "EffectExport", "EffectValidate", "MetadataRules"],
            linkerSettings: hostLibraryLinkerSettings),
        .executableTarget(
            name: "effect-host",
            dependencies: ["CEffect", "EffectHost", "EffectRender", "EffectExport", "EffectValidate", "MetadataRules"],
            linkerSettings: hostLinkerSettings),
        .target(
            name: "Strike", dependencies: ["CEffect", "EffectABI"], path: "Plugins/Strike",
            swiftSettings: pluginSwiftSettings, linkerSettings: pluginLinkerSettings),
        .target(
            name: "Breathe", dependencies: ["CEffect", "EffectABI"], path: "Plugins/Breathe",
            swiftSettings: pluginSwiftSettings, linkerSettings: pluginLinkerSettings),
        .target(
            name: "Reveal", dependencies: ["CEffect", "EffectABI"], path: "Plugins/Reveal",
            swiftSettings: pluginSwiftSettings, linkerSettings: pluginLinkerSettings),
        .target(name: "ReferenceMath", path: "Tests/ReferenceMath"),
        .target(name: "BundledPlugins", dependencies: ["EffectHost"], path: "Tests/BundledPlugins"),
        .testTarget(name: "EffectABITests", dependencies: ["CEffect", "EffectABI", "ReferenceMath"]),
        .testTarget(name: "EffectHostTests", dependencies: ["CEffect", "EffectHost", "MetadataRules", "ReferenceMath"]),
        .testTarget(name: "EffectRenderTests", dependencies: ["EffectHost", "EffectRender", "BundledPlugins", "ReferenceMath"]),
        .testTarget(name: "EffectValidateTests", dependencies: ["EffectHost", "EffectValidate", "BundledPlugins"]),
        .testTarget(name: "EffectExportTests", dependencies: ["EffectHost", "EffectRender", "EffectExport", "BundledPlugins"]),
        // effect-host's own code, in the test process: SwiftPM links the
        // executable's code in with its entry point renamed, so main.swift's
        // top-level code never runs. CAllocationCounter's malloc comes along
        // (it only counts, and forwards to glibc's).
        .testTarget(name: "EffectHostCLITests", dependencies: ["effect-host"]),
    ],
    swiftLanguageModes: [.v6]
)
