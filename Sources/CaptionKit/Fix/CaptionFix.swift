public import CaptionCore
public import CaptionFormats
public import CaptionRepair
public import CaptionValidation

/// `captionkit fix`: repairs what the rules find that can be repaired without changing a
/// word, writes the track, and checks what was written.
///
/// The repairs run on the track as read: the file-level ones (the header's language tag),
/// then the lines (rebroken, or cues split, by the locale's limits), then the timing. The
/// writer then gives the file its canonical form: UTF-8 without a byte order mark, the
/// legacy WebVTT header in a NOTE block, tags closed. What was written is read back and
/// validated with the chosen rules: a finding of the input that is gone is reported fixed;
/// one still there is reported as not fixed, with the finding of the output.
public struct CaptionFix: Sendable {
  /// The rules `fix` repairs, in the order their repairs run.
  public static let repairableRules: [String] = [
    "parse.encoding", "parse.webvtt-legacy-header", "parse.webvtt", "parse.srt", "parse.ass",
    "parse.ttml", "parse.scc", "translation.language-tag",
    "readability.unbalanced-tags", "readability.line-length", "readability.line-count",
    "timing.out-of-order", "timing.overlap", "timing.zero-duration", "timing.min-duration",
    "timing.max-duration", "readability.cps", "timing.min-gap", "timing.beyond-media",
  ]

  /// The profile whose limits the repairs meet.
  public var profile: ValidationProfile
  /// The rules to repair: some of `repairableRules`.
  public var rules: Set<String>
  /// Frames per second for the minimum gap; nil when neither the media nor the user gave it
  /// (the gap is then not repaired).
  public var frameRate: Double?
  /// The media's duration, for cues beyond it; nil when there is no media.
  public var mediaDuration: MediaTime?

  public init(
    profile: ValidationProfile, rules: Set<String> = Set(CaptionFix.repairableRules),
    frameRate: Double? = nil, mediaDuration: MediaTime? = nil
  ) {
    self.profile = profile
    self.rules = rules
    self.frameRate = frameRate
    self.mediaDuration = mediaDuration
  }

  /// What a run did.
  public struct Outcome: Sendable {
    /// The track as written.
    public var track: Track
    /// The output's bytes.
    public var bytes: [UInt8]
    /// Every change made, and every repair that could not be made, in the input's order.
    public var changes: [RepairChange]
    /// Findings of the chosen rules on the output as written and read back: what could not
    /// be repaired. Their positions are in the output.
    public var remaining: [Diagnostic]
    /// What the output format could not carry (`convert.lossy`).
    public var losses: [Diagnostic]
    /// Rules chosen but not repaired for want of media facts, with the reason.
    public var skipped: [(rule: String, reason: String)]
    /// The profile the limits and severities came from.
    public var profile: ValidationProfile
    /// For each cue written, the index of the cue it was made from in the track as read
    /// (the parts of a split cue share it).
    public var origins: [Int]
    /// The written track as read back, with every cue's words; nil when it could not be read.
    var readBack: Track?
  }

  /// The rules that cannot run: the minimum gap needs a frame rate. (Cues beyond the media
  /// need its duration too, but without media no cue is beyond it, for `validate` either.)
  public var skippedRules: [(rule: String, reason: String)] {
    var skipped: [(rule: String, reason: String)] = []
    if rules.contains("timing.min-gap"), frameRate == nil {
      skipped.append(
        ("timing.min-gap", "the minimum gap is counted in frames; give --media or --fps"))
    }
    return skipped
  }

  /// How the change for a reader's finding that writing repairs begins.
  static let rewrittenPrefix = "rewritten as read: "

  /// The rules of the readers' findings on a file's syntax (a counter out of sequence, a
  /// missing blank line, a setting that cannot be read), which writing the track as read
  /// repairs: the writer writes the format's own form of what the reader read.
  static let syntaxRules: Set<String> = [
    "parse.webvtt", "parse.srt", "parse.ass", "parse.ttml", "parse.scc",
  ]

