// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "captionkit-bench",
  products: [
    .executable(name: "captionkit-bench", targets: ["captionkit-bench"])
  ],
  dependencies: [.package(name: "captionkit", path: "..")],
  targets: [
    .target(
      name: "CaptionBench",
      dependencies: [.product(name: "CaptionKit", package: "captionkit")]),
    .executableTarget(name: "captionkit-bench", dependencies: ["CaptionBench", "measure-run"]),
    // Spawns, times and measures each run from a small process (see ChildProcess).
    .executableTarget(name: "measure-run"),
    .testTarget(name: "CaptionBenchTests", dependencies: ["CaptionBench", "measure-run"]),
  ]
)
