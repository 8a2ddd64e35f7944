import CaptionKit

/// Reads arbitrary bytes as media from memory: FFmpeg's demuxers through a custom reader, then
/// captionkit's probe of the streams, its collection of the text subtitle streams (WebVTT cue
/// text through captionkit's own parser), written out as WebVTT, and its closed-caption data
/// (A/53 in H.264, HEVC and MPEG-2 video, `c608` tracks), decoded by the CEA-608 decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // A short time limit: an input that keeps FFmpeg busy is given up on, not reported as a
  // hang of the target.
  guard let file = try? MediaFile(reading: bytes, name: "input", timeLimit: 5) else { return 0 }
  _ = String(describing: file.info)
  guard let contents = try? file.read(webVTT: EmbeddedWebVTT.reader, closedCaptions: true)
  else { return 0 }
  for track in contents.subtitles.tracks {
    var vtt: [UInt8] = []
    WebVTTWriter.write(track, into: &vtt)
  }
  for stream in contents.closedCaptions?.streams ?? [] {
    let captions = stream.decoded608()
    for channel in captions.channels {
      var vtt: [UInt8] = []
      WebVTTWriter.write(Track(format: .scc, cues: channel.cues), into: &vtt)
    }
    for service in stream.dtvcc.decoded(endingAt: nil) {
      var vtt: [UInt8] = []
      WebVTTWriter.write(Track(format: .webvtt, cues: service.cues), into: &vtt)
    }
  }
  return 0
}
