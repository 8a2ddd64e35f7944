import Foundation
import Testing

/// Each module imports only what Docs/architecture.md allows it: the layers do not leak.
struct ImportRulesTests {
  /// What each module may import, besides the Swift standard library.
  static let allowed: [String: Set<String>] = {
    let system: Set<String> = ["Glibc", "Darwin"]
    let library: Set<String> = [
      "CaptionCore", "CaptionFormats", "CaptionMedia", "CaptionValidation", "CaptionMerge",
      "CaptionExport", "CaptionRuntime", "CaptionRepair",
    ]
    return [
      // Plain model types: no threads, no system calls, no C.
      "CaptionCore": [],
      "CaptionRuntime": system.union(["Foundation", "Dispatch", "Synchronization"]),
      "CaptionFormats": system.union(["CaptionCore", "Foundation", "FoundationXML"]),
      "CaptionMedia": system.union([
        "CaptionCore", "CaptionRuntime", "CFFmpeg", "Dispatch", "Synchronization",
      ]),
      // Validation reads the model, not the formats.
      "CaptionValidation": ["CaptionCore", "Foundation"],
      "CaptionMerge": ["CaptionCore", "Foundation"],
      // Repairs change the model by the rules' limits; they read no file.
      "CaptionRepair": ["CaptionCore", "CaptionValidation"],
      "CaptionExport": system.union([
        "CaptionCore", "CaptionFormats", "CaptionMerge", "CaptionValidation", "Foundation",
      ]),
      "CaptionKit": system.union(library).union(["Foundation", "Dispatch", "Synchronization"]),
      // The command reaches the library through its front door only.
      "CaptionCLI": system.union([
        "CaptionKit", "CaptionRuntime", "Foundation", "Dispatch", "Synchronization",
      ]),
      "captionkit": ["CaptionCLI", "CMalloc"],
    ]
  }()

  /// The package's Sources folder, found from this file's place in the repository.
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The modules imported by the lines of `text`, with the line each is on.
  static func imports(in text: String) -> [(module: String, line: String)] {
    text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { raw in
      let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
        words[..<at].allSatisfy({
          [
            "@_exported", "@testable", "public", "package", "internal",
            "private", "fileprivate", "@preconcurrency",
          ].contains($0)
        })
      else { return nil }
      // `import struct Foundation.Data` names the module after the kind.
      let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "typealias"]
      let name =
        kinds.contains(words[at + 1]) && at + 2 < words.count ? words[at + 2] : words[at + 1]
      return (String(name.split(separator: ".")[0]), String(raw))
    }
  }

  /// Every import of a module's files that its rule does not allow, as `file: line`; and
  /// every C module imported other than internally.
  static func violations(module: String, files: [(name: String, text: String)]) -> [String] {
    let allowed = Self.allowed[module] ?? []
    var found: [String] = []
    for file in files {
      for (imported, line) in imports(in: file.text) {
        if !allowed.contains(imported) {
          found.append("\(module)/\(file.name): \(line.trimmingCharacters(in: .whitespaces))")
        } else if imported.hasPrefix("C"), !imported.hasPrefix("Caption"),
          !line.contains("internal import"), module != "captionkit"
        {
          found.append("\(module)/\(file.name): a C module must be imported internally: \(line)")
        }
      }
    }
    return found
  }

  static func swiftFiles(of module: String) throws -> [(name: String, text: String)] {
    let folder = sources.appendingPathComponent(module)
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var files: [(String, String)] = []
    for case let name as String in walker where name.hasSuffix(".swift") {
      files.append(
        (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)))
    }
    return files
  }

  /// The folder of CaptionMedia whose files alone may touch FFmpeg's C types and functions.
  static let ffmpegFolder = "FFmpeg/"

  /// Every import of CFFmpeg in a CaptionMedia file outside `ffmpegFolder`, as `file: line`.
  static func cImportsOutsideTheFFmpegFolder(files: [(name: String, text: String)]) -> [String] {
    files.filter { !$0.name.hasPrefix(ffmpegFolder) }.flatMap { file in
      imports(in: file.text).filter { $0.module == "CFFmpeg" }.map {
        "CaptionMedia/\(file.name): \($0.line.trimmingCharacters(in: .whitespaces))"
      }
    }
  }

  @Test func onlyTheFFmpegFolderOfCaptionMediaImportsCFFmpeg() throws {
    let files = try Self.swiftFiles(of: "CaptionMedia")
    #expect(files.contains { $0.name.hasPrefix(Self.ffmpegFolder) }, "no FFmpeg folder")
    #expect(Self.cImportsOutsideTheFFmpegFolder(files: files) == [])
  }

  @Test func aCFFmpegImportOutsideTheFFmpegFolderIsFound() {
    let files = [
      ("FFmpeg/Packet.swift", "internal import CFFmpeg\n"),
      ("Probe/MediaProbe.swift", "internal import CFFmpeg\nimport CaptionCore\n"),
      ("Mux/MediaMuxer.swift", "import CaptionCore\n"),
      ("FFmpegNames.swift", "internal import struct CFFmpeg.AVRational\n"),
    ]
    #expect(
      Self.cImportsOutsideTheFFmpegFolder(files: files) == [
        "CaptionMedia/Probe/MediaProbe.swift: internal import CFFmpeg",
        "CaptionMedia/FFmpegNames.swift: internal import struct CFFmpeg.AVRational",
      ])
  }

  @Test func everyModuleHasARule() throws {
    let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
      .filter { try !Self.swiftFiles(of: $0).isEmpty }
    #expect(!modules.isEmpty)
    #expect(Set(modules).subtracting(Self.allowed.keys).isEmpty, "modules without a rule")
  }

  @Test(arguments: allowed.keys.sorted())
  func importsFollowTheRules(module: String) throws {
    let files = try Self.swiftFiles(of: module)
    #expect(!files.isEmpty, "no Swift files for \(module)")
    #expect(Self.violations(module: module, files: files) == [])
  }

  @Test func aForbiddenImportIsFound() {
    let files = [
      ("Text/Scanner.swift", "public import CaptionCore\nimport CaptionFormats\n"),
      ("Clock.swift", "#if canImport(Glibc)\n  import Glibc\n#endif\n"),
    ]
    #expect(
      Self.violations(module: "CaptionValidation", files: files) == [
        "CaptionValidation/Text/Scanner.swift: import CaptionFormats",
        "CaptionValidation/Clock.swift: import Glibc",
      ])
    #expect(
      Self.violations(module: "CaptionMedia", files: [("Probe.swift", "import CFFmpeg\n")]) == [
        "CaptionMedia/Probe.swift: a C module must be imported internally: import CFFmpeg"
      ])
    #expect(
      Self.violations(module: "CaptionCore", files: [("A.swift", "import Foundation\n")]) == [
        "CaptionCore/A.swift: import Foundation"
      ])
  }
}
