import Foundation
import Testing

@testable import CaptionCLI

/// Damaged media: a file cut short or with corrupt packets gives `container.damaged` findings
/// in `validate`, damage lines in `probe` and `speech`, and WCAG passes become unknown. Whole
/// files of the same kinds give none.
@Suite(.serialized) struct MediaDamageTests {
  /// Twelve seconds of a test picture and a tone, made with ffmpeg into `name` (its extension
  /// picks the container), with `codecs` and any further arguments.
  static func movie(_ name: String, in folder: TemporaryFolder, _ codecs: [String]) throws
    -> String
  {
    let parent = ((folder.path + "/" + name) as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    return try MuxMediaMaker.make(
      name, in: folder,
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=12", "-f", "lavfi", "-i",
        "sine=d=12:sample_rate=48000",
      ] + codecs + ["-t", "12"])
  }

  /// The first `fraction` of the file at `path`, as `head -c` would cut it, written to `name`.
  static func cut(_ path: String, to name: String, in folder: TemporaryFolder, fraction: Double)
    throws -> String
  {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    return try folder.file(name, bytes: Array(bytes.prefix(Int(Double(bytes.count) * fraction))))
  }

  static let captions =
    "1\n00:00:01,000 --> 00:00:03,000\nA tone plays.\n\n"
    + "2\n00:00:08,000 --> 00:00:10,000\nIt goes on.\n"

  static let mp4Codecs = ["-c:v", "libx264", "-c:a", "aac", "-movflags", "+faststart"]

  /// `(criterion, status, evidence)` of the JSON report's verdicts.
  static func verdicts(_ run: ToolRun) throws -> [String: (String, String)] {
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let wcag = try #require(report["wcag"] as? [[String: Any]])
    var verdicts: [String: (String, String)] = [:]
    for verdict in wcag {
      verdicts[verdict["criterion"] as? String ?? ""] = (
        verdict["status"] as? String ?? "", verdict["evidence"] as? String ?? ""
      )
    }
    return verdicts
  }

  static func damageLines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.contains("[container.damaged]") }
  }

  @Test func aFaststartMP4CutToAThirdIsDamagedAndItsPassBecomesUnknown() throws {
    let folder = try TemporaryFolder()
    let full = try Self.movie("full/movie.mp4", in: folder, Self.mp4Codecs)
    _ = try folder.file("full/movie.en.captions.srt", Self.captions)
    let whole = ToolRun(["validate", full, "--format", "json"])
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(try Self.verdicts(whole)["1.2.2"]?.0 == "pass")
    #expect(!whole.stdout.contains("container.damaged"))

    let cut = try Self.cut(full, to: "cut/movie.mp4", in: folder, fraction: 1.0 / 3)
    _ = try folder.file("cut/movie.en.captions.srt", Self.captions)
    let text = ToolRun(["validate", cut])
    #expect(text.status == 1)
    let lines = Self.damageLines(text.stdout)
    // Both streams end where the data runs out, each against the declared 12 s.
    #expect(lines.count == 2, "\(text.stdout)")
    for (line, stream) in zip(
      lines, ["stream 1 (aac) ends at 00:00:0", "stream 0 (h264) ends at 00:00:0"])
    {
      #expect(line.hasPrefix(cut + ": error: " + stream), "\(line)")
      #expect(line.contains(", before its declared end at 00:00:12.000: the rest is missing"))
    }
    let json = ToolRun(["validate", cut, "--format", "json"])
    let captions = try #require(try Self.verdicts(json)["1.2.2"])
    #expect(captions.0 == "unknown")
    #expect(captions.1.hasPrefix("the media is damaged from 00:00:0"))
  }

  @Test func probeShowsTheDamageAndExits65() throws {
    let folder = try TemporaryFolder()
    let full = try Self.movie("movie.mp4", in: folder, Self.mp4Codecs)
    let cut = try Self.cut(full, to: "cut.mp4", in: folder, fraction: 1.0 / 3)

    let whole = ToolRun(["probe", full])
    #expect(whole.status == 0)
    #expect(whole.stdout.hasSuffix("  damage: none found\n"))

    let text = ToolRun(["probe", cut])
    #expect(text.status == 65)
    let damage = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  damage: ") }
    #expect(damage.count == 2, "\(text.stdout)")
    #expect(damage.allSatisfy { $0.contains("before its declared end at 00:00:12.000") })
    #expect(text.stderr.hasPrefix("error: \(cut) is damaged: 2 problems in its data, the first: "))

    let json = ToolRun(["probe", cut, "--format", "json"])
    #expect(json.status == 65)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
    let found = try #require(object["damage"] as? [String: Any])
    let items = try #require(found["items"] as? [[String: Any]])
    #expect(items.map { $0["kind"] as? String } == ["ends-early", "ends-early"])
    #expect(Set(items.compactMap { $0["stream"] as? Int }) == [0, 1])
    #expect(items.allSatisfy { ($0["declaredEnd"] as? Double) == 12 })
    #expect(items.allSatisfy { (($0["time"] as? Double) ?? 99) < 6 })

    // Reading only the header cannot see it.
    let header = ToolRun(["probe", cut, "--header-only"])
    #expect(header.status == 0)
    #expect(!header.stdout.contains("damage"))
  }

  @Test func cutMatroskaAndWebMEndEarlyAgainstTheirDeclaredDuration() throws {
    let folder = try TemporaryFolder()
    for (name, codecs) in [
      ("movie.mkv", ["-c:v", "libx264", "-c:a", "aac"]),
      ("movie.webm", ["-c:v", "libvpx", "-b:v", "200k", "-c:a", "libopus"]),
    ] {
      let full = try Self.movie("full/" + name, in: folder, codecs)
      let whole = ToolRun(["validate", full, "--no-audio"])
      #expect(Self.damageLines(whole.stdout).isEmpty, "\(whole.stdout)")
      let cut = try Self.cut(full, to: "cut/" + name, in: folder, fraction: 0.4)
      let run = ToolRun(["validate", cut, "--no-audio"])
      #expect(run.status == 1)
      let lines = Self.damageLines(run.stdout)
      #expect(lines.count == 2, "\(run.stdout)")
      #expect(lines.allSatisfy { $0.contains(" ends at 00:00:0") })
      #expect(lines.allSatisfy { $0.contains("(FFmpeg: File ended prematurely)") })
    }
  }

  @Test func speechOnACutFileListsWhatItReadThenTheDamage() throws {
    let folder = try TemporaryFolder()
    let full = try Self.movie("movie.mkv", in: folder, ["-c:v", "libx264", "-c:a", "aac"])
    let cut = try Self.cut(full, to: "cut.mkv", in: folder, fraction: 0.4)
    #expect(ToolRun(["speech", full]).status == 0)
    let run = ToolRun(["speech", cut])
    #expect(run.status == 65)
    #expect(Self.damageLines(run.stderr).count == 2, "\(run.stderr)")
    #expect(
      run.stderr.contains("error: \(cut) is damaged: the speech listed is only what could be read"))
  }

  @Test func corruptTransportStreamPacketsAreDamageWithTheirTimes() throws {
    let folder = try TemporaryFolder()
    let full = try Self.movie("movie.ts", in: folder, ["-c:v", "libx264", "-c:a", "aac"])
    let whole = ToolRun(["validate", full])
    #expect(Self.damageLines(whole.stdout).isEmpty, "\(whole.stdout)")
    // Garbage over the audio and video of the middle third.
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: full)))
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<40 {
      let at = Int.random(in: bytes.count / 3..<(2 * bytes.count / 3), using: &generator)
      for offset in 0..<50 where at + offset < bytes.count {
        bytes[at + offset] = UInt8.random(in: 0...255, using: &generator)
      }
    }
    let corrupt = try folder.file("corrupt.ts", bytes: bytes)
    let run = ToolRun(["validate", corrupt])
    #expect(run.status == 1)
    let lines = Self.damageLines(run.stdout)
    #expect(!lines.isEmpty, "\(run.stdout)")
    // Each damaged packet is given with its time, in the middle of the 12 s.
    let timed = lines.filter { $0.contains(" at 00:00:") }
    #expect(timed.count == lines.count)
    #expect(
      lines.contains {
        $0.contains("has a corrupt packet at") || $0.contains("that cannot be decoded")
      })
  }
}

