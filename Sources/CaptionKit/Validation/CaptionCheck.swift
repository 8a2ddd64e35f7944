public import CaptionCore
public import CaptionFormats
public import CaptionValidation

/// The library's front door: checks media files (with their embedded tracks, sidecars and
/// speech), caption files and folders, and returns the report: every track, every finding
/// sorted by place, and for each media file its coverage and WCAG 1.2.x verdicts.
///
///     let report = try CaptionCheck().validate(["movie.mp4"])
///
/// `captionkit validate` and `batch` go through it; a report is written with
/// `TextReportWriter`, `JSONReportWriter`, `JUnitReportWriter` or `SARIFReportWriter`.
public struct CaptionCheck: Sendable {
  /// The rules' severities and limits (`Configuration.defaults`' web profile by default).
  public var profile: ValidationProfile
  /// How caption files are read: the size limit, a forced encoding, the language.
  public var reader: CaptionFileReader
  /// Whether the audio of media is analysed for speech.
  public var audio: MediaInput.AudioChoice = .automatic
  /// The audio stream to analyse, numbered as the probe lists them; nil for the default one.
  public var audioStream: Int?
  /// The language translations are compared with; nil for the captions', else English.
  public var sourceLocale: LanguageTag?
  /// The rules.
  public var validator = Validator()
  /// Keeps the times of every track's cues in the report, for the HTML report's timeline.
  public var keepsCueTimes = false
  /// Reads standard input, for the path `-`; nil when there is none to read.
  public var standardInput: (@Sendable () throws(CaptionFileReader.Failure) -> [UInt8])?
  /// Runs the reading of each input file (a media file with its tracks and audio, or a
  /// caption file) and gives what it read, or a failure that replaces it; nil reads
  /// directly. A command bounds the time one input takes with it (`--timeout`).
  package var readsInput:
    (@Sendable (_ path: String, _ read: @escaping @Sendable () -> InputRead) -> InputRead)?

  /// The profile of each input file, for a command that finds one per input (a
  /// configuration file in its folder); nil uses `profile` for every input. Throwing stops
  /// the whole check.
  package var profileForInput:
    (@Sendable (_ path: String) throws(CheckStopped) -> ValidationProfile)?

  /// What is read of one input file before it is checked.
  package enum InputRead: Sendable {
    case media(Result<MediaInput, InputFailure>, notes: [String])
    case captions(Result<ReadResult, InputFailure>)
    /// The read stopped the whole check.
    case stopped(CheckStopped)
    /// The read was given up on; this failure is the input's.
    case failed(InputFailure)
  }

  public init(
    profile: ValidationProfile = CaptionCheck.defaultProfile,
    reader: CaptionFileReader = CaptionFileReader()
  ) {
    self.profile = profile
    self.reader = reader
  }

  /// The compiled-in configuration's default profile (`web`).
  public static var defaultProfile: ValidationProfile {
    guard let profile = Configuration.defaults.profile() else {
      preconditionFailure(
        "the compiled-in configuration has no \(Configuration.defaultProfileName)")
    }
    return profile
  }

  /// Checks every path in order: a media file with its sidecars, a caption file, or a
  /// folder's media files (with their sidecars) and other caption files, in sorted order.
  /// An input that cannot be checked is a failure in the report's `messages`, and the others
  /// are still checked; only FFmpeg's libraries missing, or an option the media does not
  /// fit, stops the whole check (with what it had said so far).
  public func validate(_ paths: [String]) throws(CheckStopped) -> ValidationReport {
    var report = ValidationReport()
    if keepsCueTimes { report.cueTimes = HTMLReportCollector() }
    var validator = self.validator
    for path in paths {
      let inputs: (media: [String], captions: [String])
      do {
        inputs = try Self.inputFiles(of: path)
      } catch {
        report.messages.append(.failure(error))
        continue
      }
      for file in inputs.media {
        do {
          try checking(file).validateMedia(file, into: &report, validator: validator)
        } catch {
          var stopped = error
          stopped.messagesBefore = report.messages
          throw stopped
        }
      }
      // One caption file and nothing else: its cues are kept to the end anyway, so its
      // findings read what they need of their cues from them instead of keeping a copy.
      validator.findingsKeepCues =
        paths.count == 1 && inputs.media.isEmpty && inputs.captions.count == 1
      for file in inputs.captions {
        let check: CaptionCheck
        do {
          check = try checking(file)
        } catch {
          var stopped = error
          stopped.messagesBefore = report.messages
          throw stopped
        }
        check.validateCaptionFile(file, into: &report, validator: validator)
      }
    }
    return report
  }

  /// This check with the input's own profile (`profileForInput`).
  private func checking(_ file: String) throws(CheckStopped) -> CaptionCheck {
    guard let profileForInput else { return self }
    var check = self
    check.profile = try profileForInput(file)
    return check
  }

