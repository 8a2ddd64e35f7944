// swift-tools-version:6.0
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package's identity is the
// name of the folder this checkout lives in, whatever that is.
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? ""

let package = Package(
  name: "captionkit-bench",
  products: [
    .executable(name: "captionkit-bench", targets: ["captionkit-bench"])
  ],
  dependencies: [.package(path: "..")],
  targets: [
    .target(
      name: "CaptionBench",
      dependencies: [.product(name: "CaptionKit", package: root.lowercased())]),
    .executableTarget(name: "captionkit-bench", dependencies: ["CaptionBench"]),
    .testTarget(name: "CaptionBenchTests", dependencies: ["CaptionBench"]),
  ]
)
