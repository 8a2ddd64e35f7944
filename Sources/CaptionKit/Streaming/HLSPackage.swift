public import CaptionCore
import CaptionFormats
import CaptionMedia
import CaptionRuntime

/// Reads a local HLS package for validation: the multivariant playlist, every media playlist
/// it names, and the WebVTT segments of its subtitle renditions. Each subtitle rendition
/// becomes one track whose cues are placed where a player shows them (each segment's
/// `X-TIMESTAMP-MAP` applied, relative to the presentation start: the first PTS of the
/// video); the package's own problems are findings at the playlist line or segment file.
/// Nothing outside the package folder is read, and nothing from the network.
public enum HLSPackage {
  /// Largest playlist read.
  public static let maximumPlaylistSize = 16 * 1024 * 1024
  /// Largest WebVTT segment read.
  public static let maximumSegmentSize = 16 * 1024 * 1024
  /// How far (seconds) a segment's cues may be from the presentation's timeline before it is
  /// reported: under one frame at 60 frames a second.
  public static let offsetTolerance = MediaTime(value: 15, timescale: 1000)

  /// The MPEG-2 timestamp clock: 90 kHz.
  static let mpegTimescale: Int32 = 90000

  /// The rule ids of the package's findings.
  public enum Rule {
    public static let uri = "hls.uri"
    public static let language = "hls.language"
    public static let name = "hls.name"
    public static let flags = "hls.flags"
    public static let characteristics = "hls.characteristics"
    public static let closedCaptions = "hls.closed-captions"
    public static let groups = "hls.groups"
    public static let mediaPlaylist = "hls.media-playlist"
    public static let timestampMap = "hls.timestamp-map"
    public static let segmentCues = "hls.segment-cues"
  }

  /// Most findings of one kind about the cues of one rendition's segments.
  static let segmentCueFindingLimit = 10

  /// The characteristics of a caption rendition (HLS Authoring Specification 5.1; Apple's
  /// players list a subtitle rendition with both as SDH).
  public static let transcribesDialog = "public.accessibility.transcribes-spoken-dialog"
  public static let describesSound = "public.accessibility.describes-music-and-sound"
  public static let describesVideo = "public.accessibility.describes-video"

