import CaptionRuntime
import CaptionTestSupport
import Foundation

@testable import CaptionMedia

/// Media carrying A/53 closed captions, made in the test folder once per run: a short
/// `testsrc2` clip encoded with ffmpeg, SEI NAL units written into it here (`A53Writer`), then
/// re-encoded or remuxed with ffmpeg.
enum CaptionedMedia {
  /// The clip: 2 seconds at 25 pictures a second.
  static let pictures = 50
  static let frameRate = 25

  private static let made = Locked<[String: String]>([:])

  /// The field 1 pair of picture `n` (in presentation order): `14 n`.
  static func field1(_ picture: Int) -> (UInt8, UInt8) { (0x14, UInt8(picture)) }
  /// The field 2 pair of picture `n`: `15 n`.
  static func field2(_ picture: Int) -> (UInt8, UInt8) { (0x15, UInt8(picture)) }

  /// The triplets written on picture `n`: its field 1 and field 2 pairs, then `extra`.
  static func triplets(_ picture: Int, extra: [A53Writer.Triplet] = []) -> [A53Writer.Triplet] {
    let one = field1(picture)
    let two = field2(picture)
    return [
      A53Writer.Triplet(type: 0, first: one.0, second: one.1),
      A53Writer.Triplet(type: 1, first: two.0, second: two.1),
    ] + extra
  }

  /// The SEI NAL unit of picture `n` holding `triplets`.
  static func sei(hevc: Bool, _ triplets: [A53Writer.Triplet]) -> [UInt8] {
    A53Writer.seiNAL(
      hevc: hevc,
      messages: [
        A53Writer.message(
          type: 4, payload: A53Writer.registeredUserData(A53Writer.ccData(triplets)))
      ])
  }

  /// Makes `name` once per run with `make`, which writes it at the path it is given.
  static func once(_ name: String, _ make: (String) throws -> Void) throws -> String {
    try made.withLock { made in
      if let path = made[name] { return path }
      let path = MediaFixtures.folder + "/" + name
      try make(path)
      made[name] = path
      return path
    }
  }

  /// The clip as an Annex B stream without B-frames (presentation order is stream order),
  /// `hevc` or H.264, with the SEI `sei(n)` gives before picture `n`; `name` names it.
  static func annexB(
    _ name: String, hevc: Bool, sei: @escaping (Int) -> [UInt8]?
  ) throws -> String {
    let plain = try MediaFixtures.media(
      hevc ? "cc-plain.hevc" : "cc-plain.h264",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=\(frameRate):d=2", "-g", "25",
      ]
        + (hevc
          ? ["-c:v", "libx265", "-x265-params", "bframes=0:log-level=error", "-f", "hevc"]
          : ["-c:v", "libx264", "-bf", "0", "-f", "h264"]))
    return try once(name) { path in
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
      let written = A53Writer.inserting(into: bytes, hevc: hevc, sei: sei)
      try Data(written).write(to: URL(fileURLWithPath: path))
    }
  }

  /// The clip with the pairs of `triplets(n)` on each picture, as H.264 in `container`
  /// (`ts`, `mp4`, `mkv`) without B-frames: the SEI NAL units as written here.
  static func h264Direct(_ container: String) throws -> String {
    let stream = try annexB("cc-direct.h264", hevc: false) { sei(hevc: false, triplets($0)) }
    return try remux(stream, "cc-direct." + container)
  }

  /// An MP4 of 160 pictures, one a second, whose caption data starts at picture 130 (past
  /// `ClosedCaptionPass.searchSeconds`), with `triplets(n - 130)` on picture n from there:
  /// FFmpeg sees no captions when it opens the file.
  static func h264LateMP4() throws -> String {
    let plain = try MediaFixtures.media(
      "cc-late-plain.h264",
      [
        "-f", "lavfi", "-i", "testsrc2=s=64x64:r=1:d=160", "-c:v", "libx264", "-bf", "0",
        "-g", "10", "-f", "h264",
      ])
    let stream = try once("cc-late.h264") { path in
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
      let written = A53Writer.inserting(into: bytes, hevc: false) { picture in
        picture >= lateStart ? sei(hevc: false, triplets(picture - lateStart)) : nil
      }
      try Data(written).write(to: URL(fileURLWithPath: path))
    }
    return try MediaFixtures.media(
      "cc-late.mp4", ["-r", "1", "-i", stream, "-map", "0:v", "-c", "copy"])
  }

  /// The first picture of `h264LateMP4` with caption data.
  static let lateStart = 130

  /// The same pictures and pairs re-encoded by libx264 with three B-frames and `-a53cc 1`:
  /// the decoder gives each picture its pairs, the encoder writes them back on it, so the
  /// pairs are stored in decoding order.
  static func h264BFrames(_ container: String) throws -> String {
    let stream = try annexB("cc-direct.h264", hevc: false) { sei(hevc: false, triplets($0)) }
    let encoded = try MediaFixtures.media(
      "cc-bframes.mkv",
      [
        "-r", "\(frameRate)", "-i", stream, "-c:v", "libx264", "-bf", "3", "-g", "25",
        "-a53cc", "1",
      ])
    return container == "mkv" ? encoded : try remux(encoded, "cc-bframes." + container)
  }

  /// The direct clip, but picture 10's `cc_count` says 31 triplets where 2 are written, and
  /// picture 20's SEI message says it holds 200 bytes more than it does.
  static func h264Damaged(_ container: String) throws -> String {
    let stream = try annexB("cc-damaged.h264", hevc: false) { picture in
      let data = A53Writer.ccData(triplets(picture), count: picture == 10 ? 31 : nil)
      let payload = A53Writer.registeredUserData(data)
      let size = picture == 20 ? payload.count + 200 : nil
      return A53Writer.seiNAL(
        hevc: false, messages: [A53Writer.message(type: 4, payload: payload, size: size)],
        stopBit: picture != 20)
    }
    return try remux(stream, "cc-damaged." + container)
  }

  /// HEVC with the pairs of `triplets(n)` on each picture, in `container`.
  static func hevc(_ container: String) throws -> String {
    let stream = try annexB("cc-direct.hevc", hevc: true) { sei(hevc: true, triplets($0)) }
    return try remux(stream, "cc-hevc." + container)
  }

  /// `input` copied into `name`'s container (a raw stream is timed at `frameRate`; a
  /// transport stream is made from Matroska, which gives every packet a time).
  static func remux(_ input: String, _ name: String) throws -> String {
    let raw = input.hasSuffix(".h264") || input.hasSuffix(".hevc")
    var source = input
    if raw, name.hasSuffix(".ts") {
      source = try remux(input, name.dropLast(3) + ".mkv")
    }
    let rate = raw && source == input ? ["-r", "\(frameRate)"] : []
    return try MediaFixtures.media(name, rate + ["-i", source, "-map", "0:v", "-c", "copy"])
  }

  /// The packets of the first video stream of `path`, in file order: presentation and
  /// decoding times (in the stream's time base).
  static func packetTimes(_ path: String) throws -> [(pts: Int64?, dts: Int64?)] {
    let output = try MediaFixtures.run(
      "ffprobe",
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts,dts", "-of",
        "csv=p=0", path,
      ])
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map { line in
      let parts = line.split(separator: ",", omittingEmptySubsequences: false)
      return (Int64(parts.first ?? ""), parts.count > 1 ? Int64(parts[1]) : nil)
    }
  }
}