  /// Checks one media file with its tracks (the caption files `tracks` instead of its
  /// sidecars, when given) into `report`: its tracks, the media-level findings, the
  /// coverage and the WCAG verdicts; a failure to read it goes to the report's messages.
  package func validateMedia(
    _ path: String, tracks: [String]? = nil, into report: inout ValidationReport,
    validator: Validator? = nil
  ) throws(CheckStopped) {
    let validator = validator ?? self.validator
    let (reader, audio, audioStream) = (self.reader, self.audio, self.audioStream)
    let read = reading(path) {
      var notes: [String] = []
      do throws(CheckStopped) {
        let result = try MediaInput.read(
          path, reader: reader, audio: audio, audioStream: audioStream, tracks: tracks,
          notes: &notes)
        return .media(result, notes: notes)
      } catch {
        return .stopped(error)
      }
    }
    switch read {
    case .media(let result, let notes):
      report.messages += notes.map { .note($0) }
      switch result {
      case .failure(let failure): report.messages.append(.failure(failure))
      case .success(let input): add(input, to: &report, validator: validator)
      }
    case .failed(let failure): report.messages.append(.failure(failure))
    case .stopped(let stopped): throw stopped
    case .captions: preconditionFailure("a media file was read as a caption file")
    }
  }

  /// Reads one input file through `readsInput`, or directly.
  private func reading(_ path: String, _ read: @escaping @Sendable () -> InputRead) -> InputRead {
    guard let readsInput else { return read() }
    return readsInput(path, read)
  }

  /// Adds a media file read, its tracks checked, to `report`.
  private func add(_ input: MediaInput, to report: inout ValidationReport, validator: Validator) {
    let facts = input.facts
    let tracks = input.results.map(\.track)
    let validation = ValidationContext(
      tracks: tracks, media: facts, audio: input.audio, profile: profile,
      sourceLocale: sourceLocale)
    let firstDiagnostic = report.diagnostics.count
    var ids: [String] = []
    // Tracks without a cue that `coverage.no-captions` or `description.missing` names get
    // no finding of their own.
    let inputs = tracks.map { Validator.input(for: $0, context: validation) }
    let noCaptions =
      profile.severity(of: NoCaptionsRule()) != nil
      && NoCaptionsRule.findsNone(validation, tracks: inputs)
    let noDescriptions =
      profile.severity(of: DescriptionMissingRule()) != nil
      && DescriptionMissingRule.findsNone(validation, tracks: inputs)
    for (index, var result) in input.results.enumerated() {
      let id = report.nextTrackID
      ids.append(id)
      let findings = validator.validate(result.track, in: validation, id: id)
      let named =
        noCaptions && NoCaptionsRule.counts(inputs[index])
        || noDescriptions && DescriptionMissingRule.counts(inputs[index])
      if !named {
        Self.noteEmpty(&result, file: result.track.path ?? input.info.path)
      }
      result.diagnostics = Validator.configure(result.diagnostics, profile: profile)
      let rules = Self.checkedRules(
        result.track, profile: profile,
        ran: validator.applicableRules(to: result.track, in: validation))
      report.cueTimes?.add(result.track, id: id)
      report.add(result, findings: consume findings, checkedRules: rules)
    }
    var together = Validator.configure(input.diagnostics, profile: profile)
    together += validator.validateTogether(validation, ids: ids)
    report.addMediaFindings(together, trackIDs: ids, from: firstDiagnostic)
    let coverage = CoverageSummary(validation)
    let mediaFindings = Array(report.diagnostics[firstDiagnostic...])
    let wcag = WCAGEvaluator(
      media: facts, tracks: zip(ids, tracks).map { ($0, $1) }, audioAnalysed: input.audio != nil,
      diagnostics: mediaFindings
    ).verdicts()
    var entry = ValidationReport.MediaEntry(
      info: input.info, trackIDs: ids, coverage: coverage,
      coverageTrack: coverage.track.map { ids[$0] }, wcag: wcag,
      checkedRules: validator.contextRules(in: validation).map(\.id), speech: input.audio)
    entry.damage = input.damage
    entry.closedCaptions = input.closedCaptions
    report.media.append(entry)
  }

  /// Checks one caption file (`-`: standard input) into `report`: its track and findings,
  /// or the failure to read it.
  package func validateCaptionFile(
    _ file: String, into report: inout ValidationReport, validator: Validator? = nil
  ) {
    let validator = validator ?? self.validator
    let check = self
    let read = reading(file) {
      .captions(Result { () throws(InputFailure) -> ReadResult in try check.read(file) })
    }
    var result: ReadResult
    switch read {
    case .captions(.success(let read)): result = read
    case .captions(.failure(let failure)), .failed(let failure):
      report.messages.append(.failure(failure))
      return
    case .media, .stopped: preconditionFailure("a caption file was read as a media file")
    }
    let context = ValidationContext(tracks: [result.track], profile: profile)
    let findings = validator.validate(result.track, in: context, id: report.nextTrackID)
    Self.noteEmpty(&result, file: file == "-" ? "<stdin>" : file)
    result.diagnostics = Validator.configure(result.diagnostics, profile: profile)
    // The reader's rules, then every rule that ran: one JUnit test case each.
    let rules = Self.checkedRules(
      result.track, profile: profile, ran: validator.applicableRules(to: result.track, in: context))
    let id = report.nextTrackID
    report.cueTimes?.add(result.track, id: id)
    // The report takes the findings over, so that they are not held twice.
    report.add(result, findings: consume findings, checkedRules: rules)
  }

