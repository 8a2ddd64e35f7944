import Foundation
import Testing

@testable import CaptionCLI

struct ProbeCommandTests {
  @Test func printsStreamsAndChaptersAsText() throws {
    let path = try MediaSample.matroska()
    let run = ToolRun(["probe", path])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("\(path): matroska,webm, duration 00:00:03.") == true)
    let expected: [String] = [
      "  stream 0: video, mpeg4, 160x90, 10 fps, language undetermined, duration 00:00:03.000,"
        + " time base 1/1000",
      "  stream 1: audio, aac, 48000 Hz, 1 channel, de, \"Kommentar\", duration 00:00:03.021,"
        + " time base 1/1000",
      "  stream 2: subtitle, subrip (text), en, \"English SDH\", duration 00:00:03.021,"
        + " time base 1/1000 [default, hearing_impaired]",
      "  chapter 1: 00:00:00.000 --> 00:00:01.500 \"Opening\"",
      "  chapter 2: 00:00:01.500 --> 00:00:03.000 \"Ending\"",
      "  damage: none found",
      "",
    ]
    #expect(lines.dropFirst().map(String.init) == expected)
  }

  @Test func writesTheProbeJSONOfTheContract() throws {
    let path = try MediaSample.matroska()
    let run = ToolRun(["probe", path, "--format", "json"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(root["path"] as? String == path)
    #expect(root["format"] as? String == "matroska,webm")
    #expect(root["startTime"] as? Double == 0)
    #expect((root["bitRate"] as? Int ?? 0) > 0)
    let streams = try #require(root["streams"] as? [[String: Any]])
    #expect(streams.count == 3)
    let subtitle = streams[2]
    #expect(subtitle["index"] as? Int == 2)
    #expect(subtitle["type"] as? String == "subtitle")
    #expect(subtitle["codec"] as? String == "subrip")
    #expect(subtitle["language"] as? String == "en")
    #expect(subtitle["title"] as? String == "English SDH")
    #expect(subtitle["disposition"] as? [String] == ["default", "hearing_impaired"])
    #expect(subtitle["timeBase"] as? String == "1/1000")
    #expect(subtitle["frameRate"] is NSNull)
    #expect(subtitle["sampleRate"] is NSNull)
    #expect(subtitle["textBased"] as? Bool == true)
    #expect(streams[0]["frameRate"] as? String == "10/1")
    #expect(streams[1]["sampleRate"] as? Int == 48000)
    #expect(streams[1]["channels"] as? Int == 1)
    #expect(streams[1]["language"] as? String == "de")
    let chapters = try #require(root["chapters"] as? [[String: Any]])
    #expect(chapters.map { $0["title"] as? String } == ["Opening", "Ending"])
    #expect(chapters.map { $0["end"] as? Double } == [1.5, 3])
    // The keys in the contract's order.
    let keys = [
      "\"path\"", "\"format\"", "\"duration\"", "\"startTime\"", "\"bitRate\"",
      "\"streams\"", "\"index\"", "\"type\"", "\"codec\"", "\"language\"", "\"title\"",
      "\"disposition\"", "\"timeBase\"", "\"frameRate\"", "\"sampleRate\"", "\"channels\"",
      "\"startTime\"", "\"duration\"", "\"textBased\"", "\"chapters\"", "\"start\"", "\"end\"",
    ]
    var rest = Substring(run.stdout)
    for key in keys {
      let found = try #require(rest.range(of: key), "\(key) out of order")
      rest = rest[found.upperBound...]
    }
  }

  @Test func aMissingFileExits66() throws {
    let folder = try TemporaryFolder()
    let run = ToolRun(["probe", folder.path + "/movie.mp4"])
    #expect(run.status == 66)
    #expect(run.stdout == "")
    #expect(
      run.stderr == "error: cannot open '\(folder.path)/movie.mp4': no such file or directory\n")
  }

  @Test func aFileThatIsNotMediaExits65WithOneLine() throws {
    let folder = try TemporaryFolder()
    let path = try folder.file("movie.mp4", "Shopping list: milk, eggs, bread.\n")
    let run = ToolRun(["probe", path])
    #expect(run.status == 65)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "error: cannot open '\(path)': invalid data found when processing input (moov atom not found)\n"
    )
  }

  @Test func aTruncatedFileExits65WithOneLine() throws {
    let folder = try TemporaryFolder()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: try MediaSample.matroska()))
    let path = try folder.file("cut.mkv", bytes: Array(bytes.prefix(200)))
    let run = ToolRun(["probe", path])
    #expect(run.status == 65)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "error: cannot open '\(path)': the file ends early or is damaged (input/output error)\n")
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let run = ToolRun(["probe", "movie.mp4", "--format", "jsn"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: unknown format 'jsn' for '--format'\n"))
    #expect(run.stderr.contains("'json'"))
  }

  @Test func standardInputIsAUsageError() throws {
    let run = ToolRun(["probe", "-"])
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("error: probe reads a media file by name, not standard input\n"))
  }
}
