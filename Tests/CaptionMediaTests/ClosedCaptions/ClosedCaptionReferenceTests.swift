import CaptionCore
import Foundation
import Testing

@testable import CaptionMedia

/// What captionkit reads from A/53 caption data and decodes, next to what FFmpeg 5.1 gives
/// through lavfi's `subcc` output (`ffmpeg -f lavfi -i "movie=F[out0+subcc]" -map 0:1 -f srt
/// -`), for `ReferenceScript`'s captions in H.264, HEVC and MPEG-2 video: as many cues, each
/// starting within 100 ms of FFmpeg's, the same words (case and spacing aside). Where the two
/// differ on purpose, the reason is in Docs/closed-captions.md (FFmpeg as a reference).
@Suite struct ClosedCaptionReferenceTests {
  struct Caption: CustomStringConvertible {
    var start: MediaTime
    var text: String
    var description: String { "\(start) \(text.debugDescription)" }
  }

  /// The CC1 cues captionkit reads from `path`.
  static func ours(_ path: String) throws -> [Caption] {
    let file = try MediaFile(opening: path)
    let contents = try file.read(subtitles: [], closedCaptions: true)
    let stream = try #require(contents.closedCaptions?.captioned.first)
    return stream.decoded608()[.cc1].cues.map { Caption(start: $0.start, text: $0.rawText) }
  }

  /// The cues of the SRT file FFmpeg writes from `path`'s `subcc` output.
  static func ffmpeg(_ path: String) throws -> [Caption] {
    let output = try MediaFixtures.run(
      "ffmpeg",
      [
        "-nostdin", "-v", "error", "-f", "lavfi", "-i", "movie=\(path)[out0+subcc]", "-map",
        "0:1", "-f", "srt", "-",
      ])
    let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    return text.components(separatedBy: "\n\n").compactMap { block in
      let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.count >= 2, let arrow = lines[1].range(of: " --> ") else { return nil }
      return Caption(
        start: time(lines[1][..<arrow.lowerBound]), text: lines[2...].joined(separator: "\n"))
    }
  }

  /// The time of an SRT timestamp, `00:00:01,234`.
  static func time(_ stamp: Substring) -> MediaTime {
    let parts = stamp.split(whereSeparator: { $0 == ":" || $0 == "," }).compactMap { Int64($0) }
    guard parts.count == 4 else { return MediaTime(milliseconds: -1) }
    return MediaTime(hours: parts[0], minutes: parts[1], seconds: parts[2], milliseconds: parts[3])
  }

  /// How far apart two times are.
  static func distance(_ one: MediaTime, _ other: MediaTime) -> MediaTime {
    one < other ? other - one : one - other
  }

  static let tolerance = MediaTime(milliseconds: 100)

  /// The words of a cue's text: tags (`<i>`, `{\i1}`) and ASS breaks as spaces, lowercased.
  static func words(_ text: String) -> [String] {
    var plain = ""
    var closing: Character?
    for character in text {
      if let end = closing {
        if character == end { closing = nil }
      } else if character == "<" || character == "{" {
        closing = character == "<" ? ">" : "}"
        plain.append(" ")
      } else {
        plain.append(character)
      }
    }
    return plain.replacingOccurrences(of: "\\h", with: " ")
      .replacingOccurrences(of: "\\N", with: " ").lowercased()
      .split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// FFmpeg's cues as captionkit makes them. Pop-on cues are the same. In roll-up FFmpeg
  /// makes a cue of the whole window at each carriage return, so each is compared by its last
  /// row, the new one; after the last carriage return its window holds only the rows rolled
  /// up, the last of which its cue before already gave, and that cue is left out.
  static func comparable(_ theirs: [Caption]) -> [Caption] {
    var cues = Array(theirs.prefix(ReferenceScript.popOnCaptions))
    var lastRow: [String]?
    for cue in theirs.dropFirst(ReferenceScript.popOnCaptions) {
      let row = cue.text.components(separatedBy: "\n").last ?? ""
      if words(row) == lastRow { continue }
      lastRow = words(row)
      cues.append(Caption(start: cue.start, text: row))
    }
    return cues
  }

  @Test(arguments: [
    "h264.ts", "h264.mp4", "h264.mkv", "hevc.ts", "hevc.mp4", "mpeg2video.ts",
  ])
  func cuesAgreeWithFFmpegsSubcc(media: String) throws {
    let parts = media.split(separator: ".").map(String.init)
    let path = try CaptionedMedia.reference(parts[0], parts[1])
    let mine = try Self.ours(path)
    let theirs = Self.comparable(try Self.ffmpeg(path))
    #expect(mine.count == ReferenceScript.popOnCaptions + 3, "\(mine)")
    #expect(mine.count == theirs.count, "ours \(mine), FFmpeg's \(theirs)")
    for (index, (ours, ffmpeg)) in zip(mine, theirs).enumerated() {
      #expect(Self.words(ours.text) == Self.words(ffmpeg.text), "cue \(index + 1)")
      if index == ReferenceScript.popOnCaptions {
        // FFmpeg starts a cue at its decoder's screen change before it: for the first
        // roll-up row that is the erasure before the roll-up code, not the code.
        let erasure = MediaTime(
          value: Int64(ReferenceScript.erasureBeforeRollUp) * 1001, timescale: 30000)
        #expect(
          Self.distance(ffmpeg.start, erasure) <= Self.tolerance,
          "cue \(index + 1): FFmpeg \(ffmpeg)")
        #expect(ours.start > ffmpeg.start, "cue \(index + 1): ours \(ours)")
      } else {
        #expect(
          Self.distance(ours.start, ffmpeg.start) <= Self.tolerance,
          "cue \(index + 1): \(ours), \(ffmpeg)")
      }
    }
  }
}
