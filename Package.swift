// swift-tools-version:6.0
import PackageDescription

let settings: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  // Types such as `[String: RuleSetting]` are made by calling their metadata functions rather
  // than from their mangled names: the runtime then neither decodes the name nor looks up the
  // conformances it needs on the first use of each, which was most of a small run's start.
  .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
  name: "captionkit",
  products: [
    .library(name: "CaptionKit", targets: ["CaptionKit"]),
    .executable(name: "captionkit", targets: ["captionkit"]),
  ],
  targets: [
    .target(name: "CaptionCore", dependencies: ["CThreadPlacement"], swiftSettings: settings),
    // Where a new thread starts, which the C library module leaves out.
    .systemLibrary(name: "CThreadPlacement", path: "Sources/CThreadPlacement"),
    .target(
      name: "CaptionFormats", dependencies: ["CaptionCore", "CReadNoWait", "CFileLease"],
      swiftSettings: settings),
    // Reading a file only as far as it is in memory, which the C library module leaves out.
    .systemLibrary(name: "CReadNoWait", path: "Sources/CReadNoWait"),
    // A read lease on a file, kept while the file is mapped; also left out of it.
    .systemLibrary(name: "CFileLease", path: "Sources/CFileLease"),
    // FFmpeg's headers only: the libraries are opened with dlopen when media is first read, so
    // commands that never touch media do not pay for loading them.
    .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg"),
    .target(
      name: "CaptionMedia", dependencies: ["CaptionCore", "CFFmpeg"], swiftSettings: settings),
    .target(name: "CaptionMerge", dependencies: ["CaptionCore"], swiftSettings: settings),
    .target(
      name: "CaptionExport", dependencies: ["CaptionCore", "CaptionFormats", "CaptionMerge"],
      swiftSettings: settings),
    .target(
      name: "CaptionKit", dependencies: ["CaptionCore", "CaptionFormats", "CaptionMedia"],
      swiftSettings: settings),
    .target(name: "CaptionCLI", dependencies: ["CaptionKit"], swiftSettings: settings),
    // The C library's allocator settings, which the command sets for itself.
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
    // The Swift runtime is linked in: the command starts without resolving its symbols,
    // which is most of the start-up of a run on a small file.
    .executableTarget(
      name: "captionkit", dependencies: ["CaptionCLI", "CMalloc"], swiftSettings: settings,
      linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
    .target(
      name: "CaptionValidation", dependencies: ["CaptionCore", "CaptionFormats"],
      swiftSettings: settings),
    .testTarget(name: "CaptionCoreTests", dependencies: ["CaptionCore"], swiftSettings: settings),
    .testTarget(
      name: "CaptionFormatsTests", dependencies: ["CaptionFormats"],
      resources: [.copy("Fixtures")], swiftSettings: settings),
    .testTarget(
      name: "CaptionMediaTests", dependencies: ["CaptionMedia"], swiftSettings: settings),
    .testTarget(
      name: "CaptionMergeTests", dependencies: ["CaptionMerge"], swiftSettings: settings),
    .testTarget(
      name: "CaptionExportTests", dependencies: ["CaptionExport"], exclude: ["Snapshots"],
      swiftSettings: settings),
    .testTarget(
      name: "CaptionCLITests", dependencies: ["CaptionCLI"], swiftSettings: settings),
    .testTarget(
      name: "CaptionValidationTests",
      dependencies: ["CaptionValidation", "CaptionFormats", "CaptionCore"],
      swiftSettings: settings),
  ]
)

// The front door re-exports the validation engine.
package.targets.first { $0.name == "CaptionKit" }?.dependencies.append("CaptionValidation")

// The front door re-exports transcripts: the merge and the transcript writers.
for name in ["CaptionMerge", "CaptionExport"] {
  package.targets.first { $0.name == "CaptionKit" }?.dependencies.append(.target(name: name))
}
