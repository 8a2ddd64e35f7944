import CaptionTestSupport
import Foundation

/// Media carrying `ReferenceScript`'s captions at 29.97 pictures a second, for comparing
/// what captionkit reads and decodes with what FFmpeg's `subcc` path gives.
extension CaptionedMedia {
  static let referenceRate = "30000/1001"

  /// The reference clip as an Annex B stream without B-frames, H.264 or `hevc`, with the
  /// script's caption SEI before each picture.
  static func referenceAnnexB(hevc: Bool) throws -> String {
    let seconds = ReferenceScript.pictures * 1001 / 30000 + 1
    let plain = try MediaFixtures.media(
      hevc ? "cc-reference-plain.hevc" : "cc-reference-plain.h264",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x90:r=\(referenceRate):d=\(seconds)",
        "-frames:v", "\(ReferenceScript.pictures)", "-g", "30",
      ]
        + (hevc
          ? ["-c:v", "libx265", "-x265-params", "bframes=0:log-level=error", "-f", "hevc"]
          : ["-c:v", "libx264", "-bf", "0", "-f", "h264"]))
    return try once(hevc ? "cc-reference.hevc" : "cc-reference.h264") { path in
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
      let written = A53Writer.inserting(into: bytes, hevc: hevc) {
        sei(hevc: hevc, ReferenceScript.triplets($0))
      }
      try Data(written).write(to: URL(fileURLWithPath: path))
    }
  }

  /// The reference clip as `codec` (`h264`, `hevc`, `mpeg2video`) in `container` (`ts`,
  /// `mp4`, `mkv`). H.264 and HEVC are the SEI as written here, copied; MPEG-2 video is the
  /// H.264 clip re-encoded with two B-frames and `-a53cc 1`, the encoder writing each
  /// picture's pairs as its user data.
  static func reference(_ codec: String, _ container: String) throws -> String {
    let name = "cc-reference-\(codec).\(container)"
    if codec == "mpeg2video" {
      let source = try reference("h264", "mkv")
      return try MediaFixtures.media(
        name, ["-i", source, "-c:v", "mpeg2video", "-bf", "2", "-g", "15", "-a53cc", "1"])
    }
    let stream = try referenceAnnexB(hevc: codec == "hevc")
    // A transport stream is made from Matroska, which gives every packet a time.
    let source = container == "ts" ? try reference(codec, "mkv") : stream
    let rate = source == stream ? ["-r", referenceRate] : []
    return try MediaFixtures.media(name, rate + ["-i", source, "-map", "0:v", "-c", "copy"])
  }
}
