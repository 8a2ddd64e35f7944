import CaptionCore

/// Turns cue text problems into `parse.webvtt` diagnostics placed in the file: lines advance
/// at `\n`, columns count UTF-8 bytes.
struct CueTextReporter {
  private let input: UnsafeBufferPointer<UInt8>
  private let base: SourceLocation
  /// Where each line of the text starts in the file, when the text is not the file's bytes
  /// as they stand (its lines joined by `\n` where the file ends them with CRLF or CR).
  private let lineOffsets: [Int]?
  private let file: String?
  private let cue: CueReference?
  /// Diagnostics found so far, located at the end: their byte offsets in the cue text.
  private var pending: [(diagnostic: Diagnostic, offset: Int)] = []
  private var dropped = 0
  var reportedDepth = false

  init(
    input: UnsafeBufferPointer<UInt8>, location: SourceLocation?, lineOffsets: [Int]? = nil,
    file: String?, cue: CueReference?
  ) {
    self.input = input
    self.base = location ?? SourceLocation(line: 1, column: 1, offset: 0)
    self.lineOffsets = lineOffsets
    self.file = file
    self.cue = cue
  }

  /// Names the cue in messages: `cue 3`, or `cue text` when no cue was given.
  private var subject: String { cue.map { "cue \($0.index)" } ?? "cue text" }

  mutating func report(_ problem: CueTextProblem, at offset: Int) {
    guard pending.count < CueTextParser.maximumDiagnostics else {
      if dropped == 0 {
        let more = CueTextProblem.tooManyProblems(CueTextParser.maximumDiagnostics)
        pending.append((diagnostic(more, hint: nil), offset))
      }
      // The summary stands for the problems not listed, text taken out among them.
      if problem.losesText { pending[pending.count - 1].diagnostic.losesText = true }
      dropped += 1
      return
    }
    pending.append((diagnostic(problem, hint: problem.hint), offset))
  }

  private func diagnostic(_ problem: CueTextProblem, hint: String?) -> Diagnostic {
    Diagnostic(
      rule: "parse.webvtt", severity: .error, message: problem.message(subject: subject),
      file: file, cue: cue, hint: hint, losesText: problem.losesText)
  }

  /// The diagnostics in the order found, each located in the file. Offsets are located in
  /// increasing order, so the text is scanned once whatever the order of the findings.
  var diagnostics: [Diagnostic] {
    guard !pending.isEmpty else { return [] }
    var result = pending.map(\.diagnostic)
    var line = 0
    var lineStart = 0
    var index = 0
    for entry in pending.indices.sorted(by: { pending[$0].offset < pending[$1].offset }) {
      let offset = pending[entry].offset
      while index < offset {
        if input[index] == 0x0A {
          line += 1
          lineStart = index + 1
        }
        index += 1
      }
      let column = line == 0 ? base.column + offset : offset - lineStart + 1
      var fileOffset = base.offset + offset
      if let lineOffsets, line < lineOffsets.count {
        fileOffset = lineOffsets[line] + offset - lineStart
      }
      result[entry].location = SourceLocation(
        line: base.line + line, column: column, offset: fileOffset)
    }
    return result
  }
}