  /// The reader's findings about text it left out of the track (a cue whose timing it
  /// cannot read, text outside any cue, an event without a time, an element or a byte pair
  /// it could not place: `Diagnostic.losesText`), which a fixed copy, written from the
  /// track, would lose. `fix` writes nothing while there are any, so that no word is lost.
  public static func unreadParts(of input: ReadResult) -> [Diagnostic] {
    input.diagnostics.filter(\.losesText)
  }

  /// The rules whose repairs rebreak lines and split cues.
  static let lineRules: Set<String> = ["readability.line-length", "readability.line-count"]

  /// Repairs `input` (its track and the reader's findings; `inputBytes` are the file's bytes
  /// as read) and writes it with `format`'s writer, read back with `reader`.
  ///
  /// The output is read back and its words compared with the input's (`FixInvariants`).
  /// Where a rebroken line would not read back as the words it holds (text that looks like
  /// a timing line, `1 --> 2`, put at the start of an SRT line, which then starts a cue),
  /// the file is repaired again without rebreaking lines, and that is reported as not made.
  public func run(
    _ input: ReadResult, inputBytes: [UInt8], format: FormatRegistry.Entry,
    outputPath: String?
  ) -> Outcome {
    let outcome = repair(input, inputBytes: inputBytes, format: format, outputPath: outputPath)
    let rebroken = rules.intersection(Self.lineRules)
    guard outcome.losses.isEmpty, !rebroken.isEmpty,
      let written = outcome.readBack,
      let changed = FixInvariants.cuesWithChangedWords(
        input: input.track, written: written, origins: outcome.origins),
      let first = changed.first
    else { return outcome }
    var unbroken = self
    unbroken.rules.subtract(Self.lineRules)
    var second = unbroken.repair(
      input, inputBytes: inputBytes, format: format, outputPath: outputPath)
    for rule in Self.repairableRules where rebroken.contains(rule) {
      second.changes.append(
        RepairChange(
          rule: rule, cueIndex: first, fixed: false,
          message:
            "left the lines of the file as they were: rebroken, cue \(first + 1) would not read "
            + "back with its words (such as text that looks like a timing line put at the "
            + "start of a line, where it starts a cue)"))
    }
    return second
  }

