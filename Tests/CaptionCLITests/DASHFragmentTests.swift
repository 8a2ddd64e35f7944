import CaptionFormats
import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionCLI
@testable import CaptionKit

/// DASH text adaptation sets carried in MP4 fragments (`wvtt` and `stpp`), written by the
/// tests' own box writer beside FFmpeg's DASH package of the video and audio.
@Suite(.serialized)
struct DASHFragmentTests {
  typealias Writer = MP4TextFragmentWriter

  /// English captions as `wvtt`, 4-second segments numbered from 1 (`$Number%03d$`): a cue
  /// across the segments' boundary is repeated in both, and two overlapping cues are split
  /// into samples as ISO/IEC 14496-30 has it.
  static func writeWebVTT(in folder: TemporaryFolder) throws {
    try FileManager.default.createDirectory(
      atPath: folder.path + "/text", withIntermediateDirectories: true)
    func sample(_ from: Int64, _ to: Int64, _ cues: [(String, String, String)]) -> Writer.Sample {
      Writer.Sample(
        time: from, duration: to - from,
        bytes: Writer.webVTTSample(cues.map { (id: $0.0, settings: $0.1, payload: $0.2) }))
    }
    let across = ("b", "line:90%", "Across the boundary.")
    let first = Writer.segment(
      sequence: 1,
      samples: [
        sample(0, 1000, []), sample(1000, 2500, [("a", "", "Hello <i>there</i>.")]),
        sample(2500, 3500, []), sample(3500, 4000, [across]),
      ])
    let second = Writer.segment(
      sequence: 2,
      samples: [
        sample(4000, 5000, [across]),
        sample(5000, 6000, [("", "", "[door slams]"), ("", "line:0", "- Who's there?")]),
        sample(6000, 7000, [("", "line:0", "- Who's there?")]), sample(7000, 8000, []),
      ])
    try Data(Writer.initialization(codec: .wvtt, timescale: 1000))
      .write(to: URL(fileURLWithPath: folder.path + "/text/en-init.mp4"))
    try Data(first).write(to: URL(fileURLWithPath: folder.path + "/text/en-001.m4s"))
    try Data(second).write(to: URL(fileURLWithPath: folder.path + "/text/en-002.m4s"))
  }

  static let webVTTSet = """
    \t\t<AdaptationSet id="2" contentType="text" mimeType="application/mp4" codecs="wvtt" lang="en">
    \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/>
    \t\t\t<Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="2"/>
    \t\t\t<SegmentTemplate timescale="1000" duration="4000" startNumber="1" initialization="text/$RepresentationID$-init.mp4" media="text/$RepresentationID$-$Number%03d$.m4s"/>
    \t\t\t<Representation id="en" bandwidth="256"/>
    \t\t</AdaptationSet>

    """

