import CaptionCore
import CaptionValidation
import Foundation
import Testing

struct RuleRegistryTests {
  /// Every id RULES.md marks as part of the contract that this foundation implements.
  static let contractIDs = [
    "parse.webvtt", "parse.srt", "parse.encoding", "timing.overlap", "timing.zero-duration",
    "timing.min-duration", "readability.cps", "readability.line-length",
    "translation.script-mismatch", "translation.language-tag",
  ]

  @Test func idsAreUniqueWellFormedAndIncludeTheContract() {
    let ids = RuleRegistry.rules.map(\.id)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      let parts = id.split(separator: ".")
      #expect(parts.count == 2, "\(id)")
      #expect(RuleArea(rawValue: String(parts[0])) != nil, "\(id)")
      // Kebab case: lower-case letters, digits (`mp4-text-codec`) and dashes.
      let name = parts.last ?? ""
      #expect(
        name.first?.isLowercase == true
          && name.allSatisfy { $0.isLowercase || ("0"..."9").contains($0) || $0 == "-" },
        "\(id)")
    }
    for id in Self.contractIDs { #expect(ids.contains(id), "\(id)") }
  }

  @Test func everyRuleHasADocsPageAndEveryPageARule() throws {
    let folder = RepositoryFiles.path("Docs/rules")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    #expect(pages == RuleRegistry.rules.map(\.id).sorted())
    for rule in RuleRegistry.rules {
      let page = try String(contentsOfFile: folder + "/\(rule.id).md", encoding: .utf8)
      #expect(page.hasPrefix("# \(rule.id)\n"), "\(rule.id)")
      for section in ["What", "Why", "Example", "Fix", "Source"] {
        #expect(page.contains("**\(section).**") || page.contains("## \(section)"), "\(rule.id)")
      }
    }
  }
}