  /// Whether `path` names an HLS playlist (by its extension).
  public static func isPlaylist(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".m3u8") || lower.hasSuffix(".m3u")
  }

  /// Whether the playlist at `path` is a multivariant playlist (it has an
  /// `EXT-X-STREAM-INF` or `EXT-X-MEDIA` tag in its first 64 KiB).
  static func isMultivariant(path: String) -> Bool {
    let head = FileHead.read(path, limit: 64 * 1024)
    let text = String(decoding: head, as: UTF8.self)
    return text.hasPrefix("#EXTM3U")
      && (text.contains("#EXT-X-STREAM-INF:") || text.contains("#EXT-X-MEDIA:"))
  }

  /// Reads the package whose multivariant playlist is at `path`, as `MediaInput.read` reads
  /// a media file: the media facts and speech from the first variant (through FFmpeg's HLS
  /// reader, once every URI of that variant is known to be inside the folder), the subtitle
  /// renditions as tracks, and the package's findings.
  static func read(
    _ path: String, reader: CaptionFileReader, audio choice: MediaInput.AudioChoice,
    notes: inout [String]
  ) throws -> MediaInput {
    let bytes = try PackageFolder.loadEntry(
      path, maximumSize: maximumPlaylistSize, holding: "playlists and segments")
    let parsed = HLSPlaylistParser.parse(bytes, path: path)
    guard let playlist = parsed.playlist else {
      let reason = parsed.diagnostics.first?.message ?? "not an HLS playlist"
      throw InputFailure(.unusable, "\(path): \(reason)")
    }
    guard case .multivariant(let master) = playlist else {
      throw InputFailure(
        .unusable,
        "\(path) is a media playlist; validate the multivariant playlist that names it",
        hint: "give the package's multivariant playlist (often master.m3u8)")
    }
    guard let folder = PackageFolder(playlist: path) else {
      throw InputFailure(.missing, "\(path): its folder cannot be read")
    }
    var package = Reading(path: path, master: master, folder: folder, reader: reader)
    package.diagnostics = parsed.diagnostics
    package.checkRenditions()
    package.checkGroups()
    let variant = package.readVariants()
    // The media: the first variant's segments through FFmpeg, every URI checked first.
    // Without media, the verdicts would rest on nothing: the package cannot be checked.
    guard let variant else {
      let reason =
        package.diagnostics.first { $0.rule == Rule.uri }.map {
          "\($0.file ?? path): \($0.message)"
        }
        ?? "it has no variant stream"
      throw InputFailure(
        .unusable,
        "\(path): no variant's media can be read (\(reason)); the package is not checked",
        hint: "every variant needs its media playlist and segments inside the package folder")
    }
    let media = try PackageMedia.read(
      variant, as: path, audio: choice, closedCaptions: true, notes: &notes,
      failure: "the media of variant \(variant) cannot be read")
    let info = media.info
    let video = info.streams.first { $0.kind == .video && $0.startTime != nil }
    let start = video?.startTime ?? info.startTime ?? .zero
    var results = package.readSubtitles(presentationStart: start, hasVideo: video != nil)
    var closedCaptions: [ClosedCaptionTracks.StreamSummary] = []
    if let captions = media.closedCaptions {
      let decoded = ClosedCaptionTracks(captions, info: info, path: path)
      results += package.declaredClosedCaptions(decoded)
      closedCaptions = decoded.streams
      package.diagnostics += decoded.diagnostics
    }
    var input = MediaInput(
      info: info, results: results,
      diagnostics: package.diagnostics
        + MediaDamageFindings.diagnostics(media.damage, path: path),
      audio: media.activity)
    input.damage = media.damage
    input.closedCaptions = closedCaptions
    return input
  }

  /// One read of a package: its findings as they are found.
  struct Reading {
    let path: String
    let master: HLSMultivariantPlaylist
    let folder: PackageFolder
    let reader: CaptionFileReader
    var diagnostics: [Diagnostic] = []
    /// The media playlists read so far: each is checked once, however many renditions or
    /// variants name it.
    var checked: Set<String> = []
    /// The media playlist of the variant the media is read from.
    var videoTimeline: HLSMediaPlaylist?
    /// The variant the media is read from.
    var readVariant: HLSVariant?

    init(
      path: String, master: HLSMultivariantPlaylist, folder: PackageFolder,
      reader: CaptionFileReader
    ) {
      self.path = path
      self.master = master
      self.folder = folder
      self.reader = reader
    }

    mutating func report(
      _ rule: String, _ severity: Severity, _ message: String, file: String? = nil,
      line: Int? = nil, hint: String? = nil
    ) {
      diagnostics.append(
        Diagnostic(
          rule: rule, severity: severity, message: message, file: file ?? path,
          location: line.map { SourceLocation(line: $0, column: 1, offset: 0) }, hint: hint))
    }

    // MARK: - Renditions

    /// The attributes of each `EXT-X-MEDIA`: language, name, flags, characteristics and
    /// in-stream IDs.
    mutating func checkRenditions() {
      var names: [String: [String: Int]] = [:]
      var defaults: [String: Int] = [:]
      for rendition in master.renditions {
        let line = rendition.line
        let what = "\(rendition.type) rendition '\(rendition.name)'"
        // Language.
        if let language = rendition.language {
          if LanguageTag(language) == nil {
            let suggestion = LanguageTag(language.replacing("_", with: "-"))
            report(
              Rule.language, .error, "\(what) has LANGUAGE \"\(language)\", not a BCP 47 tag",
              line: line,
              hint: suggestion.map { "write LANGUAGE=\"\($0)\"" }
                ?? "write a BCP 47 tag such as \"en\" or \"pt-BR\"")
          }
        } else if rendition.type != "VIDEO" {
          report(
            Rule.language, .error,
            "\(what) has no LANGUAGE; players cannot offer it by the viewer's language",
            line: line, hint: "add LANGUAGE=\"en\" (the BCP 47 tag of its language)")
        }
        // Name: unique within the group, and meant for people.
        if let first = names[rendition.groupID, default: [:]][rendition.name] {
          report(
            Rule.name, .error,
            "\(what) has the NAME of the rendition on line \(first) in group "
              + "\"\(rendition.groupID)\"; players list both under one name", line: line,
            hint: "give each rendition of a group its own NAME")
        } else {
          names[rendition.groupID, default: [:]][rendition.name] = line
        }
        if HLSPackage.looksGenerated(rendition.name) {
          report(
            Rule.name, .warning,
            "\(what): NAME \"\(rendition.name)\" is not a name a viewer understands; players "
              + "show it in their menus", line: line,
            hint: "name it in its own language, such as \"English\" or \"Español (CC)\"")
        }
        // Flags.
        if rendition.isDefault, !rendition.autoselect {
          report(
            Rule.flags, .error,
            "\(what) has DEFAULT=YES without AUTOSELECT=YES, which RFC "
              + "8216 requires", line: line, hint: "add AUTOSELECT=YES")
        }
        if rendition.isDefault {
          let key = "\(rendition.type) \(rendition.groupID)"
          if let first = defaults[key] {
            report(
              Rule.flags, .error,
              "\(what) is DEFAULT=YES, as is the rendition on line \(first) of group "
                + "\"\(rendition.groupID)\"; a group has at most one default", line: line)
          } else {
            defaults[key] = line
          }
        }
        if rendition.forced, rendition.characteristics.contains(HLSPackage.transcribesDialog) {
          report(
            Rule.flags, .warning,
            "\(what) is FORCED=YES and marked as transcribing dialogue; forced subtitles carry "
              + "only foreign speech and on-screen text", line: line)
        }
        // Characteristics.
        let marks = Set(rendition.characteristics)
        if rendition.type == "SUBTITLES",
          marks.contains(HLSPackage.transcribesDialog) != marks.contains(HLSPackage.describesSound)
        {
          let missing =
            marks.contains(HLSPackage.transcribesDialog)
            ? HLSPackage.describesSound : HLSPackage.transcribesDialog
          report(
            Rule.characteristics, .warning,
            "\(what) is marked with one of the two caption characteristics; \(missing) is "
              + "missing", line: line,
            hint: "captions for deaf and hard-of-hearing viewers carry both")
        }
        if rendition.type == "AUDIO", HLSPackage.soundsDescribed(rendition.name),
          !marks.contains(HLSPackage.describesVideo)
        {
          report(
            Rule.characteristics, .error,
            "\(what) reads as audio description but lacks CHARACTERISTICS "
              + "\"\(HLSPackage.describesVideo)\"; players do not offer it to viewers who "
              + "need descriptions", line: line,
            hint: "add CHARACTERISTICS=\"\(HLSPackage.describesVideo)\"")
        }
        if rendition.type == "CLOSED-CAPTIONS", let id = rendition.instreamID,
          !HLSPackage.isInstreamID(id)
        {
          report(
            Rule.closedCaptions, .error,
            "\(what) has INSTREAM-ID \"\(id)\"; it is CC1 to CC4 or SERVICE1 to SERVICE63",
            line: line)
        }
      }
      // A package with subtitles but nothing marked as captions.
      let subtitles = master.renditions.filter { $0.type == "SUBTITLES" }
      let captioned =
        master.renditions.contains { $0.type == "CLOSED-CAPTIONS" }
        || subtitles.contains {
          Set($0.characteristics).isSuperset(of: [
            HLSPackage.transcribesDialog, HLSPackage.describesSound,
          ])
        }
      if !captioned, let first = subtitles.first {
        report(
          Rule.characteristics, .warning,
          "no rendition is marked as captions for deaf and hard-of-hearing viewers: no "
            + "SUBTITLES rendition has CHARACTERISTICS \"\(HLSPackage.transcribesDialog),"
            + "\(HLSPackage.describesSound)\" and there are no CLOSED-CAPTIONS",
          line: first.line,
          hint: "mark the rendition that carries captions (dialogue and sounds) with both "
            + "characteristics; players list it as SDH")
      }
    }

    /// Every variant names groups that exist, and the variants offer the same subtitle and
    /// caption groups.
    mutating func checkGroups() {
      let groups = Set(master.renditions.map { "\($0.type) \($0.groupID)" })
      for variant in master.variants {
        let named: [(String, String?)] = [
          ("AUDIO", variant.audio), ("VIDEO", variant.video), ("SUBTITLES", variant.subtitles),
        ]
        var all = named
        if case .group(let group) = variant.closedCaptions {
          all.append(("CLOSED-CAPTIONS", group))
        }
        for (type, group) in all {
          guard let group, !groups.contains("\(type) \(group)") else { continue }
          report(
            Rule.groups, .error,
            "variant \(variant.uri) names \(type) group \"\(group)\", which no EXT-X-MEDIA "
              + "defines", line: variant.line,
            hint: "add the group's renditions, or correct the group ID")
        }
      }
      let offers = master.variants.map { variant -> String in
        let captions: String
        switch variant.closedCaptions {
        case .group(let group)?: captions = group
        case .none?: captions = "NONE"
        case nil: captions = "-"
        }
        return "\(variant.subtitles ?? "-") \(captions)"
      }
      if let first = master.variants.first,
        let index = offers.firstIndex(where: { $0 != offers[0] })
      {
        let other = master.variants[index]
        report(
          Rule.groups, .warning,
          "variants offer different subtitle or caption groups: \(first.uri) and \(other.uri); "
            + "a player that switches between them drops or changes the captions",
          line: other.line, hint: "give every variant the same SUBTITLES and CLOSED-CAPTIONS")
      }
    }

    // MARK: - Playlists and segments

    /// Reads the media playlist `uri` names from the multivariant playlist at `line`: its
    /// path, its contents, and whether it is read for the first time (a playlist named again
    /// is not reported again), or nil after a finding.
    mutating func mediaPlaylist(_ uri: String, line: Int, what: String) -> (
      String, HLSMediaPlaylist, Bool
    )? {
      guard let file = resolve(uri, from: path, line: line, what: what) else { return nil }
      let bytes: [UInt8]
      do throws(CaptionFileReader.Failure) {
        bytes = try CaptionFileReader.loadBytes(
          path: file, maximumSize: HLSPackage.maximumPlaylistSize)
      } catch {
        report(
          Rule.uri, .error, "the media playlist of \(what) cannot be read: \(error)", line: line)
        return nil
      }
      let parsed = HLSPlaylistParser.parse(bytes, path: file)
      let firstTime = checked.insert(file).inserted
      if firstTime { diagnostics += parsed.diagnostics }
      switch parsed.playlist {
      case .media(let media)?:
        return (file, media, firstTime)
      case .multivariant?:
        report(
          Rule.uri, .error,
          "\(what) names \(uri), a multivariant playlist, where a media playlist belongs; it "
            + "is not followed", line: line,
          hint: "point the URI at the rendition's media playlist")
        return nil
      case nil:
        return nil
      }
    }

    /// The path `uri` names, or nil after a finding: remote, outside the folder, or missing.
    mutating func resolve(_ uri: String, from playlist: String, line: Int, what: String)
      -> String?
    {
      switch folder.resolve(uri, from: playlist) {
      case .failure(.remote):
        report(
          Rule.uri, .error, "\(what) names a remote URI (\(uri)); only local packages are read",
          file: playlist, line: line)
        return nil
      case .failure(.outside):
        report(
          Rule.uri, .error,
          "\(what) names \(uri), outside the package folder; it is not read", file: playlist,
          line: line, hint: "keep every playlist and segment inside the package's folder")
        return nil
      case .success(let file):
        guard PackageFolder.realPath(file) != nil else {
          report(
            Rule.uri, .error, "\(what) names \(uri), which does not exist", file: playlist,
            line: line)
          return nil
        }
        return file
      }
    }

    /// The closed captions the video of the variant read carries (`decoded`), as tracks:
    /// one per CLOSED-CAPTIONS rendition of the variant's group whose `INSTREAM-ID` names a
    /// channel or service with cues, with the rendition's language. A rendition whose
    /// channel or service has no cue is an error (players offer an empty choice); captions
    /// in the video that no rendition declares are a warning, and a track only when the
    /// variant names no CLOSED-CAPTIONS group (some players show them then).
    mutating func declaredClosedCaptions(_ decoded: ClosedCaptionTracks) -> [ReadResult] {
      guard let variant = readVariant else { return [] }
      let declared: [HLSRendition]
      switch variant.closedCaptions {
      case .group(let group)?:
        declared = master.renditions.filter {
          $0.type == "CLOSED-CAPTIONS" && $0.groupID == group
            && $0.instreamID.map(HLSPackage.isInstreamID) == true
        }
      case .none?, nil:
        declared = []
      }
      var results: [ReadResult] = []
      var used: Set<String> = []
      // A second rendition of the same channel gets no second track.
      for rendition in declared {
        guard let id = rendition.instreamID, !used.contains(id) else { continue }
        let what = "CLOSED-CAPTIONS rendition '\(rendition.name)'"
        guard var result = decoded.results.first(where: { $0.track.channel == id }) else {
          report(
            Rule.closedCaptions, .error,
            "\(what) declares INSTREAM-ID \"\(id)\", but the video of variant \(variant.uri) "
              + "carries no \(id) captions; players offer a choice that shows nothing",
            line: rendition.line,
            hint: "declare the channel or service the video carries, or caption the video")
          continue
        }
        used.insert(id)
        if let language = rendition.language.flatMap({ LanguageTag($0) }) {
          result.track.language = language
        }
        result.track.kind = .captions
        results.append(result)
      }
      for result in decoded.results {
        guard let id = result.track.channel, !used.contains(id) else { continue }
        let cues = result.track.cues.count
        let carried =
          "the video of variant \(variant.uri) carries \(id) captions (\(cues) "
          + "cue\(cues == 1 ? "" : "s"))"
        let hint =
          "add an EXT-X-MEDIA TYPE=CLOSED-CAPTIONS with INSTREAM-ID=\"\(id)\" to the variant's "
          + "group"
        switch variant.closedCaptions {
        case .group(let group)?:
          report(
            Rule.closedCaptions, .warning,
            "\(carried) that no rendition of CLOSED-CAPTIONS group '\(group)' declares; "
              + "players do not offer them", line: variant.line, hint: hint)
        case .none?:
          report(
            Rule.closedCaptions, .warning,
            "\(carried), but the variant says CLOSED-CAPTIONS=NONE; players do not offer them",
            line: variant.line, hint: hint)
        case nil:
          // Some players show captions no rendition declares; those that list the
          // playlist's renditions do not.
          report(
            Rule.closedCaptions, .warning,
            "\(carried), but the variant names no CLOSED-CAPTIONS group; players that list "
              + "captions from the playlist do not offer them", line: variant.line, hint: hint)
          results.append(result)
        }
      }
      return results
    }

    /// Reads each variant's media playlist and checks its segments are there; the path of
    /// the first variant whose every URI is inside the folder and present (for the media).
    mutating func readVariants() -> String? {
      var readable: String?
      for variant in master.variants {
        let what = "variant \(variant.uri)"
        guard
          let (file, media, firstTime) = mediaPlaylist(
            variant.uri, line: variant.uriLine, what: what)
        else { continue }
        let before = diagnostics.count
        defer { if !firstTime { diagnostics.removeSubrange(before...) } }
        var complete = !media.segments.isEmpty
        for segment in media.segments {
          if resolve(segment.uri, from: file, line: segment.uriLine, what: "segment") == nil {
            complete = false
          }
        }
        if let map = media.mapURI,
          resolve(map, from: file, line: 1, what: "EXT-X-MAP") == nil
        {
          complete = false
        }
        if complete, readable == nil {
          readable = file
          readVariant = variant
          videoTimeline = media
        }
      }
      return readable
    }

    /// Each SUBTITLES rendition as a track, its cues placed on the presentation's timeline;
    /// and the findings of its playlist and segments.
    mutating func readSubtitles(presentationStart: MediaTime, hasVideo: Bool) -> [ReadResult] {
      var results: [ReadResult] = []
      for rendition in master.renditions where rendition.type == "SUBTITLES" {
        let what = "SUBTITLES rendition '\(rendition.name)'"
        guard let uri = rendition.uri,
          let (file, media, firstTime) = mediaPlaylist(uri, line: rendition.line, what: what)
        else { continue }
        let before = diagnostics.count
        defer { if !firstTime { diagnostics.removeSubrange(before...) } }
        checkMediaPlaylist(media, file: file)
        var cues: [Cue] = []
        var segmentDiagnostics: [Diagnostic] = []
        var displaced: [(segment: HLSSegment, path: String, offset: MediaTime, mapped: Bool)] = []
        var placed: [(index: Int, cues: [Cue], offset: MediaTime)] = []
        for (index, segment) in media.segments.enumerated() {
          guard
            let segmentPath = resolve(
              segment.uri, from: file, line: segment.uriLine, what: "segment")
          else { continue }
          let bytes: [UInt8]
          do throws(CaptionFileReader.Failure) {
            bytes = try CaptionFileReader.loadBytes(
              path: segmentPath, maximumSize: HLSPackage.maximumSegmentSize)
          } catch {
            report(
              Rule.uri, .error, "segment \(segment.uri) cannot be read: \(error)", file: file,
              line: segment.uriLine)
            continue
          }
          let text = TextDecoding.decode(bytes, encoding: reader.encoding, file: segmentPath)
          let read = WebVTTReader.read(text, path: segmentPath)
          segmentDiagnostics += text.diagnostics + read.diagnostics
          let map = HLSPackage.timestampMap(read.track.header)
          if case .failure(let problem) = map {
            report(
              Rule.timestampMap, .error, "segment \(segment.uri): \(problem)", file: segmentPath,
              line: 2)
          }
          let (local, mpeg) = (try? map.get()) ?? (.zero, 0)
          // LOCAL `local` is shown at MPEG-TS `mpeg`; the presentation starts at the video's
          // first PTS, so a cue at LOCAL t shows at t + shift on the presentation's timeline.
          let shift =
            MediaTime(value: mpeg, timescale: HLSPackage.mpegTimescale) - local
            - presentationStart
          displaced.append(
            (
              segment, segmentPath, shift,
              read.track.header.contains { $0.hasPrefix("X-TIMESTAMP-MAP=") }
            ))
          var segmentCues: [Cue] = []
          for var cue in read.track.cues {
            cue.start = (cue.start + shift).converted(to: 1000)
            cue.end = (cue.end + shift).converted(to: 1000)
            cue.location = nil
            segmentCues.append(cue)
          }
          cues += segmentCues
          placed.append((index, segmentCues, shift))
        }
        if hasVideo {
          checkOffsets(displaced, rendition: what)
          checkSegmentCues(placed, media: media, file: file, rendition: what)
        }
        // A cue repeated in the next segment (it spans their boundary) is one cue.
        var merged: [Cue] = []
        var seen = Set<String>()
        for cue in cues.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
          let key = "\(cue.start.value) \(cue.end.value) \(cue.rawText)"
          if seen.insert(key).inserted { merged.append(cue) }
        }
        let marks = Set(rendition.characteristics)
        let kind: TrackKind =
          rendition.forced
          ? .forced
          : marks.contains(HLSPackage.transcribesDialog) ? .sdh : .subtitles
        let track = Track(
          format: .webvtt, language: rendition.language.flatMap(LanguageTag.init), kind: kind,
          source: .sidecar, path: file, encoding: "utf-8", cues: merged)
        results.append(ReadResult(track: track, diagnostics: segmentDiagnostics))
      }
      return results
    }

    /// Each segment's cues against the segment's own time on the presentation's timeline
    /// (the sum of the durations before it): a cue outside it is one a player that loads
    /// segments by time may never show, and a cue that runs into the next segment must be
    /// repeated there for a viewer who starts or seeks into that segment. Segments whose
    /// cues are displaced (`hls.timestamp-map`) are left out: that finding says it.
    mutating func checkSegmentCues(
      _ placed: [(index: Int, cues: [Cue], offset: MediaTime)], media: HLSMediaPlaylist,
      file: String, rendition: String
    ) {
      let starts = media.segmentStarts
      let tolerance = HLSPackage.offsetTolerance
      func aligned(_ offset: MediaTime) -> Bool {
        (offset < .zero ? -offset : offset) <= tolerance
      }
      let byIndex = Dictionary(
        placed.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
      var outside = 0
      var unrepeated = 0
      for entry in placed where aligned(entry.offset) {
        let segment = media.segments[entry.index]
        let from = starts[entry.index]
        let to = from + segment.duration
        for cue in entry.cues {
          let times = "\(cue.start.decimalSeconds)-\(cue.end.decimalSeconds) s"
          if cue.end <= from + tolerance || cue.start >= to - tolerance {
            outside += 1
            if outside <= HLSPackage.segmentCueFindingLimit {
              report(
                Rule.segmentCues, .warning,
                "segment \(segment.uri) of \(rendition) holds the cue at \(times), outside its "
                  + "own time (\(from.decimalSeconds)-\(to.decimalSeconds) s); players that load "
                  + "segments by time may never show it", file: file, line: segment.uriLine,
                hint: "put each cue in the segments whose time it overlaps")
            }
            continue
          }
          guard cue.end > to + tolerance, entry.index + 1 < media.segments.count,
            let next = byIndex[entry.index + 1], aligned(next.offset)
          else { continue }
          let repeated = next.cues.contains {
            $0.rawText == cue.rawText && $0.start == cue.start && $0.end == cue.end
          }
          if !repeated {
            unrepeated += 1
            if unrepeated <= HLSPackage.segmentCueFindingLimit {
              report(
                Rule.segmentCues, .warning,
                "the cue at \(times) of \(rendition) runs past the end of segment "
                  + "\(segment.uri) into \(media.segments[entry.index + 1].uri) but is not "
                  + "repeated there; a viewer who starts or seeks into that segment does not "
                  + "see it", file: file, line: media.segments[entry.index + 1].uriLine,
                hint: "repeat a cue, with the same times, in every segment it overlaps")
            }
          }
        }
      }
      let more =
        max(0, outside - HLSPackage.segmentCueFindingLimit)
        + max(0, unrepeated - HLSPackage.segmentCueFindingLimit)
      if more > 0 {
        report(
          Rule.segmentCues, .warning,
          "\(more) more cues of \(rendition) are outside their segment's time or not repeated "
            + "in the next segment", file: file)
      }
      // The subtitles last as long as the video.
      if let video = videoTimeline, let target = media.targetDuration {
        let subtitles = media.segments.reduce(MediaTime.zero) { $0 + $1.duration }
        let length = video.segments.reduce(MediaTime.zero) { $0 + $1.duration }
        let difference = subtitles < length ? length - subtitles : subtitles - length
        if difference > MediaTime(value: Int64(target), timescale: 1) {
          report(
            Rule.mediaPlaylist, .warning,
            "the segments of \(rendition) last \(subtitles.decimalSeconds) s, the video's "
              + "\(length.decimalSeconds) s: they do not cover the same programme", file: file,
            line: media.segments.last?.uriLine,
            hint: "give the subtitle playlist segments for the whole programme (empty ones "
              + "where there is nothing to show)")
        }
      }
    }

    /// The media playlist of a subtitle rendition: its target duration holds every segment,
    /// and a VOD playlist ends.
    mutating func checkMediaPlaylist(_ media: HLSMediaPlaylist, file: String) {
      if let target = media.targetDuration {
        for segment in media.segments {
          // RFC 8216 4.3.3.1: the duration rounded to the nearest integer.
          let rounded = (segment.duration.value + 500_000) / 1_000_000
          if rounded > Int64(target) {
            report(
              Rule.mediaPlaylist, .error,
              "segment \(segment.uri) lasts \(segment.duration.seconds) s, longer than the "
                + "target duration of \(target) s", file: file, line: segment.line,
              hint: "raise #EXT-X-TARGETDURATION to the longest segment, rounded")
            break
          }
        }
      }
      if media.playlistType == "VOD" || media.playlistType == nil, !media.hasEndList {
        report(
          Rule.mediaPlaylist, .error,
          "the media playlist has no #EXT-X-ENDLIST; players treat it as live and wait for "
            + "more segments", file: file, line: media.segments.last?.uriLine,
          hint: "end a finished playlist with #EXT-X-ENDLIST")
      }
    }

    /// One finding per run of segments whose cues land the same distance from where the
    /// presentation puts them.
    mutating func checkOffsets(
      _ segments: [(segment: HLSSegment, path: String, offset: MediaTime, mapped: Bool)],
      rendition: String
    ) {
      var index = 0
      while index < segments.count {
        let offset = segments[index].offset
        var end = index + 1
        while end < segments.count, segments[end].offset == offset { end += 1 }
        let magnitude = offset < .zero ? -offset : offset
        if magnitude > HLSPackage.offsetTolerance {
          let first = segments[index]
          let count = end - index
          let which =
            count == 1
            ? "segment \(first.segment.uri)" : "\(count) segments from \(first.segment.uri)"
          let reason =
            first.mapped
            ? "its X-TIMESTAMP-MAP does not map LOCAL 0 to the presentation start"
            : "there is no X-TIMESTAMP-MAP, so LOCAL 0 is MPEG-TS 0, and the video starts later"
          let sign = offset < .zero ? "" : "+"
          report(
            Rule.timestampMap, .error,
            "the cues of \(rendition) in \(which) show \(sign)\(offset.decimalSeconds) s from where "
              + "they belong: \(reason)", file: first.path, line: 1,
            hint: "write X-TIMESTAMP-MAP=MPEGTS:<the video's first PTS>,LOCAL:00:00:00.000 "
              + "under the WEBVTT line of every segment")
        }
        index = end
      }
    }
  }

  /// The `X-TIMESTAMP-MAP` of a segment's header: its LOCAL time and MPEG-TS ticks, zero and
  /// zero when it has none (RFC 8216 section 3.5), or what is wrong with it.
  static func timestampMap(_ header: [String]) -> Result<(MediaTime, Int64), MapProblem> {
    guard let line = header.first(where: { $0.hasPrefix("X-TIMESTAMP-MAP=") }) else {
      return .success((.zero, 0))
    }
    var local: MediaTime?
    var mpeg: Int64?
    for part in line.dropFirst("X-TIMESTAMP-MAP=".count).split(separator: ",") {
      if part.hasPrefix("LOCAL:") {
        local = WebVTTReader.timestamp(String(part.dropFirst(6)))
      } else if part.hasPrefix("MPEGTS:") {
        let digits = part.dropFirst(7)
        if !digits.isEmpty, digits.count <= 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
          mpeg = Int64(digits)
        }
      }
    }
    guard let local, let mpeg else {
      return .failure(
        MapProblem(
          description: "X-TIMESTAMP-MAP '\(line.dropFirst(16))' is not "
            + "MPEGTS:<ticks>,LOCAL:<WebVTT time>; read as no map"))
    }
    return .success((local, mpeg))
  }

  struct MapProblem: Error, CustomStringConvertible {
    var description: String
  }

  /// Names tools make up, not people: `subtitle_0`, `audio_1`, `sub-2`, `textstream`.
  static func looksGenerated(_ name: String) -> Bool {
    let lower = name.lowercased()
    let stem = lower.drop { $0.isLetter }
    let rest = stem.drop { $0 == "_" || $0 == "-" }
    return !lower.isEmpty && lower.count != stem.count
      && (rest.isEmpty || rest.allSatisfy(\.isNumber)) && !rest.isEmpty
  }

  /// Whether an audio rendition's name says it is described.
  static func soundsDescribed(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.contains("descri") || lower.split(whereSeparator: { !$0.isLetter }).contains("ad")
  }

  /// `CC1`-`CC4` or `SERVICE1`-`SERVICE63`.
  static func isInstreamID(_ id: String) -> Bool {
    if id.hasPrefix("CC"), let number = Int(id.dropFirst(2)), (1...4).contains(number),
      id.count == 3
    {
      return true
    }
    if id.hasPrefix("SERVICE"), let number = Int(id.dropFirst(7)), (1...63).contains(number),
      !id.dropFirst(7).hasPrefix("0")
    {
      return true
    }
    return false
  }
}
