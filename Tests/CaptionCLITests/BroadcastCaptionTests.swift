import CaptionKit
import Foundation
import Testing

@testable import CaptionCLI

/// Media whose captions are CEA-608 data in the video (A/53), as broadcast masters carry
/// them: `validate`, `probe`, `extract` and `transcript` read them as tracks.
@Suite(.serialized)
struct BroadcastCaptionTests {
  @Test func aCaptionedTransportStreamValidatesAsCaptioned() throws {
    let media = try BroadcastMedia.file("news.ts")
    let run = ToolRun(["validate", media, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.count == 1)
    #expect(tracks.first?["stream"] as? Int == 0)
    #expect(tracks.first?["channel"] as? String == "CC1")
    #expect(tracks.first?["format"] as? String == "eia_608")
    #expect(tracks.first?["kind"] as? String == "captions")
    #expect(tracks.first?["cueCount"] as? Int == 2)
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let rules = Set(diagnostics.compactMap { $0["rule"] as? String })
    #expect(!rules.contains("coverage.no-captions"))
    #expect(!rules.contains("container.closed-captions"))
    let verdicts = try #require(json["wcag"] as? [[String: Any]])
    let captions = verdicts.first { $0["criterion"] as? String == "1.2.2" }
    #expect(captions?["status"] as? String == "pass")
  }

  @Test func theTextReportNamesTheStreamAndChannel() throws {
    let media = try BroadcastMedia.file("news.ts")
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("  track 1  stream 0 (h264), CC1, captions\n"), "\(run.stdout)")
  }
}
