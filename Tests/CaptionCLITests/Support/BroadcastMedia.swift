import CaptionCore
import CaptionRuntime
import CaptionTestSupport
import Foundation

/// Media carrying CEA-608 captions as broadcast masters do: H.264 at 29.97 pictures a second
/// whose pictures hold the caption byte pairs as A/53 SEI messages, written here, with an
/// AAC audio track; remuxed by ffmpeg into the container the name asks for.
enum BroadcastMedia {
  private static let made = Locked<[String: String]>([:])

  /// The pop-on captions the files carry in CC1 (and, translated, in CC3).
  static let english: [Cue] = [
    cue(1000, 3000, "Hello, and welcome."),
    cue(4000, 6000, "This is the news."),
  ]
  static let spanish: [Cue] = [
    cue(1000, 3000, "Hola y bienvenidos."),
    cue(4000, 6000, "Estas son las noticias."),
  ]

  private static func cue(_ start: Int64, _ end: Int64, _ text: String) -> Cue {
    Cue(
      start: MediaTime(milliseconds: start), end: MediaTime(milliseconds: end),
      text: CueText(nodes: [.text(text)]), rawText: text)
  }

  /// `name` (its extension chooses the container: `ts`, `mp4`, `mkv`), made once per run in
  /// `folder`: 8 seconds, `cc1` in field 1 and `cc3` in field 2 as pop-on captions, and
  /// `field1Extra` pairs sent in field 1 from picture 220 on (roll-up codes, XDS...). The
  /// audio is tagged `audioLanguage` when given; a transport stream's map table gets a
  /// caption service descriptor of `services` (language, field) when given; `dtvcc` adds
  /// CEA-708 triplets to the pictures it names. With
  /// `onlyWithCaptions`, pictures whose pairs are both padding carry no caption data at all
  /// (as some caption inserters write), so the first pictures have none.
  static func file(
    _ name: String, cc1: [Cue] = english, cc3: [Cue] = [],
    field2Extra: [UInt16] = [], field1Extra: [UInt16] = [], audioLanguage: String? = nil,
    services: [(language: String, field: Int)] = [], onlyWithCaptions: Bool = false,
    dtvcc: [Int: [A53Writer.Triplet]] = [:]
  ) throws -> String {
    try made.withLock { made in
      if let path = made[name] { return path }
      let folder = try MediaSample.matroska().split(separator: "/").dropLast()
        .joined(separator: "/")
      let path = "/" + folder + "/" + name
      let plain = "/" + folder + "/broadcast-plain.h264"
      if !FileManager.default.fileExists(atPath: plain) {
        try MediaSample.run(
          "ffmpeg",
          [
            "-y", "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i",
            "testsrc2=s=160x90:r=30000/1001:d=8", "-c:v", "libx264", "-bf", "0", "-g", "30",
            "-f", "h264", plain,
          ])
      }
      let field1 = pairs(for: cc1, channel: .cc1).merging(extra(field1Extra, from: 220)) { $1 }
      let field2 = pairs(for: cc3, channel: .cc1).merging(extra(field2Extra, from: 220)) { $1 }
      let stream = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
      let written = A53Writer.inserting(into: stream, hevc: false) { picture in
        let one = field1[picture] ?? 0x8080
        let two = field2[picture] ?? 0x8080
        if onlyWithCaptions, one == 0x8080, two == 0x8080 { return nil }
        let triplets =
          [
            A53Writer.Triplet(type: 0, first: UInt8(one >> 8), second: UInt8(one & 0xFF)),
            A53Writer.Triplet(type: 1, first: UInt8(two >> 8), second: UInt8(two & 0xFF)),
          ] + (dtvcc[picture] ?? [])
        return A53Writer.seiNAL(
          hevc: false,
          messages: [
            A53Writer.message(
              type: 4, payload: A53Writer.registeredUserData(A53Writer.ccData(triplets)))
          ])
      }
      let captioned = path + ".h264"
      try Data(written).write(to: URL(fileURLWithPath: captioned))
      defer { try? FileManager.default.removeItem(atPath: captioned) }
      let quiet = ["-y", "-hide_banner", "-loglevel", "error", "-nostdin"]
      let matroska = path + ".mkv"
      try MediaSample.run(
        "ffmpeg",
        quiet + [
          "-r", "30000/1001", "-i", captioned, "-f", "lavfi", "-i",
          "sine=d=8:sample_rate=48000", "-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a",
          "aac", "-shortest",
        ] + (audioLanguage.map { ["-metadata:s:a:0", "language=\($0)"] } ?? []) + [matroska])
      if name.hasSuffix(".mkv") {
        try FileManager.default.moveItem(atPath: matroska, toPath: path)
      } else {
        defer { try? FileManager.default.removeItem(atPath: matroska) }
        try MediaSample.run("ffmpeg", quiet + ["-i", matroska, "-map", "0", "-c", "copy", path])
      }
      if !services.isEmpty {
        let bytes = try TransportStreamPatch.addingToFirstStream(
          TransportStreamPatch.captionServices(services),
          in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      }
      made[name] = path
      return path
    }
  }

  /// The pairs of `cues` encoded as pop-on captions for `channel`, by picture: the picture
  /// of a pair is its frame.
  static func pairs(for cues: [Cue], channel: CEA608Channel) -> [Int: UInt16] {
    var byPicture: [Int: UInt16] = [:]
    for block in CEA608Encoder(mode: .popOn, channel: channel).encode(cues).blocks {
      for (offset, pair) in block.pairs.enumerated() { byPicture[block.frame + offset] = pair }
    }
    return byPicture
  }

  private static func extra(_ pairs: [UInt16], from picture: Int) -> [Int: UInt16] {
    var byPicture: [Int: UInt16] = [:]
    for (offset, pair) in pairs.enumerated() { byPicture[picture + offset] = pair }
    return byPicture
  }
}