  private func repair(
    _ input: ReadResult, inputBytes: [UInt8], format: FormatRegistry.Entry,
    outputPath: String?
  ) -> Outcome {
    let skipped = skippedRules
    var active = rules
    for entry in skipped { active.remove(entry.rule) }
    let context = ValidationContext(
      tracks: [input.track],
      media: MediaFacts(duration: mediaDuration, frameRate: frameRate), profile: profile)
    // Only what validation would check on this track: the rules for its kind (no line
    // repairs on chapters), and not those the profile turns off.
    let chosen = Validator(rules: RuleRegistry.rules.filter { active.contains($0.id) })
    let applicable = Set(
      (chosen.applicableRules(to: input.track, in: context)
        + chosen.contextRules(in: context)).map(\.id))
    active = active.filter { id in
      guard let rule = RuleRegistry.rule(id: id) else { return false }
      return applicable.contains(id)
        || (rule.needs.contains(.external) && profile.severity(of: rule) != nil)
    }
    let validator = Validator(rules: RuleRegistry.rules.filter { active.contains($0.id) })
    // What the reader found; the rules' findings are not needed before repairing.
    let before = Validator.configure(input.diagnostics, profile: profile).filter {
      active.contains($0.rule)
    }

    var track = input.track
    var changes: [RepairChange] = []
    changes += fileRepairs(
      &track, rules: active, before: before, inputBytes: inputBytes, format: format.format)
    let repairs = TrackRepairs(
      profile: profile, rules: active, frameRate: frameRate, mediaDuration: mediaDuration)
    let repaired = repairs.repair(&track)
    changes += repaired.changes
    // In the input's order: file-wide changes first, then by cue, each cue's by its line
    // (a reader's finding has one of its own) and then in the order made.
    let cues = input.track.cues
    func line(_ change: RepairChange) -> Int {
      if let line = change.location?.line { return line }
      guard let index = change.cueIndex, cues.indices.contains(index) else { return 0 }
      return cues[index].location?.line ?? 0
    }
    changes = changes.enumerated().map { (line($0.element), $0.offset, $0.element) }.sorted {
      ($0.2.cueIndex ?? -1, $0.0, $0.1) < ($1.2.cueIndex ?? -1, $1.0, $1.1)
    }.map(\.2)

    var bytes: [UInt8] = []
    let losses = format.writer.map { $0(track, &bytes) } ?? []
    // In the same format, a file with nothing repaired is written as it was, byte for byte.
    let asItWas =
      format.format == input.track.format && losses.isEmpty && !inputBytes.isEmpty
    if format.format == input.track.format {
      // Otherwise the same format keeps the input's line breaks.
      bytes =
        asItWas && changes.isEmpty ? inputBytes : Self.keepingLineBreaks(bytes, of: inputBytes)
    }
    /// The track `bytes` were last read back as.
    var readTrack: Track?
    /// What the chosen rules find in `bytes` read back, and the readers' syntax findings.
    func readBack(_ bytes: [UInt8]) -> (remaining: [Diagnostic], syntax: [Diagnostic]) {
      let reader = CaptionFileReader()
      guard var result = try? reader.read(bytes: bytes, path: outputPath ?? "-") else {
        readTrack = nil
        return ([], [])
      }
      readTrack = result.track
      // Checked as the input's track was repaired, whatever the output's name says of its
      // language and kind (`c2.out.vtt` is not in a language `out`).
      result.track.language = input.track.language
      result.track.kind = input.track.kind
      let written = ValidationContext(
        tracks: [result.track],
        media: MediaFacts(duration: mediaDuration, frameRate: frameRate), profile: profile)
      let remaining =
        validator.validate(written)
        + Validator.configure(result.diagnostics, profile: profile).filter {
          active.contains($0.rule)
        }
      return (
        remaining,
        result.diagnostics.filter { Self.syntaxRules.contains($0.rule) && active.contains($0.rule) }
      )
    }
    var (remaining, syntax) = readBack(bytes)
    Self.keepRewrittenFindings(syntax, in: &changes)
    if asItWas, bytes != inputBytes, !changes.contains(where: \.fixed),
      Self.writes(input.track, as: bytes, with: format, inputBytes: inputBytes)
    {
      // Every change was one that writing could not make (a reader's finding the writer
      // writes again): nothing was repaired after all. (A change that went part of the way,
      // such as an end moved as far as the maximum duration lets it, is not fixed either,
      // but it changed the track, and is written.)
      bytes = inputBytes
      remaining = readBack(bytes).remaining
    }
    return Outcome(
      track: track, bytes: bytes, changes: changes, remaining: remaining, losses: losses,
      skipped: skipped, profile: profile, origins: repaired.origins, readBack: readTrack)
  }

  /// `bytes` (UTF-8, written with LF) with CR LF line breaks when most of `input`'s are.
  public static func keepingLineBreaks(_ bytes: [UInt8], of input: [UInt8]) -> [UInt8] {
    breaksLinesWithCRLF(input) ? withCRLF(bytes) : bytes
  }

  /// True when `track` written in `format` (with the line breaks of `inputBytes`) gives
  /// `bytes`.
  private static func writes(
    _ track: Track, as bytes: [UInt8], with format: FormatRegistry.Entry, inputBytes: [UInt8]
  ) -> Bool {
    var written: [UInt8] = []
    _ = format.writer.map { $0(track, &written) }
    return keepingLineBreaks(written, of: inputBytes) == bytes
  }

  /// Marks the changes for readers' findings that `written` (the findings of the output read
  /// back) still has as not made: the writer writes them again, as what was read (cue text
  /// such as a `<v>` without a name, a region defined twice). One the input did not have
  /// in those words is added as not made.
  static func keepRewrittenFindings(_ written: [Diagnostic], in changes: inout [RepairChange]) {
    for finding in written {
      let claimed = rewrittenPrefix + finding.message
      if let index = changes.firstIndex(where: {
        $0.fixed && $0.rule == finding.rule && $0.message == claimed
      }) {
        changes[index].fixed = false
        changes[index].message = keptPrefix + finding.message
      } else {
        changes.append(
          RepairChange(
            rule: finding.rule, cueIndex: nil, fixed: false,
            message: keptPrefix + finding.message))
      }
    }
  }

  /// How a change for a reader's finding that writing keeps begins.
  static let keptPrefix = "kept as read: "

