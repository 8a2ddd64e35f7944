import CaptionCore

/// Turns cue text problems into `parse.webvtt` diagnostics placed in the file: lines advance
/// at `\n`, columns count UTF-8 bytes.
struct CueTextReporter {
  private let input: UnsafeBufferPointer<UInt8>
  private let base: SourceLocation
  private let file: String?
  private let cue: CueReference?
  private(set) var diagnostics: [Diagnostic] = []
  private var dropped = 0
  var reportedDepth = false

  /// A place already located, so that locating later offsets scans only the bytes between.
  private var cursor: (offset: Int, line: Int, lineStart: Int) = (0, 0, 0)

  init(
    input: UnsafeBufferPointer<UInt8>, location: SourceLocation?, file: String?, cue: CueReference?
  ) {
    self.input = input
    self.base = location ?? SourceLocation(line: 1, column: 1, offset: 0)
    self.file = file
    self.cue = cue
  }

  /// Names the cue in messages: `cue 3`, or `cue text` when no cue was given.
  private var subject: String { cue.map { "cue \($0.index)" } ?? "cue text" }

  mutating func report(_ problem: CueTextProblem, at offset: Int) {
    guard diagnostics.count < CueTextParser.maximumDiagnostics else {
      if dropped == 0 {
        diagnostics.append(
          Diagnostic(
            rule: "parse.webvtt", severity: .error,
            message: CueTextProblem.tooManyProblems(CueTextParser.maximumDiagnostics)
              .message(subject: subject),
            file: file, location: locate(offset), cue: cue))
      }
      dropped += 1
      return
    }
    diagnostics.append(
      Diagnostic(
        rule: "parse.webvtt", severity: .error, message: problem.message(subject: subject),
        file: file, location: locate(offset), cue: cue, hint: problem.hint))
  }

  /// The file location of byte `offset` of the cue text.
  private mutating func locate(_ offset: Int) -> SourceLocation {
    if offset < cursor.offset { cursor = (0, 0, 0) }
    var (index, line, lineStart) = cursor
    while index < offset {
      if input[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    cursor = (offset, line, lineStart)
    let column = line == 0 ? base.column + offset : offset - lineStart + 1
    return SourceLocation(line: base.line + line, column: column, offset: base.offset + offset)
  }
}