/// A small deterministic generator (SplitMix64), so the damage is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
    return z ^ (z >> 31)
  }
}

/// Subtitle-only Matroska (`.mks`) and subtitle codecs FFmpeg cannot decode: `probe` lists
/// every stream ffprobe lists, and `validate` says which stream could not be read and why.
struct SubtitleOnlyMediaTests {
  /// An `.mks` holding one English SubRip stream; with `usf`, its codec id is Matroska's USF,
  /// which FFmpeg does not know (the EBML string is null-padded to the same length).
  static func mks(in folder: TemporaryFolder, usf: Bool) throws -> String {
    let srt = try folder.file("s.srt", "1\n00:00:01,000 --> 00:00:03,000\nHello there.\n")
    let made = try MuxMediaMaker.make(
      "made.mks", in: folder,
      ["-i", srt, "-c:s", "subrip", "-metadata:s:0", "language=eng", "-f", "matroska"])
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: made)))
    if usf {
      let from = Array("S_TEXT/UTF8".utf8)
      let to = Array("S_TEXT/USF".utf8) + [0]
      let at = try #require(
        bytes.indices.first { bytes[$0...].starts(with: from) }, "no S_TEXT/UTF8 in the file")
      bytes.replaceSubrange(at..<(at + from.count), with: to)
    }
    return try folder.file(usf ? "usf.mks" : "subs.mks", bytes: bytes)
  }

  @Test func aSubtitleOnlyMatroskaFileIsMediaAndItsTrackIsChecked() throws {
    let folder = try TemporaryFolder()
    let path = try Self.mks(in: folder, usf: false)
    let probe = ToolRun(["probe", path])
    #expect(probe.status == 0, "\(probe.stderr)")
    #expect(probe.stdout.contains("  stream 0: subtitle, subrip (text), en, "))
    let run = ToolRun(["validate", path, "--format", "json"])
    #expect(run.status == 0, "\(run.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
    let tracks = try #require(report["tracks"] as? [[String: Any]])
    #expect(tracks.count == 1)
    #expect(tracks.first?["cueCount"] as? Int == 1)
  }

  @Test func aCodecFFmpegDoesNotKnowIsListedAndSaidWhyItIsNotRead() throws {
    let folder = try TemporaryFolder()
    let path = try Self.mks(in: folder, usf: true)
    let probe = ToolRun(["probe", path])
    #expect(probe.status == 0, "\(probe.stderr)")
    #expect(probe.stdout.contains("  stream 0: subtitle, unknown codec, en, "), "\(probe.stdout)")
    let json = ToolRun(["probe", path, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
    let streams = try #require(object["streams"] as? [[String: Any]])
    #expect(streams.count == 1)
    #expect(streams.first?["type"] as? String == "subtitle")
    #expect(streams.first?["codec"] is NSNull)

    let run = ToolRun(["validate", path])
    #expect(
      run.stdout.contains(
        "\(path): warning: stream 0 (en) holds subtitles of a codec FFmpeg does not know, so "
          + "they cannot be read as text [container.subtitle-stream]"), "\(run.stdout)")
  }
}
