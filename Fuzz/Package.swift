// swift-tools-version:6.0
// libFuzzer targets for captionkit's readers and its repairs. Built and run by Scripts/fuzz;
// see Docs/fuzzing.md.
import PackageDescription

let targets = [
  "fuzz-webvtt", "fuzz-cuetext", "fuzz-srt", "fuzz-decoding", "fuzz-ttml", "fuzz-ass",
  "fuzz-scc", "fuzz-media", "fuzz-hls", "fuzz-fix",
]

let package = Package(
  name: "captionkit-fuzz",
  dependencies: [.package(name: "captionkit", path: "..")],
  targets: targets.map {
    .executableTarget(
      name: $0, dependencies: [.product(name: "CaptionKit", package: "captionkit")])
  }
)
