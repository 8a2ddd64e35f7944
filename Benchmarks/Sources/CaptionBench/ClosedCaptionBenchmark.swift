import CaptionKit

/// Times reading a media file's closed captions in this process: one opening and one pass
/// (`MediaFile.read` with `closedCaptions: true`), every other stream discarded, then the
/// CEA-608 pairs of each captioned stream decoded into cues (`decoded608()`).
public enum ClosedCaptionBenchmark {
  /// Reads `path`'s closed captions, decodes them, and reports the time and what was read:
  /// `ms= decode_ms= streams= field1= field2= cues= services708= diagnostics=`, `decode_ms`
  /// the part of `ms` spent decoding.
  public static func read(_ path: String) throws -> String {
    let start = Stopwatch.now()
    let file = try MediaFile(opening: path)
    let contents = try file.read(subtitles: [], closedCaptions: true)
    let captions = contents.closedCaptions ?? MediaClosedCaptions()
    let read = Stopwatch.now()
    let decoded = captions.captioned.map { $0.decoded608() }
    let end = Stopwatch.now()
    let field1 = captions.streams.reduce(0) { $0 + $1.field1.count }
    let field2 = captions.streams.reduce(0) { $0 + $1.field2.count }
    let cues = decoded.reduce(0) { total, captions in
      captions.channels.reduce(total) { $0 + $1.cues.count }
    }
    let services = Set(captions.streams.flatMap(\.services708)).sorted()
    let milliseconds = Stopwatch.milliseconds(from: start, to: end)
    let decoding = Stopwatch.milliseconds(from: read, to: end)
    return "ms=\(milliseconds) decode_ms=\(decoding) streams=\(captions.captioned.count) "
      + "field1=\(field1) field2=\(field2) cues=\(cues) "
      + "services708=\(services.map(String.init).joined(separator: ",")) "
      + "diagnostics=\(captions.diagnostics.count + captions.omittedDiagnostics)"
  }
}
