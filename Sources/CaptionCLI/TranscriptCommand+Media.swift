import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TranscriptCommand {
  /// Extensions of media files: a path with one of these is read as media, its sidecars
  /// discovered.
  static let mediaExtensions: Set<String> = [
    "mp4", "m4v", "mov", "mkv", "webm", "mp3", "m4a", "aac", "ogg", "ogv", "oga", "opus", "wav",
    "flac", "avi", "ts", "m2ts", "mts", "mpg", "mpeg", "wmv", "3gp", "mxf",
  ]

  static func isMedia(_ path: String) -> Bool {
    guard path != "-", let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else {
      return false
    }
    return mediaExtensions.contains(path[path.index(after: dot)...].lowercased())
  }

  /// The tracks a media file brings to a transcript.
  struct MediaTracks {
    var captions: [Track] = []
    var descriptions: [Track] = []
    var chapters: [Track] = []
    var language: LanguageTag?
  }

  /// Finds a media file's tracks in `language` (by default the language of its first caption
  /// sidecar, else of its first embedded text track): one caption track (a sidecar, else a
  /// text stream of the container; captions and SDH before subtitles), every description
  /// track, and the chapters (`movie.chapters.vtt`, else the container's).
  static func mediaTracks(
    _ media: String, language: LanguageTag?, reader: CaptionFileReader,
    findings: inout FindingPrinter, context: CommandContext
  ) throws -> MediaTracks {
    guard access(media, F_OK) == 0 else {
      throw CommandFailure(ExitCode.noInput, "\(media): no such file")
    }
    let sidecars: [Sidecar]
    do {
      sidecars = try SidecarDiscovery.sidecars(forMedia: media)
    } catch {
      throw CommandFailure(ExitCode.noInput, error.description)
    }
    // The container's chapters, and a first check that the media can be read at all.
    var containerChapters: [MediaChapter] = []
    var ffmpegMissing: FFmpegUnavailable?
    do {
      containerChapters = try MediaProbe.probe(media).chapters
    } catch let error as FFmpegUnavailable {
      ffmpegMissing = error
    }

    var tracks = MediaTracks()
    let captionSidecars = sidecars.filter { isCaptionKind($0.kind) }
    tracks.language =
      language ?? captionSidecars.sorted { rank($0.kind) < rank($1.kind) }.first?.language
    func inLanguage(_ tag: LanguageTag?) -> Bool {
      guard let wanted = tracks.language else { return true }
      return tag?.language == wanted.language
    }
    func read(_ sidecar: Sidecar) throws(CommandFailure) -> Track {
      do throws(CaptionFileReader.Failure) {
        let result = try sidecar.read(with: reader)
        findings.print(result.diagnostics, in: context)
        return result.track
      } catch {
        throw InputOptions.failure(error)
      }
    }
    if let best = captionSidecars.filter({ inLanguage($0.language) })
      .sorted(by: { rank($0.kind) < rank($1.kind) }).first
    {
      tracks.captions = [try read(best)]
    }
    for sidecar in sidecars where sidecar.kind == .descriptions && inLanguage(sidecar.language) {
      tracks.descriptions.append(try read(sidecar))
    }
    if let chapters = sidecars.first(where: {
      $0.isChapters && ($0.language == nil || inLanguage($0.language))
    }) {
      tracks.chapters = [try read(chapters)]
    } else if !containerChapters.isEmpty {
      let cues = containerChapters.map { chapter in
        let title = chapter.title ?? ""
        return Cue(
          start: chapter.start, end: chapter.end, text: CueText(plain: title), rawText: title)
      }
      tracks.chapters = [Track(format: .webvtt, kind: .chapters, source: .embedded, cues: cues)]
    }

    if tracks.captions.isEmpty {
      if let ffmpegMissing { throw ffmpegMissing }
      let embedded = try MediaSubtitles.read(path: media, webVTT: EmbeddedWebVTT.reader)
      findings.print(embedded.diagnostics, in: context)
      let candidates = embedded.tracks.filter { isCaptionKind($0.kind) }
      if tracks.language == nil {
        tracks.language = candidates.sorted { rank($0.kind) < rank($1.kind) }.first?.language
      }
      if let best = candidates.filter({ inLanguage($0.language) })
        .sorted(by: { rank($0.kind) < rank($1.kind) }).first
      {
        var track = best
        if track.path == nil { track.path = media }
        tracks.captions = [track]
      }
      if tracks.descriptions.isEmpty {
        tracks.descriptions = embedded.tracks.filter {
          $0.kind == .descriptions && inLanguage($0.language)
        }
      }
    }
    return tracks
  }

  /// Kinds that hold dialogue: captions, SDH, subtitles, or no kind named.
  private static func isCaptionKind(_ kind: TrackKind?) -> Bool {
    switch kind {
    case nil, .captions, .sdh, .subtitles: return true
    default: return false
    }
  }

  /// Captions and SDH first: they carry speakers and sounds; then unnamed, then subtitles.
  private static func rank(_ kind: TrackKind?) -> Int {
    switch kind {
    case .captions, .sdh: return 0
    case nil: return 1
    default: return 2
    }
  }
}
