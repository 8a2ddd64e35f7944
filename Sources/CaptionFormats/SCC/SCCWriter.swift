public import CaptionCore

/// Writes a track as a Scenarist SCC file: the cues sent as CEA-608 byte pairs of CC1 by
/// `CEA608Encoder` (pop-on by default, roll-up on request), one line per run of pairs sent
/// frame after frame, each starting with its drop-frame timecode (`HH:MM:SS;FF`, wall-clock
/// time at 29.97 frames per second). What 608 cannot carry, and each cue that cannot be
/// loaded in time for its start, is a `convert.lossy` warning.
public enum SCCWriter {
  /// Appends the SCC form of `track` to `output` and returns the `convert.lossy` warnings.
  @discardableResult
  public static func write(
    _ track: Track, mode: CEA608Encoder.Mode = .popOn, into output: inout [UInt8]
  ) -> [Diagnostic] {
    let (blocks, losses) = encode(track, mode: mode)
    output.append(contentsOf: (SCCReader.header + "\n\n").utf8)
    let digits = Array("0123456789abcdef".utf8)
    for block in blocks {
      output.append(
        contentsOf: SCCTimecode(frameNumber: block.frame, dropFrame: true).description.utf8)
      output.append(0x09)
      for (index, pair) in block.pairs.enumerated() {
        if index > 0 { output.append(0x20) }
        for shift in [12, 8, 4, 0] { output.append(digits[Int(pair >> UInt16(shift) & 0x0F)]) }
      }
      output.append(contentsOf: "\n\n".utf8)
    }
    return losses
  }

  /// The byte pairs an SCC file of `track` holds, one line's run a block, and the
  /// `convert.lossy` warnings (`mux` stores the same pairs in a `c608` track).
  public static func encode(_ track: Track, mode: CEA608Encoder.Mode = .popOn) -> (
    blocks: [CEA608Encoder.Block], losses: [Diagnostic]
  ) {
    var losses: [Diagnostic] = []
    func lossy(_ message: String, cue: Int? = nil) {
      let reference = cue.map { track.cues[$0].reference(index: $0 + 1) }
      losses.append(
        Diagnostic(
          rule: SRTWriter.lossyRule, severity: .warning, message: message, file: track.path,
          location: cue.flatMap { track.cues[$0].location }, cue: reference,
          hint: cue == nil
            ? "convert to WebVTT to keep it"
            : "SCC carries 32 columns, 4 rows and the 608 characters; convert to WebVTT to "
              + "keep it"))
    }
    if !track.regions.isEmpty {
      let count = track.regions.count
      lossy("\(count) \(count == 1 ? "region" : "regions") not kept in SCC")
    }
    if !track.stylesheets.isEmpty {
      let count = track.stylesheets.count
      lossy("\(count) style \(count == 1 ? "sheet" : "sheets") not kept in SCC")
    }
    if !track.comments.isEmpty {
      let count = track.comments.count
      lossy("\(count) NOTE \(count == 1 ? "comment" : "comments") not kept in SCC")
    }
    let order = track.cues.indices.sorted {
      (track.cues[$0].start, $0) < (track.cues[$1].start, $1)
    }
    let cues = order.map { track.cues[$0] }
    let (blocks, findings) = CEA608Encoder(mode: mode).encode(cues)
    for finding in findings {
      lossy(finding.message + " in SCC", cue: order[finding.cue])
    }
    return (blocks, losses)
  }

  public static func string(_ track: Track, mode: CEA608Encoder.Mode = .popOn) -> String {
    var bytes: [UInt8] = []
    write(track, mode: mode, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
