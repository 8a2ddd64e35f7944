import CaptionCore
import CaptionTestSupport
import Foundation
import Testing

@testable import CaptionMedia

/// The A/53 caption data of H.264 video comes back from a media file's one pass, in
/// presentation order, with the times of the pictures that carry it.
@Suite struct ClosedCaptionPassTests {
  /// The closed captions `MediaFile.read` gives for `path`.
  static func captions(_ path: String) throws -> MediaClosedCaptions {
    let file = try MediaFile(opening: path)
    let contents = try file.read(subtitles: [], closedCaptions: true)
    return try #require(contents.closedCaptions)
  }

  /// Each pair as `milliseconds first second`, valid ones only marked `!`.
  static func lines(_ pairs: CaptionPairs) -> [String] {
    pairs.map { pair in
      "\(pair.time.milliseconds) \(hex(pair.first)) \(hex(pair.second))\(pair.isValid ? "" : " !")"
    }
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// The lines of the pairs `pair(n)` gives on pictures 0 ..< count, 40 ms apart.
  static func expected(_ pair: (Int) -> (UInt8, UInt8), count: Int = CaptionedMedia.pictures)
    -> [String]
  {
    (0..<count).map { picture in
      let (first, second) = pair(picture)
      return "\(picture * 40) \(hex(first)) \(hex(second))"
    }
  }

  @Test func anMP4sVideoWithoutCaptionDataIsSearchedForTwoMinutesThenDropped() throws {
    // 150 seconds at one picture a second, with a tone: FFmpeg sees no captions.
    let long = try MediaFixtures.media(
      "uncaptioned-long.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=s=64x64:r=1:d=150", "-f", "lavfi", "-i",
        "sine=d=150:sample_rate=8000", "-c:v", "libx264", "-g", "10", "-c:a", "aac",
      ])
    let short = try MediaFixtures.media(
      "uncaptioned-short.mp4",
      ["-f", "lavfi", "-i", "testsrc2=s=64x64:r=1:d=20", "-c:v", "libx264", "-g", "10"])
    // Past the search, the stream is no longer read: it is not among the results.
    #expect(try Self.captions(long).streams.isEmpty)
    // Within it, the stream is read to its end and holds no pairs.
    let read = try Self.captions(short).streams
    #expect(read.map(\.streamIndex) == [0])
    #expect(read.allSatisfy { $0.field1.isEmpty && $0.field2.isEmpty && !$0.hasCaptions })
    #expect(ClosedCaptionPass.searchSeconds == 120)
  }

  @Test func captionsThatStartPastTheSearchAreFoundFromPicturesSampledInTheIndex() throws {
    let path = try CaptionedMedia.h264LateMP4()
    // FFmpeg saw no captions on opening, so only sampling can find them.
    let file = try MediaFile(opening: path)
    #expect(file.info.streams.map(\.hasClosedCaptions) == [false])
    let late = 160 - CaptionedMedia.lateStart
    let expected = (0..<late).map { n in
      "\((CaptionedMedia.lateStart + n) * 1000) 14 \(Self.hex(UInt8(n)))"
    }
    let fromFile = try #require(try Self.captions(path).streams.first)
    #expect(fromFile.source == .a53(codec: "h264"))
    #expect(Self.lines(fromFile.field1) == expected)
    #expect(fromFile.hasCaptions)
    // The same from the bytes held in memory.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let held = try MediaFile(reading: bytes, name: "late.mp4")
    let contents = try held.read(subtitles: [], closedCaptions: true)
    let fromMemory = try #require(contents.closedCaptions?.streams.first)
    #expect(Self.lines(fromMemory.field1) == expected)
  }

  @Test(arguments: ["ts", "mp4", "mkv"])
  func pairsWrittenInSEIComeBackWithTheirPictureTimes(container: String) throws {
    let captions = try Self.captions(try CaptionedMedia.h264Direct(container))
    #expect(captions.streams.count == 1)
    let stream = try #require(captions.streams.first)
    #expect(stream.streamIndex == 0)
    #expect(stream.source == .a53(codec: "h264"))
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    #expect(Self.lines(stream.field2) == Self.expected(CaptionedMedia.field2))
    #expect(stream.services708 == [])
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test(arguments: ["ts", "mp4", "mkv"])
  func pairsOfBFramesComeBackInPresentationOrder(container: String) throws {
    let path = try CaptionedMedia.h264BFrames(container)
    // The file stores pictures out of presentation order, or the test proves nothing.
    let times = try CaptionedMedia.packetTimes(path).compactMap(\.pts)
    #expect(times != times.sorted())
    let captions = try Self.captions(path)
    let stream = try #require(captions.streams.first)
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    #expect(Self.lines(stream.field2) == Self.expected(CaptionedMedia.field2))
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test(arguments: ["ts", "mkv"])
  func damagedCaptionDataIsReportedWithItsStreamAndTime(container: String) throws {
    let captions = try Self.captions(try CaptionedMedia.h264Damaged(container))
    let stream = try #require(captions.streams.first)
    // Every pair that is there is still read.
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    let messages = captions.diagnostics.map(\.message)
    #expect(messages.count == 2)
    #expect(
      messages.first?.hasPrefix(
        "stream 0 at 00:00:00.400: cc_count is 31, but the SEI message holds 2 triplets (byte ")
        == true)
    #expect(
      messages.last?.hasPrefix(
        "stream 0 at 00:00:00.800: an SEI message of type 4 says it holds 217 bytes, but only "
          + "17 are left in its NAL unit (byte ") == true)
    #expect(captions.diagnostics.allSatisfy { $0.rule == "container.closed-captions" })
  }