  /// Whether most line breaks of `bytes` are CR LF (in an 8-bit encoding or UTF-8, or in
  /// UTF-16 of either byte order).
  static func breaksLinesWithCRLF(_ bytes: [UInt8]) -> Bool {
    var feeds = 0
    var pairs = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      feeds += 1
      if index >= 1, bytes[index - 1] == 0x0D {
        pairs += 1
      } else if index >= 2, bytes[index - 1] == 0, bytes[index - 2] == 0x0D {
        pairs += 1  // UTF-16: 0D 00 0A 00, or 00 0D 00 0A
      }
    }
    return feeds > 0 && pairs * 2 > feeds
  }

  /// `bytes` (UTF-8) with every line feed not after a carriage return made CR LF.
  static func withCRLF(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 16)
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == 0x0A && previous != 0x0D { result.append(0x0D) }
      result.append(byte)
      previous = byte
    }
    return result
  }

  /// The repairs of the file as a whole: encoding and byte order mark (made by writing),
  /// the legacy WebVTT header (a NOTE block when written as WebVTT), and the header's
  /// language tag.
  private func fileRepairs(
    _ track: inout Track, rules: Set<String>, before: [Diagnostic], inputBytes: [UInt8],
    format: TrackFormat
  ) -> [RepairChange] {
    var changes: [RepairChange] = []
    for diagnostic in before
    where Self.syntaxRules.contains(diagnostic.rule) && rules.contains(diagnostic.rule) {
      changes.append(
        RepairChange(
          rule: diagnostic.rule, cueIndex: diagnostic.cue.map { $0.index - 1 },
          message: Self.rewrittenPrefix + diagnostic.message, location: diagnostic.location))
    }
    if rules.contains("parse.encoding") {
      if let encoding = track.encoding, encoding != TextEncoding.utf8.rawValue {
        changes.append(
          RepairChange(
            rule: "parse.encoding", cueIndex: nil,
            message: "re-encoded the text from \(encoding) to UTF-8"))
      }
      if inputBytes.starts(with: TextEncoding.utf8.byteOrderMark) {
        changes.append(
          RepairChange(
            rule: "parse.encoding", cueIndex: nil, message: "dropped the byte order mark"))
      }
    }
    if rules.contains("parse.webvtt-legacy-header"),
      before.contains(where: { $0.rule == "parse.webvtt-legacy-header" })
    {
      changes.append(
        format == .webvtt
          ? RepairChange(
            rule: "parse.webvtt-legacy-header", cueIndex: nil,
            message: "moved the legacy header lines into a NOTE block under the WEBVTT line")
          : RepairChange(
            rule: "parse.webvtt-legacy-header", cueIndex: nil,
            message: "left out the legacy header lines, which \(format) has no place for"))
    }
    if rules.contains("translation.language-tag") {
      for (index, line) in track.header.enumerated() {
        guard let colon = line.firstIndex(of: ":"),
          line[..<colon].trimmingSpaces.lowercased() == "language"
        else { continue }
        let declared = line[line.index(after: colon)...].trimmingSpaces
        if let tag = LanguageTag(declared), let language = track.language,
          !LanguageTagRule.agree(tag, language)
        {
          changes.append(
            RepairChange(
              rule: "translation.language-tag", cueIndex: nil, fixed: false,
              message:
                "the header's Language \(tag) and the track's language \(language) disagree; "
                + "which is right is not something fix can tell"))
        }
        guard !declared.isEmpty, LanguageTag(declared) == nil else { continue }
        let candidate = String(declared.map { $0 == "_" ? "-" : $0 })
        if let tag = LanguageTag(candidate) {
          track.header[index] = "Language: \(tag)"
          changes.append(
            RepairChange(
              rule: "translation.language-tag", cueIndex: nil,
              message: "wrote the header's Language \(declared) as the BCP 47 tag \(tag)"))
        } else {
          changes.append(
            RepairChange(
              rule: "translation.language-tag", cueIndex: nil, fixed: false,
              message:
                "the header's Language \(declared) is no BCP 47 tag, and none can be made of it"
            ))
        }
      }
    }
    return changes
  }
}

extension StringProtocol {
  /// The text without spaces and tabs at either end.
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
