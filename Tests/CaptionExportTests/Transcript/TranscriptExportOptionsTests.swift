import Testing

@testable import CaptionExport

struct TranscriptExportOptionsTests {
  @Test(arguments: [
    ("lighthouse.mp4", "lighthouse.mp4"),
    ("../media/my film (2).mp4", "../media/my%20film%20%282%29.mp4"),
    ("javascript:alert(1).mp4", "javascript%3Aalert%281%29.mp4"),
    ("a#b?c.mp4", "a%23b%3Fc.mp4"),
    ("é.mp4", "%C3%A9.mp4"),
  ])
  func percentEncodesPaths(path: String, link: String) {
    #expect(TranscriptExportOptions.link(forPath: path) == link)
  }
}
