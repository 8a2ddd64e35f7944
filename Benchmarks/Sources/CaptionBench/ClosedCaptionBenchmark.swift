import CaptionKit

/// Times reading a media file's closed-caption data in this process: one opening and one
/// pass (`MediaFile.read` with `closedCaptions: true`), every other stream discarded.
public enum ClosedCaptionBenchmark {
  /// Reads `path`'s closed captions and reports the time and what was read:
  /// `ms= streams= field1= field2= services708= diagnostics=`.
  public static func read(_ path: String) throws -> String {
    let start = Stopwatch.now()
    let file = try MediaFile(opening: path)
    let contents = try file.read(subtitles: [], closedCaptions: true)
    let end = Stopwatch.now()
    let captions = contents.closedCaptions ?? MediaClosedCaptions()
    let field1 = captions.streams.reduce(0) { $0 + $1.field1.count }
    let field2 = captions.streams.reduce(0) { $0 + $1.field2.count }
    let services = Set(captions.streams.flatMap(\.services708)).sorted()
    let milliseconds = Stopwatch.milliseconds(from: start, to: end)
    return "ms=\(milliseconds) streams=\(captions.captioned.count) field1=\(field1) "
      + "field2=\(field2) services708=\(services.map(String.init).joined(separator: ",")) "
      + "diagnostics=\(captions.diagnostics.count + captions.omittedDiagnostics)"
  }
}
