// swift-tools-version:6.0
import PackageDescription

// Every target: `public import` only where a module's types appear in its public API.
let settings: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

let package = Package(
  name: "captionkit",
  products: [
    .library(name: "CaptionKit", targets: ["CaptionKit"]),
    .executable(name: "captionkit", targets: ["captionkit"]),
  ],
  targets: [
    // Plain model types: time, cues, tracks, diagnostics. No threads, no C.
    .target(name: "CaptionCore", swiftSettings: settings),
    // The threads and locks the media and batch workers use; nothing of it is public.
    .target(name: "CaptionRuntime", swiftSettings: settings),
    // Caption formats: WebVTT, SRT, TTML readers and writers, text decoding, sidecar names.
    .target(name: "CaptionFormats", dependencies: ["CaptionCore"], swiftSettings: settings),
    // FFmpeg's headers only: the libraries are opened with dlopen when media is first read, so
    // commands that never touch media do not pay for loading them.
    .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg"),
    .target(
      name: "CaptionMedia", dependencies: ["CaptionCore", "CaptionRuntime", "CFFmpeg"],
      swiftSettings: settings),
    .target(name: "CaptionValidation", dependencies: ["CaptionCore"], swiftSettings: settings),
    .target(name: "CaptionMerge", dependencies: ["CaptionCore"], swiftSettings: settings),
    // Repairs of what the rules find, without changing a word: timing, line breaks.
    .target(
      name: "CaptionRepair", dependencies: ["CaptionCore", "CaptionValidation"],
      swiftSettings: settings),
    .target(
      name: "CaptionExport",
      dependencies: ["CaptionCore", "CaptionFormats", "CaptionMerge"],
      swiftSettings: settings),
    // The front door: re-exports the modules above.
    .target(
      name: "CaptionKit",
      dependencies: [
        "CaptionCore", "CaptionFormats", "CaptionMedia", "CaptionValidation", "CaptionMerge",
        "CaptionExport", "CaptionRepair",
      ],
      swiftSettings: settings),
    .target(
      name: "CaptionCLI", dependencies: ["CaptionKit", "CaptionRuntime"], swiftSettings: settings),
    // The C library's allocator settings, which the command sets for itself.
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
    .executableTarget(
      name: "captionkit", dependencies: ["CaptionCLI", "CMalloc"], swiftSettings: settings,
      // The Swift runtime is linked in: the command then starts without the dynamic loader
      // resolving the runtime's symbols, which was most of the start-up of a run on a small
      // file (Docs/performance.md). A flag of the command only: the library has none.
      linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
    .testTarget(
      name: "CaptionCoreTests", dependencies: ["CaptionCore", "CaptionTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionRuntimeTests", dependencies: ["CaptionRuntime"], swiftSettings: settings),
    .testTarget(
      name: "CaptionFormatsTests", dependencies: ["CaptionFormats"],
      resources: [.copy("Fixtures")], swiftSettings: settings),
    // What the tests of several modules write media with (A/53 caption data); no product
    // has it.
    .target(
      name: "CaptionTestSupport", path: "Tests/CaptionTestSupport", swiftSettings: settings),
    .testTarget(
      name: "CaptionMediaTests", dependencies: ["CaptionMedia", "CaptionTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionRepairTests",
      dependencies: ["CaptionRepair", "CaptionValidation", "CaptionCore", "CaptionTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionMergeTests", dependencies: ["CaptionMerge"], swiftSettings: settings),
    .testTarget(
      name: "CaptionExportTests", dependencies: ["CaptionExport"], exclude: ["Snapshots"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionKitTests", dependencies: ["CaptionKit", "CaptionTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionCLITests", dependencies: ["CaptionCLI", "CaptionTestSupport"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionValidationTests",
      dependencies: ["CaptionValidation", "CaptionFormats", "CaptionCore"],
      swiftSettings: settings),
    // Reads the sources: each module imports only what its layer allows.
    .testTarget(name: "PackageRulesTests", swiftSettings: settings),
  ]
)
