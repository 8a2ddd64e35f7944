public import CaptionCore
public import CaptionFormats
import CaptionMedia

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tracks a transcript of a media file is made of: one caption track, every description
/// track and the chapters, in one language. `transcript` and `batch --transcripts` find them
/// with `find(forMedia:language:reader:findings:)`.
public struct TranscriptTracks: Sendable {
  public var captions: [Track] = []
  public var descriptions: [Track] = []
  public var chapters: [Track] = []
  public var language: LanguageTag?

  public init(
    captions: [Track] = [], descriptions: [Track] = [], chapters: [Track] = [],
    language: LanguageTag? = nil
  ) {
    self.captions = captions
    self.descriptions = descriptions
    self.chapters = chapters
    self.language = language
  }

  /// Extensions of media files: a path with one of these is read as media, its sidecars
  /// discovered. The same as `validate` takes (`MediaInput.extensions`).
  public static var mediaExtensions: Set<String> { MediaInput.extensions }

  public static func isMedia(_ path: String) -> Bool {
    path != "-" && MediaInput.isMedia(path)
  }

  /// Finds a media file's tracks in `language` (by default the language of its first caption
  /// sidecar, else of its first embedded text track): one caption track (a sidecar, else a
  /// text stream of the container; captions and SDH before subtitles), every description
  /// track, and the chapters (`movie.chapters.vtt`, else the container's). The sidecars come
  /// first: the media is opened for its text streams only when no caption sidecar is found,
  /// so that FFmpeg is not needed when there is one. The readers' findings of the tracks read,
  /// and the damage of media whose streams were read (`container.damaged`), are added to
  /// `findings`, in order, also when it throws: `InputFailure` for a media or
  /// sidecar that cannot be read, `CheckStopped` when FFmpeg is needed and missing.
  public static func find(
    forMedia media: String, language: LanguageTag?, reader: CaptionFileReader,
    findings: inout [Diagnostic]
  ) throws -> TranscriptTracks {
    guard access(media, F_OK) == 0 else {
      throw InputFailure(.missing, "\(media): no such file")
    }
    let sidecars: [Sidecar]
    do {
      sidecars = try SidecarDiscovery.sidecars(forMedia: media)
    } catch {
      throw InputFailure(.missing, error.description)
    }
    // The container's chapters, and a first check that the media can be read at all.
    var containerChapters: [MediaChapter] = []
    var ffmpegMissing: FFmpegUnavailable?
    // Opened once: its text streams are read from the same opening when they are needed.
    var file: MediaFile?
    do {
      file = try MediaFile(opening: media)
      containerChapters = file?.info.chapters ?? []
    } catch let error as FFmpegUnavailable {
      ffmpegMissing = error
    } catch let error as FFmpegError {
      throw InputFailure(error.kind == .inputMissing ? .missing : .unusable, "\(error)")
    }

    var tracks = TranscriptTracks()
    let captionSidecars = sidecars.filter { isCaptionKind($0.kind) }
    tracks.language =
      language ?? captionSidecars.sorted { rank($0.kind) < rank($1.kind) }.first?.language
    func inLanguage(_ tag: LanguageTag?) -> Bool {
      guard let wanted = tracks.language else { return true }
      return tag?.language == wanted.language
    }
    func read(_ sidecar: Sidecar) throws(InputFailure) -> Track {
      do throws(CaptionFileReader.Failure) {
        let result = try sidecar.read(with: reader)
        findings += result.diagnostics
        return result.track
      } catch {
        throw InputFailure(error)
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
      // The media is left unopened only when FFmpeg is missing.
      guard let opened = file else {
        throw CheckStopped(
          .ffmpegUnavailable, ffmpegMissing.map { "\($0)" } ?? "FFmpeg's libraries are missing",
          hint: ffmpegMissing?.hint)
      }
      let embedded: EmbeddedSubtitles
      // CEA-608 captions count as embedded caption tracks, after the text streams.
      var closedCaptions: [Track] = []
      do {
        let contents = try opened.read(
          webVTT: EmbeddedWebVTT.reader, ttml: EmbeddedTTML.reader,
          closedCaptions: MediaInput.mayCarryClosedCaptions(opened.info))
        embedded = contents.subtitles
        closedCaptions = ClosedCaptionTracks(contents, info: opened.info, path: media).results
          .map(\.track)
        // A track of damaged media ends where the damage starts: said, as `validate` says it.
        findings += MediaDamageFindings.diagnostics(contents.damage, path: media)
      } catch let error as FFmpegError {
        throw InputFailure(error.kind == .inputMissing ? .missing : .unusable, "\(error)")
      }
      findings += embedded.diagnostics
      let candidates = (embedded.tracks + closedCaptions).filter { isCaptionKind($0.kind) }
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
