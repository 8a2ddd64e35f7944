package import CaptionCore

/// A run of the cues of a file read in parts and handed over as it is read
/// (`CaptionFileReader.stream`), with what the cues before it leave.
package struct CueRun: Sendable {
  /// The cues of the run: those of `range` in `cues`, with their places in the file.
  package var cues: [Cue]
  package var range: Range<Int>
  /// The number of cues of the file before the first of `cues`.
  package var base: Int
  /// The reader's findings in the run, sorted by position; for the first run, also those
  /// before its cues.
  package var diagnostics: [Diagnostic]
  /// The cue before the run, and the earlier cue that ends last (the first of those), with
  /// their numbers in the file.
  package var previous: (index: Int, start: MediaTime, end: MediaTime)?
  package var latestEnd: (index: Int, end: MediaTime)?
  /// True for the file's first run, the only one with what comes before any cue.
  package var isFirst: Bool
}
