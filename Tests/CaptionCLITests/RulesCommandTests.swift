import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

struct RulesCommandTests {
  static let docs: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/CaptionCLITests/RulesCommandTests.swift
    return parts.joined(separator: "/") + "/Docs/rules"
  }()

  /// The registry, `captionkit rules --format json` and `Docs/rules/` name the same rules.
  @Test func theRegistryTheJSONListAndTheDocsAgree() throws {
    let run = ToolRun(["rules", "--format", "json"])
    #expect(run.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    #expect(object["profile"] as? String == "web")
    let rules = try #require(object["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(ids == RuleRegistry.rules.map(\.id))
    #expect(
      rules.compactMap { $0["severity"] as? String }
        == RuleRegistry.rules.map(\.defaultSeverity.rawValue))
    let pages = try FileManager.default.contentsOfDirectory(atPath: Self.docs)
      .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
    #expect(Set(pages) == Set(ids))
    for rule in rules {
      let help = try #require(rule["help"] as? String)
      #expect(FileManager.default.fileExists(atPath: Self.docs + "/../../" + help), "\(help)")
    }
  }

  @Test func listsRulesAsTextWithTheProfilesSeverities() {
    let web = ToolRun(["rules"])
    #expect(web.status == 0)
    // Ids are padded to the longest, container.language-undetermined (31 characters).
    let overlap = "timing.overlap" + String(repeating: " ", count: 31 - 14 + 2)
    #expect(
      web.stdout.contains("\n\(overlap)warning a cue starts before an earlier cue has ended\n"))
    #expect(web.stdout.hasSuffix("\n\(RuleRegistry.rules.count) rules, profile web\n"))
    let broadcast = ToolRun(["rules", "--profile", "broadcast"])
    #expect(broadcast.stdout.contains("\n\(overlap)error   a cue"))
  }

  @Test func appliesAConfigurationFile() throws {
    let folder = try TemporaryFolder()
    let config = try folder.file(
      "team.json", #"{"version": 1, "rules": {"readability.italics": "off"}}"#)
    let run = ToolRun(["rules", "--format", "markdown", "--config", config])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("| rule | severity | what it finds |\n|---|---|---|\n"))
    #expect(
      run.stdout.contains(
        "| [`readability.italics`](rules/readability.italics.md) | off | italics in a language"))
    #expect(
      run.stdout.contains(
        "| [`readability.unbalanced-tags`](rules/readability.unbalanced-tags.md) | warning | "
          + "a cue opens &lt;i>, &lt;b> or &lt;u>"))
  }

  @Test func rejectsUnknownProfilesAndBadConfigurations() throws {
    let profile = ToolRun(["rules", "--profile", "brodcast"])
    #expect(profile.status == 64)
    #expect(
      profile.stderr.hasPrefix(
        "error: unknown profile 'brodcast' for '--profile'; expected one of web, broadcast, "
          + "streaming\nhint: did you mean 'broadcast'?\n"))
    let folder = try TemporaryFolder()
    let config = try folder.file("bad.json", "{\n  \"rules\": {\"timing.overlap\": \"loud\"}\n}\n")
    let bad = ToolRun(["rules", "--config", config])
    #expect(bad.status == 64)
    #expect(
      bad.stderr.hasPrefix(
        "error: \(config): \"rules.timing.overlap\" is \"loud\"; expected \"error\", "
          + "\"warning\", \"remark\" or \"off\"\nhint: see Docs/config.md for the keys and values\n"
      ))
    let missing = ToolRun(["rules", "--config", folder.path + "/none.json"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "error: \(folder.path)/none.json: no such file\n")
  }
}