  /// A TTML document for a `stpp` sample.
  static func ttml(_ paragraphs: [(String, String, String)]) -> [UInt8] {
    let body = paragraphs.map { "<p begin=\"\($0.0)\" end=\"\($0.1)\">\($0.2)</p>" }
      .joined(separator: "\n")
    return Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="es"><body><div>
      \(body)
      </div></body></tt>

      """.utf8)
  }

  /// Spanish subtitles as `stpp`, a segment a sample, named by a `SegmentTimeline`
  /// (`$Time$`), with a `presentationTimeOffset` of 10 s: media time 10 s is the period's
  /// start. The second sample's times are counted from the sample's start (a common mistake).
  static func writeTTML(in folder: TemporaryFolder, relative: Bool) throws {
    try FileManager.default.createDirectory(
      atPath: folder.path + "/text", withIntermediateDirectories: true)
    let scale: Int64 = 90_000
    try Data(Writer.initialization(codec: .stpp, timescale: 90_000))
      .write(to: URL(fileURLWithPath: folder.path + "/text/es-init.mp4"))
    let documents = [
      ttml([("00:00:11.000", "00:00:12.500", "Hola."), ("00:00:13.500", "00:00:15.000", "Sigue.")]),
      relative
        ? ttml([("00:00:00.000", "00:00:01.000", "Sigue.")])
        : ttml([
          ("00:00:13.500", "00:00:15.000", "Sigue."), ("00:00:16.000", "00:00:17.000", "Fin."),
        ]),
    ]
    for (index, document) in documents.enumerated() {
      let time = (10 + Int64(index) * 4) * scale
      let bytes = Writer.segment(
        sequence: UInt32(index + 1),
        samples: [Writer.Sample(time: time, duration: 4 * scale, bytes: document)])
      try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/text/es-\(time).m4s"))
    }
  }

  static let ttmlSet = """
    \t\t<AdaptationSet id="3" contentType="text" mimeType="application/mp4" codecs="stpp" lang="es">
    \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
    \t\t\t<SegmentTemplate timescale="90000" presentationTimeOffset="900000" initialization="text/$RepresentationID$-init.mp4" media="text/$RepresentationID$-$Time$.m4s">
    \t\t\t\t<SegmentTimeline><S t="900000" d="360000" r="1"/></SegmentTimeline>
    \t\t\t</SegmentTemplate>
    \t\t\t<Representation id="es" bandwidth="256"/>
    \t\t</AdaptationSet>

    """

  /// The initialization and the two segments `writeWebVTT` wrote, one after the other: one
  /// fragmented MP4 file.
  static func joinedWebVTT(in folder: TemporaryFolder) throws -> Data {
    var joined = Data()
    for name in ["en-init.mp4", "en-001.m4s", "en-002.m4s"] {
      joined += try Data(contentsOf: URL(fileURLWithPath: folder.path + "/text/" + name))
    }
    return joined
  }

  /// The `dash.fragments` findings of a JSON report.
  static func fragmentFindings(_ run: ToolRun) throws -> [[String: Any]] {
    (try DASHPackageTests.json(run)["diagnostics"] as? [[String: Any]] ?? []).filter {
      $0["rule"] as? String == "dash.fragments"
    }
  }

  static func cues(of manifest: String) throws -> [[String]] {
    var notes: [String] = []
    let input = try DASHPackage.read(
      manifest, reader: CaptionFileReader(), audio: .off, notes: &notes)
    return input.results.map { result in
      result.track.cues.map {
        "\($0.start.milliseconds) \($0.end.milliseconds) \($0.rawText)"
          + ($0.settings.line.map { " [line \($0)]" } ?? "")
      }
    }
  }

  @Test func webVTTAndTTMLInFragmentsAreTracksCueForCue() throws {
    let folder = try TemporaryFolder()
    try Self.writeWebVTT(in: folder)
    try Self.writeTTML(in: folder, relative: false)
    let manifest = try DASHPackageTests.package(
      in: folder, textSets: Self.webVTTSet + Self.ttmlSet)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    // Only FFmpeg's "und" audio: the text sets and their fragments are as they should be.
    #expect(try DASHPackageTests.findings(run).map { $0.prefix(19) } == ["25 dash.language wa"])
    let json = try DASHPackageTests.json(run)
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["language"] as? String } == ["en", "es"])
    #expect(tracks.map { $0["kind"] as? String } == ["sdh", "subtitles"])
    #expect(tracks.map { $0["format"] as? String } == ["webvtt", "ttml"])

    let cues = try Self.cues(of: manifest)
    #expect(
      cues == [
        [
          "1000 2500 Hello <i>there</i>.",
          "3500 5000 Across the boundary. [line 90.0]",
          "5000 6000 [door slams]",
          "5000 7000 - Who's there? [line 0.0]",
        ],
        ["1000 2500 Hola.", "3500 5000 Sigue.", "6000 7000 Fin."],
      ])
  }

  @Test func fFmpegReadsTheTestFragmentsAtTheSameTimes() throws {
    // An independent reading of what the box writer wrote: FFmpeg's MP4 reader gives the
    // same samples (its WebVTT track's packets) at the same times.
    let folder = try TemporaryFolder()
    try Self.writeWebVTT(in: folder)
    let joined = try Self.joinedWebVTT(in: folder)
    let file = folder.path + "/joined.mp4"
    try joined.write(to: URL(fileURLWithPath: file))
    let packets = try MuxMediaMaker.run(
      "ffprobe",
      [
        "-v", "error", "-show_entries", "packet=pts_time,size", "-of", "csv=p=0",
        file,
      ])
    let rows = packets.split(separator: "\n").map(String.init)
    #expect(rows.count == 8, "\(packets)")
    #expect(
      rows.map { $0.split(separator: ",").first ?? "" } == [
        "0.000000", "1.000000", "2.500000", "3.500000", "4.000000", "5.000000", "6.000000",
        "7.000000",
      ])
  }

  @Test func ttmlTimedFromTheSampleStartIsFound() throws {
    let folder = try TemporaryFolder()
    try Self.writeTTML(in: folder, relative: true)
    let manifest = try DASHPackageTests.package(in: folder, textSets: Self.ttmlSet)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1)
    let found = try Self.fragmentFindings(run)
    #expect(
      found.map { "\($0["file"] as? String ?? "") \($0["message"] as? String ?? "")" } == [
        "\(folder.path)/text/es-1260000.m4s sample at 00:00:04.000 (to 00:00:08.000): 1 of "
          + "its TTML cues lie outside the sample's time, so no player shows them; their times "
          + "look counted from the sample's start, but TTML times in MP4 are on the track's "
          + "timeline (ISO/IEC 14496-30, 5.3)"
      ])
    #expect(try Self.cues(of: manifest) == [["1000 2500 Hola.", "3500 4000 Sigue."]])
  }

  @Test func aTruncatedOrMissingSegmentIsFoundAndTheRestIsRead() throws {
    let folder = try TemporaryFolder()
    try Self.writeWebVTT(in: folder)
    let second = folder.path + "/text/en-002.m4s"
    let whole = try Data(contentsOf: URL(fileURLWithPath: second))
    try whole.prefix(whole.count - 10).write(to: URL(fileURLWithPath: second))
    var manifest = try DASHPackageTests.package(in: folder, textSets: Self.webVTTSet)
    var run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1)
    let found = try Self.fragmentFindings(run)
    #expect(
      found.map { $0["message"] as? String ?? "" } == [
        "its samples cannot be read: box 'mdat' at byte 144 runs past the end of what holds it"
      ])
    #expect(
      try Self.cues(of: manifest)
        == [["1000 2500 Hello <i>there</i>.", "3500 4000 Across the boundary. [line 90.0]"]])

    try FileManager.default.removeItem(atPath: second)
    manifest = try DASHPackageTests.package(in: folder, textSets: Self.webVTTSet, name: "m.mpd")
    run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1)
    let findings = try DASHPackageTests.findings(run)
    #expect(
      findings.contains(
        "41 dash.uri error text adaptation set 2 names 1 segment that does not exist "
          + "(text/en-002.m4s)"), "\(findings)")
  }

  @Test(arguments: [
    (
      [UInt8](),
      "its text track cannot be read: it has no 'moov' box: it is not an MP4 "
        + "initialization segment"
    ),
    (
      Array("WEBVTT\n\n".utf8),
      "its text track cannot be read: box 'TT??' at byte 0 runs past the end of what holds it"
    ),
    (
      Writer.box("moov", Writer.box("trak", Writer.box("tkhd", [0, 0]))),
      "its text track cannot be read: it has no 'wvtt' or 'stpp' text track"
    ),
    (
      Array(Writer.initialization(codec: .wvtt, timescale: 1000).prefix(100)),
      "its text track cannot be read: box 'moov' at byte 28 runs past the end of what holds it"
    ),
    (
      Writer.box("moov", [0xFF, 0xFF, 0xFF, 0xFF, 0x74, 0x72, 0x61, 0x6B]),
      "its text track cannot be read: box 'trak' at byte 8 runs past the end of what holds it"
    ),
  ])
  func aDamagedInitializationSegmentIsFound(bytes: [UInt8], message: String) throws {
    let folder = try TemporaryFolder()
    try Self.writeWebVTT(in: folder)
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/text/en-init.mp4"))
    let manifest = try DASHPackageTests.package(in: folder, textSets: Self.webVTTSet)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1, "\(run.stderr)")
    let found = try Self.fragmentFindings(run)
    #expect(found.count == 1)
    #expect(found.first?["message"] as? String == message, "\(found)")
  }

  @Test func damagedBytesAreFailuresNeverCrashes() throws {
    // Every truncation of a segment, and seeded random damage to the initialization and the
    // segment: each read ends in samples or a failure with a message.
    let head = Writer.initialization(codec: .wvtt, timescale: 1000)
    let body = Writer.segment(
      sequence: 1,
      samples: [
        Writer.Sample(time: 0, duration: 500, bytes: Writer.webVTTSample([])),
        Writer.Sample(
          time: 500, duration: 1500,
          bytes: Writer.webVTTSample([(id: "1", settings: "align:start", payload: "Hi")])),
      ])
    let track = try MP4TextReader.textTrack(in: head)
    let whole = try MP4TextReader.samples(in: body, track: track).samples
    let payloads = try whole.map { try MP4TextReader.webVTTCues(in: $0.bytes).map(\.payload) }
    #expect(payloads == [[], ["Hi"]])
    var failures = 0
    for length in 0..<body.count {
      do { _ = try MP4TextReader.samples(in: Array(body.prefix(length)), track: track) } catch {
        failures += 1
        #expect(!error.message.isEmpty)
      }
    }
    #expect(failures > body.count / 2)
    var generator = SeededGenerator(seed: 24)
    for _ in 0..<2000 {
      var damagedHead = head
      var damagedBody = body
      for _ in 0..<3 {
        damagedHead[Int.random(in: 0..<head.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
        damagedBody[Int.random(in: 0..<body.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      let read = try? MP4TextReader.textTrack(in: damagedHead)
      if let samples = try? MP4TextReader.samples(in: damagedBody, track: read ?? track).samples {
        for sample in samples { _ = try? MP4TextReader.webVTTCues(in: sample.bytes) }
      }
    }
  }

  @Test func aFileWithoutFragmentsIsNotAnEmptyTrackGivenCalmly() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/text", withIntermediateDirectories: true)
    // The initialization segment alone as the BaseURL: a text track, but no fragments.
    try Data(Writer.initialization(codec: .wvtt, timescale: 1000))
      .write(to: URL(fileURLWithPath: folder.path + "/text/whole.mp4"))
    let manifest = try DASHPackageTests.package(
      in: folder,
      textSets: """
        \t\t<AdaptationSet id="2" contentType="text" mimeType="application/mp4" codecs="wvtt" lang="en">
        \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
        \t\t\t<Representation id="en" bandwidth="256"><BaseURL>text/whole.mp4</BaseURL></Representation>
        \t\t</AdaptationSet>

        """)
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 1)
    let found = try Self.fragmentFindings(run)
    #expect(
      found.map { $0["message"] as? String ?? "" } == [
        "no sample of its text track is found in its segments' fragments (moof); a file that "
          + "is not fragmented is not read"
      ])
  }

  @Test func oneFragmentedFileAsTheBaseURLIsTheWholeTrack() throws {
    let folder = try TemporaryFolder()
    try Self.writeWebVTT(in: folder)
    let joined = try Self.joinedWebVTT(in: folder)
    try joined.write(to: URL(fileURLWithPath: folder.path + "/text/en.mp4"))
    let manifest = try DASHPackageTests.package(
      in: folder,
      textSets: """
        \t\t<AdaptationSet id="2" contentType="text" mimeType="application/mp4" codecs="wvtt" lang="en">
        \t\t\t<Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>
        \t\t\t<Representation id="en" bandwidth="256"><BaseURL>text/en.mp4</BaseURL></Representation>
        \t\t</AdaptationSet>

        """)
    #expect(
      try Self.cues(of: manifest) == [
        [
          "1000 2500 Hello <i>there</i>.",
          "3500 5000 Across the boundary. [line 90.0]",
          "5000 6000 [door slams]",
          "5000 7000 - Who's there? [line 0.0]",
        ]
      ])
  }

  @Test func aTemplateUnderAFolderBaseURLIsReadThere() throws {
    // The set's BaseURL names the folder; the template's names are relative to it, for the
    // initialization as for the segments.
    let folder = try TemporaryFolder()
    try Self.writeWebVTT(in: folder)
    let manifest = try DASHPackageTests.package(
      in: folder,
      textSets: Self.webVTTSet.replacing(
        "\t\t\t<SegmentTemplate", with: "\t\t\t<BaseURL>text/</BaseURL>\n\t\t\t<SegmentTemplate"
      ).replacing("\"text/$RepresentationID$", with: "\"$RepresentationID$"))
    let run = ToolRun(["validate", manifest, "--no-audio", "--format", "json"])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(try DASHPackageTests.findings(run).map { $0.prefix(19) } == ["25 dash.language wa"])
    #expect(try Self.cues(of: manifest).first?.count == 4)
  }
}
