import CaptionKit

extension ValidateCommand {
  /// What checking one caption file as it is read came to.
  enum StreamedCheck {
    /// The text report was written, with these counts of findings.
    case written(counts: [Severity: Int])
    /// The file was read, but the report could not be written (the command fails with this).
    case unwritten(CommandFailure)
    /// The file was read whole instead (see `CaptionFileReader.stream`): it is to be checked
    /// as any other.
    case read(ReadResult)
  }

  /// Checks the caption file `file`, the command's one input, as it is read, and writes the
  /// text report to `output` (or standard output) as it goes: each run of cues the reader
  /// hands over is checked and its findings worded on the thread that read it, and neither
  /// the cues nor the findings are kept. The report is byte for byte the one `write` makes.
  ///
  /// Only for a large SRT file in UTF-8 whose track has no rule about it as a whole that
  /// must see every cue first (`translation.script-mismatch` for a language that expects a
  /// script): any other file is read whole and given back, before anything is written.
  static func validateStreaming(
    _ file: String, options: InputOptions, profile: ValidationProfile, validator: Validator,
    output: String?, in context: CommandContext
  ) throws(CommandFailure) -> StreamedCheck {
    let id = "1"
    let trackFindings = FindingsBox()
    var counts = (errors: 0, warnings: 0, remarks: 0)
    // Opened when the first bytes are ready, once the file is known to be streamed.
    let report = ReportOutput(path: output, context: context)
    var pending: [UInt8] = []
    let streamed: CaptionFileReader.Streamed
    do throws(CaptionFileReader.Failure) {
      streamed = try options.reader.stream(path: file) { track in
        let validation = ValidationContext(tracks: [track], profile: profile)
        guard !validator.trackRulesNeedCues(track, in: validation) else { return false }
        trackFindings.list = validator.checkTrack(
          track, scripts: ScriptCounts(), in: validation, id: id)
        // Findings about the whole track come first: with no place, before any cue's.
        return trackFindings.list.allSatisfy { $0.location == nil }
      } handle: { run, track in
        Self.report(
          run, of: track, id: id, before: run.isFirst ? trackFindings.list : [],
          profile: profile, validator: validator)
      } consume: { (part: ReportPart) in
        counts.errors += part.errors
        counts.warnings += part.warnings
        counts.remarks += part.remarks
        part.text.bytes.withBytes { text in
          // A part is about a chunk already: it goes out as it is.
          if pending.isEmpty && text.count >= chunkSize / 2 {
            report.write(text)
          } else {
            pending.append(contentsOf: text)
          }
        }
        if pending.count >= chunkSize {
          report.write(pending)
          pending.removeAll(keepingCapacity: true)
        }
      }
    } catch {
      throw InputOptions.failure(error)
    }
    if case .read(let result) = streamed { return .read(result) }
    let summary: [Severity: Int] = [
      .error: counts.errors, .warning: counts.warnings, .remark: counts.remarks,
    ]
    pending += TextReportWriter.summaryLine(files: 1, counts: summary).utf8
    report.write(pending)
    do {
      try report.finish()
    } catch {
      return .unwritten(error)
    }
    return .written(counts: summary)
  }

  /// The findings about the whole track, found before its cues are read and read by the
  /// threads that word the first run's findings after.
  private final class FindingsBox: @unchecked Sendable {
    var list: [Diagnostic] = []
  }

  /// The text of the findings about one run of cues, and their counts.
  struct ReportPart: Sendable {
    var text: ReportText
    var errors = 0
    var warnings = 0
    var remarks = 0
  }

  /// The worded findings of one run, handed to the thread that writes them as they were
  /// made, without a copy.
  final class ReportText: @unchecked Sendable {
    let bytes: ByteBuffer

    init(_ bytes: consuming ByteBuffer) {
      self.bytes = bytes
    }
  }

  /// Checks the cues of `run` and words their findings, the reader's among them at their
  /// places (first at a place both have), after `before`.
  private static func report(
    _ run: CueRun, of track: Track, id: String, before: [Diagnostic],
    profile: ValidationProfile, validator: Validator
  ) -> ReportPart {
    let validation = ValidationContext(tracks: [track], profile: profile)
    let found = validator.checkCues(
      run.cues, in: run.range, after: run.base, previous: run.previous, latestEnd: run.latestEnd,
      of: track, in: validation, id: id, threads: 1
    ).findings
    var read = Validator.sorted(Validator.configure(run.diagnostics, profile: profile))
    for index in read.indices where read[index].track != id { read[index].track = id }
    // The reader's findings first at a place both have, as in the report of the whole file.
    let merged = Validator.merge(read, before.isEmpty ? found : before + found)
    var errors = 0
    var warnings = 0
    var remarks = 0
    var text = ByteBuffer(capacity: merged.count * 200 + 256)
    // Read in place: a copy of each finding would take a reference to its table.
    merged.withUnsafeBufferPointer { merged in
      for index in merged.indices {
        switch merged[index].severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .remark: remarks += 1
        }
        TextReportWriter.append(merged[index], to: &text)
      }
    }
    return ReportPart(
      text: ReportText(text), errors: errors, warnings: warnings, remarks: remarks)
  }
}
