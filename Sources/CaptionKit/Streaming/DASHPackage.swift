import CaptionCore
import CaptionFormats
import CaptionMedia

/// Reads a local DASH package for validation: the manifest, its text adaptation sets whose
/// representation is a caption file (WebVTT or TTML, addressed by `BaseURL`), and the media
/// (through FFmpeg's DASH reader, once every address is known to be inside the folder). Each
/// text set becomes a track with its `lang`, and a kind from its `Role` and `Accessibility`
/// descriptors; the manifest's own problems are findings at its lines.
public enum DASHPackage {
  /// The rule ids of the package's findings.
  public enum Rule {
    public static let uri = "dash.uri"
    public static let language = "dash.language"
    public static let role = "dash.role"
    public static let accessibility = "dash.accessibility"
  }

  public static let roleScheme = "urn:mpeg:dash:role:2011"
  public static let purposeScheme = "urn:tva:metadata:cs:AudioPurposeCS:2007"
  /// The values of `urn:mpeg:dash:role:2011` (ISO/IEC 23009-1, 5.8.5.5).
  public static let roles: Set<String> = [
    "caption", "subtitle", "main", "alternate", "supplementary", "commentary", "dub",
    "description", "sign", "metadata", "enhanced-audio-intelligibility", "emergency",
    "forced-subtitle", "easyreader", "karaoke",
  ]

