import Foundation
import Testing

@testable import CaptionCLI
@testable import CaptionKit

struct SARIFReportWriterTests {
  func log() throws -> [String: Any] {
    let bytes = SARIFReportWriter.write(ReportFixture.report())
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  @Test(
    .enabled(if: JSONSchemaValidator.isSARIFConfigured, JSONSchemaValidator.sarifSkipComment))
  func validatesAgainstTheSARIFSchema() throws {
    let validator = try JSONSchemaValidator.sarif()
    #expect(validator.errors(in: try log()) == [])
  }

  @Test(
    .enabled(if: JSONSchemaValidator.isSARIFConfigured, JSONSchemaValidator.sarifSkipComment))
  func theSchemaCheckCatchesBrokenLogs() throws {
    let validator = try JSONSchemaValidator.sarif()
    var broken = try log()
    broken["version"] = "2.0.0"
    var runs = try #require(broken["runs"] as? [[String: Any]])
    var results = try #require(runs[0]["results"] as? [[String: Any]])
    results[0]["level"] = "loud"
    runs[0]["results"] = results
    runs[0]["tool"] = ["driver": ["version": "1"]]
    broken["runs"] = runs
    let errors = validator.errors(in: broken)
    #expect(errors.contains { $0.hasPrefix("$.version: ") })
    #expect(errors.contains("$.runs[0].tool.driver: missing required 'name'"))
    #expect(errors.contains { $0.hasPrefix("$.runs[0].results[0].level: ") })
  }

  @Test func describesEachFindingWithItsPlace() throws {
    let log = try log()
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "captionkit")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(
      rules.compactMap { $0["id"] as? String } == ["parse.encoding", "parse.webvtt", "parse.srt"])
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.compactMap { $0["level"] as? String } == ["warning", "error", "note"])
    #expect(results.compactMap { $0["ruleIndex"] as? Int } == [0, 1, 2])
    let location = try #require(
      (results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"]
        as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "a%20b.srt")
    #expect((location["artifactLocation"] as? [String: Any])?["index"] as? Int == 1)
    let region = try #require(location["region"] as? [String: Int])
    #expect(region == ["startLine": 2, "startColumn": 14, "byteOffset": 20])
    let properties = try #require(results[1]["properties"] as? [String: Any])
    #expect(properties["hint"] as? String == "make the end later than the start")
  }

  @Test func encodesPathsAsURIReferences() {
    #expect(SARIFReportWriter.uri("dir/a b#1.vtt") == "dir/a%20b%231.vtt")
    #expect(SARIFReportWriter.uri("한.srt") == "%ED%95%9C.srt")
  }
}
