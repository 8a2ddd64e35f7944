import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

/// `MediaProbe` against `ffprobe -of json -show_format -show_streams -show_chapters` on the
/// same generated files.
@Suite struct MediaProbeTests {
  static let containers = ["mp4", "mov", "mkv", "webm", "ts"]

  /// ffprobe's view of a file.
  struct Reference {
    var format: [String: Any]
    var streams: [[String: Any]]
    var chapters: [[String: Any]]

    init(_ path: String) throws {
      let data = try MediaFixtures.run(
        "ffprobe",
        ["-v", "error", "-of", "json", "-show_format", "-show_streams", "-show_chapters", path])
      let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      format = try #require(root["format"] as? [String: Any])
      streams = try #require(root["streams"] as? [[String: Any]])
      chapters = root["chapters"] as? [[String: Any]] ?? []
    }
  }

  /// ffprobe's seconds (`"3.000000"`, or `"N/A"`) in microseconds.
  static func microseconds(_ value: Any?) -> Int64? {
    guard let text = value as? String, let seconds = Decimal(string: text) else { return nil }
    return NSDecimalNumber(decimal: seconds * 1_000_000).int64Value
  }

  static func ticks(_ value: Any?) -> Int64? {
    if let number = value as? NSNumber { return number.int64Value }
    return (value as? String).flatMap { Int64($0) }
  }