  @Test(arguments: ["ts", "mp4", "mkv"])
  func hevcPrefixSEIIsRead(container: String) throws {
    let captions = try Self.captions(try CaptionedMedia.hevc(container))
    let stream = try #require(captions.streams.first)
    #expect(stream.source == .a53(codec: "hevc"))
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    #expect(Self.lines(stream.field2) == Self.expected(CaptionedMedia.field2))
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test func mpeg2UserDataIsReadInPresentationOrder() throws {
    let path = try CaptionedMedia.mpeg2()
    let times = try CaptionedMedia.packetTimes(path).compactMap(\.pts)
    #expect(times != times.sorted())
    let captions = try Self.captions(path)
    let stream = try #require(captions.streams.first)
    #expect(stream.source == .a53(codec: "mpeg2video"))
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    #expect(Self.lines(stream.field2) == Self.expected(CaptionedMedia.field2))
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test func aQuickTimeC608TrackIsRead() throws {
    let captions = try Self.captions(try CaptionedMedia.c608())
    let stream = try #require(captions.streams.first)
    #expect(stream.source == .c608Track)
    // FFmpeg's muxer keeps field 1 only, and the track it writes from `subcc` has a sample
    // for every picture but the last (as `ffprobe -show_packets` shows).
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1, count: 49))
    #expect(Self.lines(stream.field2) == [])
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test func anSCCFileIsAnEIA608Stream() throws {
    let scc = """
      Scenarist_SCC V1.0

      00:00:01:00\t9420 9420 94ae c8e5

      00:00:02:15\t942c 942c

      """
    let path = try MediaFixtures.file("cc-sample.scc", contents: Data(scc.utf8))
    let captions = try Self.captions(path)
    let stream = try #require(captions.streams.first)
    #expect(stream.source == .eia608Stream)
    // FFmpeg's SCC reader gives each line as one packet at the line's time; its pairs are
    // sent one a frame (1001/30000 s) from there, as the SCC file means them.
    #expect(
      Self.lines(stream.field1) == [
        "1000 94 20", "1033 94 20", "1067 94 ae", "1100 c8 e5", "2495 94 2c", "2528 94 2c",
      ])
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test func cea708ServicesAreFoundInPresentationOrder() throws {
    let captions = try Self.captions(try CaptionedMedia.h264With708())
    let stream = try #require(captions.streams.first)
    #expect(stream.services708 == [1, 2])
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    #expect(captions.diagnostics.map(\.message) == [])
    #expect(stream.hasCaptions)
  }

  @Test func aTransportStreamsCaptionServiceDescriptorIsRead() throws {
    let captions = try Self.captions(try CaptionedMedia.transportStreamWithServices())
    let stream = try #require(captions.streams.first)
    #expect(
      stream.serviceDescriptors == [
        CaptionServiceDescriptor(service: .line21(field: 1), language: "eng"),
        CaptionServiceDescriptor(
          service: .digital(service: 2), language: "spa", isEasyReader: true,
          isWideAspectRatio: true),
      ])
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
  }

