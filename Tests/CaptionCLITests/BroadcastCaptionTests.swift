import CaptionKit
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionCLI

/// Media whose captions are CEA-608 data in the video (A/53), as broadcast masters carry
/// them: `validate`, `probe`, `extract` and `transcript` read them as tracks.
@Suite(.serialized)
struct BroadcastCaptionTests {
  @Test func cea708TextWithoutAWindowIsNotCalledCaptions() throws {
    // No 608 captions; a DTVCC packet with blocks of services 1 and 2 over pictures 5 and 6
    // (both read when the packet ends, at picture 6: 0.200 s, after the audio's 21 ms of
    // priming), whose text comes before any window is defined, as in a recording that
    // begins in the middle of a caption.
    let media = try BroadcastMedia.file(
      "only708.ts", cc1: [],
      dtvcc: [
        5: [
          A53Writer.Triplet(type: 3, first: 0x03, second: 1 << 5 | 2),
          A53Writer.Triplet(type: 2, first: 0x41, second: 0x42),
        ],
        6: [A53Writer.Triplet(type: 2, first: 2 << 5 | 1, second: 0x43)],
      ])
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "only708.ts: remark: stream 0 SERVICE1 at 00:00:00.221: text comes before the service "
          + "defines a window (the data may begin in the middle of a caption); it is left out "
          + "[container.closed-captions]"), "\(run.stdout)")
    #expect(run.stdout.contains("SERVICE2 at 00:00:00.221: text comes before"), "\(run.stdout)")
    #expect(
      run.stdout.contains("  stream 0 SERVICE1: captions, CEA-708, A/53 in h264, 0 cues"),
      "\(run.stdout)")
    #expect(run.stdout.contains("1.2.2  A    fail"), "\(run.stdout)")
  }

  /// The DTVCC triplets of `script` (picture, service 1 command bytes), each picture's
  /// packets spread over it and the pictures after it, 20 triplets a picture.
  static func dtvcc(_ script: [(Int, [UInt8])]) -> [Int: [A53Writer.Triplet]] {
    var sequence = 0
    var pictures: [Int: [A53Writer.Triplet]] = [:]
    for (picture, data) in script {
      let triplets = DTVCCWriter.packets(service: 1, data: data, sequence: &sequence)
        .flatMap(DTVCCWriter.triplets)
      for (offset, start) in stride(from: 0, to: triplets.count, by: 20).enumerated() {
        pictures[picture + offset, default: []] += triplets[start..<min(start + 20, triplets.count)]
      }
    }
    return pictures
  }

  /// Two pop-on captions in CEA-708 service 1 only, one window swapped for the other.
  static func popOn708() -> [Int: [A53Writer.Triplet]] {
    var writer = DTVCCWriter()
    writer.defineWindow(0, rows: 2, columns: 32)
    writer.text("Hello from the\ndigital service.")
    let load = writer.take()
    writer.display([0])
    let show = writer.take()
    writer.defineWindow(1, rows: 1, columns: 32)
    writer.penAttributes(italic: true)
    writer.text("Caf\u{00E9} \u{266A}")
    let next = writer.take()
    writer.toggle([0, 1])
    let swap = writer.take()
    writer.clear([1])
    writer.hide([1])
    let erase = writer.take()
    return dtvcc([(10, load), (30, show), (60, next), (120, swap), (180, erase)])
  }

  @Test func cea708CaptionsAreTracksForValidateExtractAndProbe() throws {
    let media = try BroadcastMedia.file(
      "digital708.ts", cc1: [], services: [], dtvcc: Self.popOn708())
    let run = ToolRun(["validate", media, "--format", "json"])
    #expect(run.status == 0, "\(run.stdout)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.count == 1)
    #expect(tracks.first?["channel"] as? String == "SERVICE1")
    #expect(tracks.first?["format"] as? String == "cea_708")
    #expect(tracks.first?["kind"] as? String == "captions")
    #expect(tracks.first?["cueCount"] as? Int == 2)
    let verdicts = try #require(json["wcag"] as? [[String: Any]])
    #expect(
      verdicts.first { $0["criterion"] as? String == "1.2.2" }?["status"] as? String == "pass")

    let folder = try TemporaryFolder()
    let extract = ToolRun(["extract", media, "-o", folder.path])
    #expect(extract.status == 0, "\(extract.stderr)")
    #expect(
      extract.stdout
        == "\(folder.path)/digital708.und.captions.vtt: 2 cues from stream 0 SERVICE1 (cea_708)\n")
    let vtt = try folder.contents("digital708.und.captions.vtt")
    // Pictures 30, 120 and 180 at 30000/1001 a second, after the audio's 21 ms of priming;
    // the window's anchor (bottom centre of the grid) as line and position.
    #expect(
      vtt.contains(
        "00:00:01.022 --> 00:00:04.025 line:88.93%,end position:50%,center align:start\n"
          + "Hello from the\ndigital service.\n"), "\(vtt)")
    #expect(vtt.contains("00:00:04.025 --> 00:00:06.027"), "\(vtt)")
    #expect(vtt.contains("<i>Caf\u{00E9} \u{266A}</i>\n"), "\(vtt)")

    let probe = ToolRun(["probe", media])
    #expect(
      probe.stdout.contains(
        "  stream 0 SERVICE1: captions, CEA-708, A/53 in h264, 2 cues, language undetermined\n"),
      "\(probe.stdout)")
    let transcript = ToolRun(["transcript", media, "-o", "-", "--to", "txt"])
    #expect(transcript.status == 0, "\(transcript.stderr)")
    #expect(transcript.stdout.contains("Hello from the digital service."), "\(transcript.stdout)")
  }

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

  @Test func captionDataThatStartsAfterTheFirstPicturesIsFoundInAnMP4() throws {
    // The first caption is loaded from about picture 16 on; no picture before carries
    // caption data, so FFmpeg does not see captions when it opens the file.
    let media = try BroadcastMedia.file("late.mp4", onlyWithCaptions: true)
    let opened = try MediaFile(opening: media)
    #expect(opened.info.streams.map(\.hasClosedCaptions) == [false, false])
    let run = ToolRun(["validate", media, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["channel"] as? String } == ["CC1"])
    #expect(tracks.first?["cueCount"] as? Int == 2)
    let verdicts = try #require(json["wcag"] as? [[String: Any]])
    let captions = verdicts.first { $0["criterion"] as? String == "1.2.2" }
    #expect(captions?["status"] as? String == "pass")
  }

  @Test func theMapTablesLanguagesNameTheChannelsAndAWrongCC1IsFound() throws {
    // A broadcast multiplexer's caption service descriptor: CC1 (field 1) Spanish, CC3
    // (field 2) English, over English audio whose captions are English in CC1.
    let media = try BroadcastMedia.file(
      "pmt-languages.ts", cc3: BroadcastMedia.spanish, audioLanguage: "eng",
      services: [("spa", 1), ("eng", 2)])
    let run = ToolRun(["validate", media, "--no-audio", "--format", "json"])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let tracks = try #require(json["tracks"] as? [[String: Any]])
    #expect(tracks.map { $0["channel"] as? String } == ["CC1", "CC3"])
    #expect(tracks.map { $0["language"] as? String } == ["es", "en"])
    let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
    let language = diagnostics.filter { $0["rule"] as? String == "cea608.language" }
    #expect(
      language.map { $0["message"] as? String } == [
        "CC1 is declared es (by the caption service descriptor) but the main audio stream 1 "
          + "is en"
      ], "\(run.stdout)")
    // A warning: the run still passes.
    #expect(run.status == 0)

    // The same file with the descriptor the right way round: no finding.
    let right = try BroadcastMedia.file(
      "pmt-languages-right.ts", cc3: BroadcastMedia.spanish, audioLanguage: "eng",
      services: [("eng", 1), ("spa", 2)])
    let clean = ToolRun(["validate", right, "--no-audio", "--format", "json"])
    let cleanJSON = try #require(
      try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
    let cleanTracks = try #require(cleanJSON["tracks"] as? [[String: Any]])
    #expect(cleanTracks.map { $0["language"] as? String } == ["en", "es"])
    #expect(!clean.stdout.contains("cea608.language"), "\(clean.stdout)")
  }

  @Test func theTextReportNamesTheStreamAndChannel() throws {
    let media = try BroadcastMedia.file("news.ts")
    let run = ToolRun(["validate", media, "--no-audio"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("  track 1  stream 0 (h264), CC1, captions\n"), "\(run.stdout)")
  }
}