  @Test(arguments: containers)
  func formatMatchesFFprobe(_ container: String) throws {
    let path = try MediaFixtures.sample(container)
    let info = try MediaProbe.probe(path)
    let reference = try Reference(path)
    #expect(info.path == path)
    #expect(info.format == reference.format["format_name"] as? String)
    #expect(
      info.duration?.converted(to: 1_000_000).value
        == Self.microseconds(reference.format["duration"]))
    #expect(
      info.startTime?.converted(to: 1_000_000).value
        == Self.microseconds(reference.format["start_time"]))
    #expect(info.bitRate.map { String($0) } == reference.format["bit_rate"] as? String)
    let tags = reference.format["tags"] as? [String: String]
    #expect(info.title == tags?["title"])
    #expect(info.streams.count == reference.format["nb_streams"] as? Int)
  }

  @Test(arguments: containers)
  func streamsMatchFFprobe(_ container: String) throws {
    let path = try MediaFixtures.sample(container)
    let info = try MediaProbe.probe(path)
    let reference = try Reference(path)
    try #require(info.streams.count == reference.streams.count)
    for (stream, expected) in zip(info.streams, reference.streams) {
      #expect(stream.index == expected["index"] as? Int)
      #expect(stream.kind.rawValue == expected["codec_type"] as? String)
      #expect(stream.codec == expected["codec_name"] as? String)
      #expect(stream.timeBase.description == expected["time_base"] as? String)
      let flags = try #require(expected["disposition"] as? [String: Int])
      #expect(Set(stream.disposition.map(\.rawValue)) == Set(flags.filter { $0.value == 1 }.keys))
      let tags = expected["tags"] as? [String: String] ?? [:]
      #expect(stream.languageCode == tags["language"])
      if stream.kind == .video {
        #expect(stream.frameRate?.description == expected["avg_frame_rate"] as? String)
        #expect(stream.width == expected["width"] as? Int)
        #expect(stream.height == expected["height"] as? Int)
      } else {
        #expect(stream.frameRate == nil)
      }
      if stream.kind == .audio {
        #expect(stream.sampleRate.map { String($0) } == expected["sample_rate"] as? String)
        #expect(stream.channels == expected["channels"] as? Int)
      } else {
        #expect(stream.sampleRate == nil && stream.channels == nil)
      }
      #expect(
        stream.startTime.map { $0.converted(to: Int32(stream.timeBase.denominator)).value }
          == Self.ticks(expected["start_pts"]))
      // Matroska gives no stream duration, but a DURATION tag: where the track ends.
      var duration = Self.ticks(expected["duration_ts"])
      if duration == nil, let tag = tags["DURATION"] {
        let fields = tag.split(separator: ":").compactMap { Double($0) }
        try #require(fields.count == 3)
        let end = (fields[0] * 3600 + fields[1] * 60 + fields[2])
        let ticks = Int64((end * Double(stream.timeBase.denominator)).rounded())
        duration = ticks - (Self.ticks(expected["start_pts"]) ?? 0)
      }
      if ["mkv", "webm"].contains(container) { #expect(duration != nil) }
      #expect(
        stream.duration.map { $0.converted(to: Int32(stream.timeBase.denominator)).value }
          == duration)
    }
  }

  @Test(arguments: ["mp4", "mov", "mkv", "webm"])
  func chaptersMatchFFprobe(_ container: String) throws {
    let path = try MediaFixtures.sample(container)
    let info = try MediaProbe.probe(path)
    let reference = try Reference(path)
    #expect(info.chapters.count == 2)
    try #require(info.chapters.count == reference.chapters.count)
    for (chapter, expected) in zip(info.chapters, reference.chapters) {
      let timeBase = try #require(expected["time_base"] as? String)
      let scale = try #require(Int32(timeBase.split(separator: "/").last ?? ""))
      #expect(chapter.start.converted(to: scale).value == Self.ticks(expected["start"]))
      #expect(chapter.end.converted(to: scale).value == Self.ticks(expected["end"]))
      #expect(chapter.title == (expected["tags"] as? [String: String])?["title"])
    }
    #expect(info.chapters.map(\.title) == ["Opening", "Ending"])
    #expect(
      info.chapters.map(\.end) == [MediaTime(milliseconds: 1500), MediaTime(milliseconds: 3000)])
  }

  @Test func mp4LanguagesTitlesAndDispositions() throws {
    let info = try MediaProbe.probe(try MediaFixtures.sample("mp4"))
    let audio = try #require(info.streams(.audio).first)
    #expect(audio.language == LanguageTag("fr"))
    #expect(audio.languageCode == "fra" || audio.languageCode == "fre")
    #expect(audio.title == "Commentaire")
    let subtitles = info.streams(.subtitle)
    #expect(subtitles.map(\.language) == [LanguageTag("en"), LanguageTag("de")])
    #expect(subtitles.map(\.title) == [nil, "Deutsch"])
    #expect(subtitles[0].has(.hearingImpaired) && subtitles[0].has(.default))
    #expect(subtitles[1].disposition == [.forced])
    #expect(subtitles.allSatisfy { $0.isTextBased })
    #expect(info.streams(.video).first?.language == nil)
    #expect(info.frameRate == Rational(10, 1))
  }

  @Test func matroskaKeepsBibliographicCodesAndTitles() throws {
    let info = try MediaProbe.probe(try MediaFixtures.sample("mkv"))
    let audio = try #require(info.streams(.audio).first)
    #expect(audio.languageCode == "ger")
    #expect(audio.language == LanguageTag("de"))
    #expect(audio.title == "Kommentar")
    let subtitles = info.streams(.subtitle)
    #expect(subtitles.map(\.codec) == ["subrip", "ass"])
    #expect(subtitles.map(\.language) == [LanguageTag("en"), LanguageTag("zh")])
    #expect(subtitles[0].title == "English SDH")
    #expect(subtitles[0].disposition == [.default, .hearingImpaired])
    #expect(subtitles[1].disposition == [.forced])
  }

  @Test func webmDescriptionsTrack() throws {
    let info = try MediaProbe.probe(try MediaFixtures.sample("webm"))
    let subtitle = try #require(info.streams(.subtitle).first)
    #expect(subtitle.codec == "webvtt")
    #expect(subtitle.language == LanguageTag("pt"))
    #expect(subtitle.title == "Descrição")
    #expect(subtitle.has(.descriptions))
    #expect(info.streams(.audio).first?.codec == "opus")
    #expect(info.streams(.audio).first?.language == LanguageTag("es"))
  }

  @Test func transportStreamHasNoChapters() throws {
    let info = try MediaProbe.probe(try MediaFixtures.sample("ts"))
    #expect(info.format == "mpegts")
    #expect(info.chapters.isEmpty)
    #expect(info.streams.map(\.kind) == [.video, .audio])
    #expect(info.streams(.audio).first?.language == LanguageTag("ko"))
    // MPEG-TS starts at 1.4 s by default, in the 90 kHz clock.
    #expect(info.startTime != nil && info.startTime != .zero)
    #expect(info.streams[0].timeBase == Rational(1, 90000))
  }
}

struct TaggedDurationTests {
  @Test func readsMatroskasDurationTag() {
    #expect(MediaProbe.taggedDuration("00:00:12.023000000") == MediaTime(milliseconds: 12023))
    #expect(MediaProbe.taggedDuration("01:02:07.5") == MediaTime(milliseconds: 3_727_500))
    #expect(MediaProbe.taggedDuration("00:00:03") == MediaTime(milliseconds: 3000))
    #expect(
      MediaProbe.taggedDuration("00:00:00.000000001")
        == MediaTime(value: 1, timescale: 1_000_000_000))
    for bad in ["", "12.5", "00:61:00.0", "00:00:3.0", "00:00:03.", "00:00:03.1234567890", "a:b:c"]
    {
      #expect(MediaProbe.taggedDuration(bad) == nil, "\(bad)")
    }
  }
}