  /// Reads a caption file, or standard input for `-`.
  package func read(_ path: String) throws(InputFailure) -> ReadResult {
    do throws(CaptionFileReader.Failure) {
      guard path == "-" else { return try reader.read(path: path) }
      guard let standardInput else {
        throw .unreadable(path: "<stdin>", reason: "there is no standard input to read")
      }
      var result = try reader.read(bytes: standardInput(), path: "<stdin>")
      result.track.path = "-"
      return result
    } catch {
      throw InputFailure(error)
    }
  }

  /// The media files and the caption files a path names: a folder's media files and the
  /// caption files that are not their sidecars, or the path itself.
  package static func inputFiles(
    of path: String
  ) throws(InputFailure) -> (media: [String], captions: [String]) {
    guard path != "-", FolderWalker.isFolder(path) else {
      let isMedia =
        MediaInput.isMedia(path) || HLSPackage.isPlaylist(path) || DASHPackage.isManifest(path)
      return path != "-" && isMedia ? ([path], []) : ([], [path])
    }
    var files = try FolderWalker.files(in: path)
    // A folder that holds a multivariant playlist or a DASH manifest is one package: its
    // playlist or manifest is the input, and the rest is read through it, not on its own.
    let packages = files.filter {
      (HLSPackage.isPlaylist($0) && HLSPackage.isMultivariant(path: $0))
        || DASHPackage.isManifest($0)
    }
    if !packages.isEmpty {
      let folders = packages.map { PackageFolder.folder(of: $0) + "/" }
      files = files.filter { file in
        packages.contains(file) || !folders.contains { file.hasPrefix($0) }
      }
    }
    let mediaFiles = files.filter { MediaInput.isMedia($0) || packages.contains($0) }
    // Caption files that belong to a media file are checked with it, not twice.
    let sidecars = Self.sidecars(of: mediaFiles, among: files)
    // A `.xml` file is read only when it is TTML: libraries hold other XML (packing lists,
    // player metadata) that is not captions.
    let captionFiles = files.filter { file in
      FormatRegistry.entry(forPath: file)?.canRead == true && !sidecars.contains(file)
        && (!file.lowercased().hasSuffix(".xml") || TTMLSniffer.looksLikeTTML(path: file))
    }
    if mediaFiles.isEmpty && captionFiles.isEmpty {
      throw InputFailure(.missing, "\(path): no media or caption files in the folder")
    }
    return (mediaFiles, captionFiles)
  }

  /// The files among `files` that are sidecars of one of `media` (in the same folder, named
  /// after it); linear in the number of files: each file's name is looked up by the stems it
  /// could belong to (`movie`, `movie.en` for `movie.en.vtt`).
  package static func sidecars(of media: [String], among files: [String]) -> Set<String> {
    func split(_ path: String) -> (folder: Substring, name: Substring) {
      guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
      return (path[..<slash], path[path.index(after: slash)...])
    }
    var byStem: [String: [String]] = [:]
    for path in media {
      let (folder, name) = split(path)
      byStem[folder + "/" + SidecarName.baseName(ofMedia: String(name)), default: []]
        .append(String(name))
    }
    var result: Set<String> = []
    for file in files where !MediaInput.isMedia(file) {
      let (folder, name) = split(file)
      var index = name.startIndex
      while let dot = name[index...].firstIndex(of: ".") {
        let stem = folder + "/" + name[..<dot]
        if let names = byStem[String(stem)],
          names.contains(where: { SidecarName.belongs(String(name), to: $0) })
        {
          result.insert(file)
          break
        }
        index = name.index(after: dot)
      }
    }
    return result
  }

  /// Adds the `coverage.empty-track` finding to `result` when its track has no cue and its
  /// reader did not refuse it (its error says so then).
  private static func noteEmpty(_ result: inout ReadResult, file: String) {
    guard !result.isRejected,
      let finding = EmptyTrackRule().finding(for: result.track, file: file)
    else { return }
    result.diagnostics.insert(finding, at: 0)
  }

  /// Every rule checked on a track, in the order of `RuleRegistry`: its reader's rules,
  /// `coverage.empty-track` and the rules that `ran` on it, those that are on.
  private static func checkedRules(
    _ track: Track, profile: ValidationProfile, ran: [any Rule]
  ) -> [String] {
    var checked = Set(readerRules(track, profile: profile) + ran.map(\.id))
    let empty = EmptyTrackRule()
    if profile.severity(of: empty) != nil { checked.insert(empty.id) }
    return RuleRegistry.rules.map(\.id).filter(checked.contains)
  }

  /// The reader's rules that are on for a track.
  package static func readerRules(_ track: Track, profile: ValidationProfile) -> [String] {
    let legacy = track.format == .webvtt ? [WebVTTReader.legacyHeaderRule] : []
    return (["parse.\(track.format.rawValue)"] + legacy + ["parse.encoding"]).filter { id in
      RuleRegistry.rule(id: id).map { profile.severity(of: $0) != nil } ?? false
    }
  }
}