  public static func isManifest(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".mpd")
  }

  static func read(
    _ path: String, reader: CaptionFileReader, audio choice: MediaInput.AudioChoice,
    notes: inout [String]
  ) throws -> MediaInput {
    let bytes = try PackageFolder.loadEntry(
      path, maximumSize: DASHManifestParser.maximumSize, holding: "manifest and segments")
    let parsed = DASHManifestParser.parse(bytes, path: path)
    guard let manifest = parsed.manifest else {
      throw InputFailure(
        .unusable, "\(path): \(parsed.diagnostics.first?.message ?? "not a DASH manifest")")
    }
    guard let folder = PackageFolder(playlist: path) else {
      throw InputFailure(.missing, "\(path): its folder cannot be read")
    }
    var diagnostics = parsed.diagnostics
    func report(
      _ rule: String, _ severity: Severity, _ message: String, line: Int?, file: String? = nil,
      hint: String? = nil
    ) {
      diagnostics.append(
        Diagnostic(
          rule: rule, severity: severity, message: message, file: file ?? path,
          location: line.map { SourceLocation(line: $0, column: 1, offset: 0) }, hint: hint))
    }
    if manifest.periods.count > 1 {
      report(
        Rule.uri, .remark,
        "the manifest has \(manifest.periods.count) periods; only the first is read",
        line: manifest.periods[1].line)
    }
    guard let period = manifest.periods.first else {
      throw InputFailure(.unusable, "\(path): the manifest has no Period")
    }
    // Every address must be local and inside the folder before FFmpeg reads the media.
    var mediaReadable = true
    var results: [ReadResult] = []
    var textSets = 0
    var captioned = false
    /// The text sets' bytes: FFmpeg is given the manifest without them.
    var textRanges: [Range<Int>] = []
    for set in period.adaptationSets {
      let mime = set.mimeType ?? set.representations.first?.mimeType ?? ""
      let isText =
        set.contentType == "text" || mime.hasPrefix("text/") || mime == "application/ttml+xml"
        || (mime == "application/mp4"
          && (set.codecs ?? set.representations.first?.codecs ?? "")
            .hasPrefix("stpp")
          || (set.codecs ?? "").hasPrefix("wvtt"))
      let what = "\(isText ? "text" : set.contentType ?? "an") adaptation set \(set.id ?? "")"
        .replacing("  ", with: " ")
      // Addresses.
      for representation in set.representations {
        var uris: [String] = []
        if let base = representation.baseURL ?? set.baseURL { uris.append(base) }
        if let initialization = representation.initialization {
          uris.append(
            templateFolder(period, set, representation)
              + DASHFragments.substitute(
                initialization, id: representation.id ?? "",
                bandwidth: representation.bandwidth ?? "", number: 0, time: 0))
        }
        for uri in uris {
          switch folder.resolve(uri, from: path) {
          case .failure(.remote):
            report(
              Rule.uri, .error,
              "\(what) names a remote URL (\(uri)); only local packages are read",
              line: representation.line)
            if !isText { mediaReadable = false }
          case .failure(.outside):
            report(
              Rule.uri, .error,
              "\(what) names \(uri), outside the package folder; it is not "
                + "read", line: representation.line)
            if !isText { mediaReadable = false }
          case .success(let file):
            if PackageFolder.realPath(file) == nil {
              report(
                Rule.uri, .error, "\(what) names \(uri), which does not exist",
                line: representation.line)
              if !isText { mediaReadable = false }
            }
          }
        }
        if let media = representation.media, leavesPackage(media) {
          report(
            Rule.uri, .error, "\(what) has a segment template (\(media)) that leaves the package",
            line: representation.line)
          if !isText { mediaReadable = false }
        }
      }
      let roles = set.roles.filter { $0.scheme == roleScheme }.compactMap(\.value)
      let purposes = set.accessibility.filter { $0.scheme == purposeScheme }.compactMap(\.value)
      for role in set.roles where role.scheme == roleScheme {
        if let value = role.value, !roles.isEmpty, !DASHPackage.roles.contains(value) {
          report(
            Rule.role, .error,
            "\(what) has Role \"\(value)\", which \(roleScheme) does not define", line: role.line,
            hint: "use caption, subtitle, forced-subtitle, description or main")
        }
      }
      // Language.
      if set.contentType != "video", !(mime.hasPrefix("video/")) {
        if let language = set.language, language != "und" {
          if LanguageTag(language) == nil {
            report(
              Rule.language, .error, "\(what) has lang \"\(language)\", not a BCP 47 tag",
              line: set.line)
          }
        } else {
          report(
            Rule.language, isText ? .error : .warning,
            "\(what) has no lang\(set.language == "und" ? " (it is \"und\")" : ""); players "
              + "cannot offer it by the viewer's language", line: set.line,
            hint: "add lang=\"en\" (the BCP 47 tag of its language)")
        }
      }
      if mime.hasPrefix("audio/") || set.contentType == "audio" {
        if roles.contains("description") != purposes.contains("1") {
          report(
            Rule.accessibility, .warning,
            roles.contains("description")
              ? "\(what) has Role description but no Accessibility \(purposeScheme) value 1; "
                + "players that look for audio description by it do not find it"
              : "\(what) has Accessibility \(purposeScheme) value 1 (audio description) but no "
                + "Role description", line: set.line)
        }
        continue
      }
      guard isText else { continue }
      textSets += 1
      textRanges.append(set.byteRange)
      if roles.isEmpty {
        report(
          Rule.role, .warning,
          "\(what) has no Role (\(roleScheme)); players cannot tell captions from subtitles",
          line: set.line,
          hint: "add <Role schemeIdUri=\"\(roleScheme)\" value=\"caption\"/> "
            + "or value=\"subtitle\"")
      }
      let isCaption = roles.contains("caption") || purposes.contains("2")
      if isCaption { captioned = true }
      if roles.contains("caption"), !purposes.contains("2") {
        report(
          Rule.accessibility, .warning,
          "\(what) has Role caption but no Accessibility \(purposeScheme) value 2 (for the "
            + "hard of hearing)", line: set.line,
          hint: "add <Accessibility schemeIdUri=\"\(purposeScheme)\" value=\"2\"/>")
      }
      // The captions themselves: a sidecar file.
      guard let representation = set.representations.first else { continue }
      let kind: TrackKind =
        roles.contains("forced-subtitle")
        ? .forced : isCaption ? (purposes.contains("2") ? .sdh : .captions) : .subtitles
      if mime == "application/mp4" {
        if let result = fragmentTrack(
          representation, of: set, what: what, period: period,
          length: period.duration ?? manifest.duration, folder: folder, manifest: path,
          reader: reader, report: &diagnostics)
        {
          var result = result
          result.track.language = set.language.flatMap(LanguageTag.init)
          result.track.kind = kind
          results.append(result)
        }
        continue
      }
      guard let base = representation.baseURL ?? set.baseURL,
        case .success(let file) = folder.resolve(base, from: path),
        PackageFolder.realPath(file) != nil
      else { continue }
      var result: ReadResult
      do throws(CaptionFileReader.Failure) {
        result = try reader.read(path: file)
      } catch {
        report(Rule.uri, .error, "\(what): \(error)", line: representation.line)
        continue
      }
      result.track.language = set.language.flatMap(LanguageTag.init)
      result.track.kind = kind
      result.track.source = .sidecar
      results.append(result)
    }
    guard mediaReadable else {
      let reason = diagnostics.first { $0.rule == Rule.uri }?.message ?? "addresses refused"
      throw InputFailure(
        .unusable, "\(path): the package's media cannot be read (\(reason)); it is not checked")
    }
    // FFmpeg's DASH reader opens every representation and refuses caption files among them,
    // so it reads a copy of the manifest without the text sets, whose base is the package
    // folder (every address in it was checked above).
    let copy = try mediaManifest(bytes, manifest: manifest, without: textRanges, folder: folder)
    defer { PackageFiles.remove(copy) }
    let media = try PackageMedia.read(
      copy, as: path, audio: choice, closedCaptions: true, notes: &notes,
      failure: "the package's media cannot be read")
    var closedCaptions: [ClosedCaptionTracks.StreamSummary] = []
    if let captions = media.closedCaptions {
      let decoded = ClosedCaptionTracks(captions, info: media.info, path: path)
      let (tracks, findings) = DASHClosedCaptions.tracks(decoded, in: period, path: path)
      results += tracks
      diagnostics += findings + decoded.diagnostics
      closedCaptions = decoded.streams
      if !tracks.isEmpty { captioned = true }
    }
    if textSets > 0, !captioned {
      report(
        Rule.accessibility, .warning,
        "no text adaptation set is marked as captions (Role caption, or Accessibility "
          + "\(purposeScheme) value 2); players do not offer captions for the deaf and hard of "
          + "hearing", line: period.line)
    }
    var input = MediaInput(
      info: media.info, results: results,
      diagnostics: diagnostics + MediaDamageFindings.diagnostics(media.damage, path: path),
      audio: media.activity)
    input.damage = media.damage
    input.closedCaptions = closedCaptions
    return input
  }

  /// The track of a text representation carried in MP4 fragments, or nil (with findings)
  /// when its segments cannot be listed or found.
  static func fragmentTrack(
    _ representation: DASHManifest.Representation, of set: DASHManifest.AdaptationSet,
    what: String, period: DASHManifest.Period, length: MediaTime?, folder: PackageFolder,
    manifest path: String, reader: CaptionFileReader, report diagnostics: inout [Diagnostic]
  ) -> ReadResult? {
    func report(_ rule: String, _ message: String) {
      diagnostics.append(
        Diagnostic(
          rule: rule, severity: .error, message: message, file: path,
          location: SourceLocation(line: representation.line, column: 1, offset: 0)))
    }
    let listed: (initialization: String?, media: [DASHFragments.Segment])
    switch DASHFragments.segments(of: representation, setBase: set.baseURL, period: length) {
    case .failure(let failure):
      report(DASHFragments.rule, "\(what): \(failure)")
      return nil
    case .success(let segments):
      listed = segments
    }
    // The initialization and the template were checked with the other addresses: where they
    // are refused or missing, that finding is given already.
    if let media = representation.media, leavesPackage(media) { return nil }
    let prefix =
      representation.template == nil ? "" : templateFolder(period, set, representation)
    var refused: [String] = []
    var missing: [String] = []
    func locate(_ uri: String) -> String? {
      guard case .success(let file) = folder.resolve(prefix + uri, from: path) else {
        refused.append(uri)
        return nil
      }
      guard PackageFolder.realPath(file) != nil else {
        missing.append(uri)
        return nil
      }
      return file
    }
    var initialization: String?
    if let uri = listed.initialization {
      guard let file = locate(uri) else { return nil }
      initialization = file
    }
    var media: [(uri: String, path: String)] = []
    for segment in listed.media {
      if let file = locate(segment.uri) { media.append((segment.uri, file)) }
    }
    func count(_ uris: [String]) -> String { "\(uris.count) segment\(uris.count == 1 ? "" : "s")" }
    func list(_ uris: [String]) -> String {
      "(" + uris.prefix(3).joined(separator: ", ") + (uris.count > 3 ? ", ..." : "") + ")"
    }
    if !refused.isEmpty {
      report(
        Rule.uri,
        "\(what) names \(count(refused)) remote or outside the package folder, not read "
          + list(refused))
    }
    if !missing.isEmpty {
      report(
        Rule.uri,
        "\(what) names \(count(missing)) that do\(missing.count == 1 ? "es" : "") not exist "
          + list(missing))
    }
    guard initialization != nil || !media.isEmpty else { return nil }
    let offset =
      representation.template.map {
        MediaTime(value: $0.presentationTimeOffset, timescale: Int32(clamping: $0.timescale))
      } ?? .zero
    let read = DASHFragments.read(
      initialization: initialization, media: media, presentationTimeOffset: offset,
      encoding: reader.encoding)
    diagnostics += read.diagnostics
    let track = Track(
      format: read.format, source: .sidecar, path: initialization ?? media.first?.path,
      encoding: "utf-8", cues: read.cues)
    return ReadResult(track: track, diagnostics: read.checked)
  }

  /// The folders the period's, set's and representation's `BaseURL`s name (those ending in
  /// `/`, local and relative), in order: the names a `SegmentTemplate` gives are relative to
  /// them.
  static func templateFolder(
    _ period: DASHManifest.Period, _ set: DASHManifest.AdaptationSet,
    _ representation: DASHManifest.Representation
  ) -> String {
    [period.baseURL, set.baseURL, representation.baseURL].compactMap { $0 }
      .filter { $0.hasSuffix("/") && !PackageFolder.hasScheme($0) && !$0.hasPrefix("/") }
      .joined()
  }

  /// Whether a segment template names files outside the package: remote, absolute, or up.
  static func leavesPackage(_ template: String) -> Bool {
    PackageFolder.hasScheme(template) || template.contains("..") || template.hasPrefix("/")
  }

  /// Writes the manifest FFmpeg reads the media from into a temporary file: `bytes` without
  /// the `text` ranges, its base the package folder. Returns the file's path.
  static func mediaManifest(
    _ bytes: [UInt8], manifest: DASHManifest, without text: [Range<Int>], folder: PackageFolder
  ) throws -> String {
    var edited = bytes
    var cuts = text.map { ($0, [UInt8]()) }
    let root = folder.root.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
    if let range = manifest.baseURLRange, let base = manifest.baseURL {
      if !PackageFolder.hasScheme(base), !base.hasPrefix("/") {
        cuts.append((range, Array("<BaseURL>\(root)\(base)</BaseURL>".utf8)))
      }
    } else {
      let at = manifest.rootTagEnd
      cuts.append((at..<at, Array("<BaseURL>\(root)</BaseURL>".utf8)))
    }
    for (range, replacement) in cuts.sorted(by: { $0.0.lowerBound > $1.0.lowerBound })
    where range.upperBound <= edited.count {
      edited.replaceSubrange(range, with: replacement)
    }
    let path = PackageFiles.temporaryPath(named: "captionkit-dash", extension: "mpd")
    do throws(PackageFiles.Failure) {
      try PackageFiles.write(edited, toNew: path)
    } catch {
      throw InputFailure(.unusable, "cannot write a temporary manifest: \(error)")
    }
    return path
  }
}