  @Test func mediaReadFromMemoryGivesTheSameCaptionsAndDescriptors() throws {
    let path = try CaptionedMedia.transportStreamWithServices()
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let file = try MediaFile(reading: bytes, name: "memory.ts")
    let fromMemory = try #require(
      try file.read(subtitles: [], closedCaptions: true).closedCaptions)
    let fromFile = try Self.captions(path)
    #expect(fromMemory.streams == fromFile.streams)
    #expect(fromMemory.streams.first?.serviceDescriptors.count == 2)
  }

  @Test func aFileWithoutCaptionsHasItsVideoStreamAndNoPairs() throws {
    let captions = try Self.captions(try MediaFixtures.sample("mp4"))
    // mpeg4 video cannot carry A/53 captions: nothing is read.
    #expect(captions.streams == [])
    let plain = try Self.captions(try MediaFixtures.sample("ts"))
    #expect(plain.streams.map(\.streamIndex) == [0])
    #expect(plain.streams.first?.field1.isEmpty == true)
    #expect(plain.captioned == [])
  }

  /// The 608 pairs FFmpeg gives for `path` through lavfi's `subcc` output (the caption data
  /// its decoder attaches to each picture), as `lines` gives them, with times relative to
  /// the first packet's: field 1, then field 2.
  static func ffmpegPairs(_ path: String) throws -> ([String], [String]) {
    let output = try MediaFixtures.run(
      "ffprobe",
      [
        "-v", "error", "-f", "lavfi", "movie=\(path)[out0+subcc]", "-select_streams", "s",
        "-show_entries", "packet=pts_time,data", "-show_data", "-of", "compact",
      ])
    var fields: ([String], [String]) = ([], [])
    var first: Int?
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
      // packet|pts_time=1.480000|data=\n00000000: fc14 00fd 1500    ......\n
      let parts = line.split(separator: "|")
      guard parts.count == 3, let seconds = Double(parts[1].dropFirst("pts_time=".count))
      else { continue }
      let milliseconds = Int((seconds * 1000).rounded())
      first = first ?? milliseconds
      var bytes: [UInt8] = []
      for row in parts[2].components(separatedBy: "\\n").dropFirst() {
        guard let colon = row.firstIndex(of: ":") else { continue }
        let hex = row[row.index(after: colon)...].prefix(41).filter { $0 != " " }
        var index = hex.startIndex
        while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), index < next {
          if let byte = UInt8(hex[index..<next], radix: 16) { bytes.append(byte) }
          index = next
        }
      }
      for triplet in stride(from: 0, to: bytes.count - 2, by: 3) {
        let flags = bytes[triplet]
        guard flags & 4 != 0, flags & 3 < 2 else { continue }
        let text =
          "\(milliseconds - (first ?? 0)) \(hex(bytes[triplet + 1])) \(hex(bytes[triplet + 2]))"
        if flags & 3 == 0 { fields.0.append(text) } else { fields.1.append(text) }
      }
    }
    return fields
  }

  @Test func pairsAndTimesAreThoseFFmpegsDecoderGivesEachPicture() throws {
    let path = try CaptionedMedia.h264With708()
    let (field1, field2) = try Self.ffmpegPairs(path)
    #expect(field1.count == CaptionedMedia.pictures)
    let stream = try #require(try Self.captions(path).streams.first)
    #expect(Self.lines(stream.field1) == field1)
    #expect(Self.lines(stream.field2) == field2)
  }

  @Test func aRawH264StreamIsReadWithStartCodes() throws {
    let path = try CaptionedMedia.annexB("cc-direct.h264", hevc: false) {
      CaptionedMedia.sei(hevc: false, CaptionedMedia.triplets($0))
    }
    let captions = try Self.captions(path)
    let stream = try #require(captions.streams.first)
    #expect(Self.lines(stream.field1) == Self.expected(CaptionedMedia.field1))
    #expect(captions.diagnostics.map(\.message) == [])
  }

  @Test func atMostAHundredDiagnosticsAreKeptAndTheRestCounted() throws {
    // Three messages on every picture, each with a count beyond its payload: 150 problems.
    let path = try CaptionedMedia.annexB("cc-every-picture-damaged.h264", hevc: false) {
      picture in
      let message = A53Writer.message(
        type: 4,
        payload: A53Writer.registeredUserData(
          A53Writer.ccData(CaptionedMedia.triplets(picture), count: 9)))
      return A53Writer.seiNAL(hevc: false, messages: [message, message, message])
    }
    let captions = try Self.captions(path)
    #expect(captions.diagnostics.count == 100)
    #expect(captions.omittedDiagnostics == 50)
    // The second picture's SEI comes first in its packet, after a start code.
    #expect(
      captions.diagnostics.dropFirst(3).first?.message
        == "stream 0 at 00:00:00.040: cc_count is 9, but the SEI message holds 2 triplets "
        + "(byte 4 of the packet)")
    // The pairs present are all kept: three of each field on every picture.
    #expect(captions.streams.first?.field1.count == 3 * CaptionedMedia.pictures)
  }

  @Test func withoutTheOptionNothingIsRead() throws {
    let file = try MediaFile(opening: try CaptionedMedia.h264Direct("mkv"))
    let contents = try file.read(subtitles: [])
    #expect(contents.closedCaptions == nil)
  }
}

/// The probe says which video streams FFmpeg saw closed captions in, as ffprobe does.
@Suite struct ClosedCaptionProbeTests {
  @Test func captionedVideoStreamsAreMarked() throws {
    for path in [
      try CaptionedMedia.h264BFrames("ts"), try CaptionedMedia.h264Direct("mp4"),
      try CaptionedMedia.mpeg2(),
    ] {
      let info = try MediaProbe.probe(path)
      #expect(info.streams.map(\.hasClosedCaptions) == [true], "\(path)")
    }
  }

  @Test func videoWithoutCaptionsIsNotMarked() throws {
    let info = try MediaProbe.probe(try MediaFixtures.sample("ts"))
    #expect(info.streams.map(\.hasClosedCaptions) == [false, false])
  }
}