extension CaptionedMedia {
  /// The B-frame clip re-encoded as MPEG-2 video with two B-frames and `-a53cc 1`, in a
  /// transport stream: the encoder writes each picture's pairs as its user data.
  static func mpeg2() throws -> String {
    let source = try h264BFrames("mkv")
    return try MediaFixtures.media(
      "cc-mpeg2.ts",
      ["-i", source, "-c:v", "mpeg2video", "-bf", "2", "-g", "25", "-a53cc", "1"])
  }

  /// A QuickTime movie with only a `c608` track, written by FFmpeg from the captions of the
  /// direct clip (lavfi's `subcc` output copied).
  static func c608() throws -> String {
    let source = try h264Direct("ts")
    return try MediaFixtures.media(
      "cc-c608.mov",
      ["-f", "lavfi", "-i", "movie=\(source)[out0+subcc]", "-map", "0:1", "-c:s", "copy"])
  }

  /// The DTVCC triplets of one packet with a block of service 1 (`AB`) and one of service 2
  /// (`C`), split over two pictures: the first two triplets, then the last.
  static let dtvcc: [[A53Writer.Triplet]] = [
    [
      A53Writer.Triplet(type: 3, first: 0x03, second: 1 << 5 | 2),
      A53Writer.Triplet(type: 2, first: 0x41, second: 0x42),
    ],
    [
      A53Writer.Triplet(type: 2, first: 2 << 5 | 1, second: 0x43),
      // Padding: not valid, not data.
      A53Writer.Triplet(isValid: false, type: 2, first: 0, second: 0),
    ],
  ]

  /// The B-frame clip, with a DTVCC packet for services 1 and 2 over pictures 5 and 6, in a
  /// transport stream.
  static func h264With708() throws -> String {
    let stream = try annexB("cc-708.h264", hevc: false) { picture in
      let extra = (5...6).contains(picture) ? dtvcc[picture - 5] : []
      return sei(hevc: false, triplets(picture, extra: extra))
    }
    let encoded = try MediaFixtures.media(
      "cc-708.mkv",
      [
        "-r", "\(frameRate)", "-i", stream, "-c:v", "libx264", "-bf", "3", "-g", "25",
        "-a53cc", "1",
      ])
    return try remux(encoded, "cc-708.ts")
  }

  /// `caption_service_descriptor` of two services: English CEA-608 on field 1, Spanish
  /// CEA-708 service 2 for easy readers on a wide picture.
  static let serviceDescriptor: [UInt8] =
    [0x86, 13, 0xC0 | 2] + Array("eng".utf8) + [0x7E, 0x3F, 0xFF] + Array("spa".utf8)
    + [0xC2, 0xFF, 0xFF]

  /// The direct clip's transport stream with `serviceDescriptor` added to the video
  /// stream's descriptors in every program map table (its CRC computed again).
  static func transportStreamWithServices() throws -> String {
    let source = try h264Direct("ts")
    return try once("cc-services.ts") { path in
      let bytes = try TransportStreamPatch.addingToFirstStream(
        serviceDescriptor, in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: source))))
      try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
  }
}