extension BroadcastCaptionTests {
  /// `byte` with its odd-parity bit.
  static func parity(_ byte: UInt8) -> UInt8 {
    byte.nonzeroBitCount % 2 == 0 ? byte | 0x80 : byte
  }

  static func pair(_ first: UInt8, _ second: UInt8) -> UInt16 {
    UInt16(parity(first)) << 8 | UInt16(parity(second))
  }

  /// An XDS current-class programme name packet (class 1, type 3) for `name`, as pairs.
  static func programName(_ name: String) -> [UInt16] {
    var bytes: [UInt8] = [0x01, 0x03] + Array(name.utf8)
    if bytes.count % 2 == 1 { bytes.append(0) }
    var sum = bytes.reduce(0) { $0 + Int($1) } + 0x0F
    sum = (128 - sum % 128) % 128
    bytes += [0x0F, UInt8(sum)]
    return stride(from: 0, to: bytes.count, by: 2).map { pair(bytes[$0], bytes[$0 + 1]) }
  }

  @Test func probeListsTheChannelsAndTheProgrammeName() throws {
    let media = try BroadcastMedia.file(
      "named.ts", cc3: BroadcastMedia.spanish, field2Extra: Self.programName("NEWS"))
    let run = ToolRun(["probe", media])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.contains(
        """
          stream 0 CC1: captions, field 1, A/53 in h264, 2 cues, pop-on, language undetermined
          stream 0 CC3: captions, field 2, A/53 in h264, 2 cues, pop-on, language undetermined
          programme name (XDS): "NEWS"

        """), "\(run.stdout)")
    let json = ToolRun(["probe", media, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let streams = try #require(object["closedCaptions"] as? [[String: Any]])
    #expect(streams.first?["programName"] as? String == "NEWS")
    let channels = try #require(streams.first?["channels"] as? [[String: Any]])
    #expect(channels.map { $0["channel"] as? String } == ["CC1", "CC3"])
    let validate = ToolRun(["validate", media, "--no-audio"])
    #expect(validate.stdout.contains("  programme name (XDS): \"NEWS\"\n"), "\(validate.stdout)")
    #expect(validate.stdout.contains("  track 2  stream 0 (h264), CC3, captions\n"))
  }

  @Test func aRollUpDepthChangeAndACaptionNeverErasedAreFound() throws {
    // From picture 220 (7.3 s): RU2, a row "AB", CR, RU3, a row "CD"; never erased.
    let rollUp: [UInt16] = [
      Self.pair(0x14, 0x25), Self.pair(0x14, 0x25), Self.pair(0x14, 0x70),
      Self.pair(0x41, 0x42), Self.pair(0x14, 0x2D), Self.pair(0x14, 0x26),
      Self.pair(0x14, 0x26), Self.pair(0x43, 0x44),
    ]
    let media = try BroadcastMedia.file("rollup.ts", field1Extra: rollUp)
    let run = ToolRun(["validate", media, "--no-audio", "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    let rules = diagnostics.compactMap { $0["rule"] as? String }
    #expect(rules.contains("cea608.roll-up-depth"), "\(diagnostics)")
    #expect(rules.contains("cea608.past-end"), "\(diagnostics)")
  }
}

extension BroadcastCaptionTests {
  @Test func extractWritesEachChannelAndTranscriptReadsCC1() throws {
    let media = try BroadcastMedia.file(
      "extracted.ts", cc3: BroadcastMedia.spanish, field2Extra: Self.programName("NEWS"))
    let folder = try TemporaryFolder()
    let run = ToolRun(["extract", media, "-o", folder.path, "--to", "vtt", "--stream", "0"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        \(folder.path)/extracted.und.captions.vtt: 2 cues from stream 0 CC1 (eia_608)
        \(folder.path)/extracted.und.captions.2.vtt: 2 cues from stream 0 CC3 (eia_608)

        """)
    let english = try folder.contents("extracted.und.captions.vtt")
    #expect(english.contains("Hello, and welcome.\n"))
    #expect(english.contains("This is the news.\n"))
    #expect(try folder.contents("extracted.und.captions.2.vtt").contains("Hola y bienvenidos.\n"))
    let scc = ToolRun(["extract", media, "-o", folder.path, "--to", "scc"])
    #expect(scc.status == 0, "\(scc.stderr)")
    #expect(try folder.contents("extracted.und.captions.scc").hasPrefix("Scenarist_SCC V1.0\n"))
    let transcript = ToolRun(["transcript", media, "-o", "-", "--to", "txt"])
    #expect(transcript.status == 0, "\(transcript.stderr)")
    #expect(
      transcript.stdout.contains("Hello, and welcome. This is the news."), "\(transcript.stdout)")
    #expect(!transcript.stdout.contains("Hola"))
  }

  @Test func extractNamesTheCaptionedStreamAndTheFileThatLosesText() throws {
    let media = try BroadcastMedia.file(
      "extracted.ts", cc3: BroadcastMedia.spanish, field2Extra: Self.programName("NEWS"))
    let folder = try TemporaryFolder()
    let wrong = ToolRun(["extract", media, "-o", folder.path, "--stream", "1"])
    #expect(wrong.status == 64)
    #expect(
      wrong.stderr.hasPrefix(
        "error: stream 1 of \(media) is not a subtitle stream (closed captions in stream 0)\n"),
      "\(wrong.stderr)")
    // SRT cannot carry the captions' rows and indents: said of the file that lost them.
    let srt = ToolRun(["extract", media, "-o", folder.path, "--to", "srt", "--stream", "0"])
    #expect(srt.status == 0, "\(srt.stderr)")
    #expect(
      srt.stderr.hasPrefix(
        "\(folder.path)/extracted.und.captions.srt: warning: cue 1 loses line 84.67% (written "
          + "as the bottom)"), "\(srt.stderr)")
    #expect(!srt.stderr.contains("\(media):"), "\(srt.stderr)")
  }
}
