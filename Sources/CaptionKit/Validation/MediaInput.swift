public import CaptionCore
public import CaptionFormats
public import CaptionMedia
public import CaptionValidation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a check reads for one media file: the probe, the embedded text tracks, the sidecar
/// files (chapters among them) and, when asked for, the speech in the audio.
public struct MediaInput: Sendable {
  public var info: MediaInfo
  /// Embedded tracks first (in stream order), then sidecars (in name order).
  public var results: [ReadResult]
  /// Findings about the container (image subtitles, unreadable streams).
  public var diagnostics: [Diagnostic]
  /// The detected speech; nil when the audio was not analysed.
  public var audio: AudioActivity?
  /// The damage found in the media's data (also given as `container.damaged` findings).
  public var damage = MediaDamageReport()
  /// The streams that carry closed captions (CEA-608, CEA-708), as read; their 608 caption
  /// channels are tracks in `results`.
  public var closedCaptions: [ClosedCaptionTracks.StreamSummary] = []

  /// File extensions taken for media files (by every command: `validate`, `batch`,
  /// `transcript`). `mks` is Matroska holding only subtitles.
  public static let extensions: Set<String> = [
    "mp4", "m4v", "mov", "mkv", "mks", "mk3d", "webm", "mka", "m4a", "mp3", "wav", "aac", "flac",
    "ogg", "oga", "ogv", "opus", "avi", "ts", "m2ts", "mts", "mpg", "mpeg", "vob", "wmv", "wma",
    "flv", "3gp", "mxf",
  ]

  /// True when the path names a media file by its extension.
  public static func isMedia(_ path: String) -> Bool {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
    return extensions.contains(path[path.index(after: dot)...].lowercased())
  }

  /// Whether to analyse the audio: on when the media has audio (`--audio` insists, and says
  /// so when there is none), off with `--no-audio`.
  public enum AudioChoice: Sendable {
    case automatic
    case on
    case off
  }

  /// Reads the media at `path`. A missing file is an `InputFailure` before FFmpeg is loaded;
  /// FFmpeg's libraries missing stop the check (`CheckStopped`), and a file FFmpeg cannot
  /// read is an `InputFailure` too.
  ///
  /// `tracks`, when given, are the caption files read instead of the discovered sidecars
  /// (their names still give their language and kind); one that cannot be read is a failure,
  /// not a finding. What is said while reading (a sidecar folder that cannot be listed, media
  /// without audio when its analysis was asked for) is added to `notes`, in order, as
  /// `warning: ...` or `note: ...`.
  public static func read(
    _ path: String, reader: CaptionFileReader, audio choice: AudioChoice, audioStream: Int?,
    tracks: [String]? = nil, notes: inout [String]
  ) throws(CheckStopped) -> Result<MediaInput, InputFailure> {
    do {
      return .success(
        try readMedia(
          path, reader: reader, audio: choice, audioStream: audioStream, tracks: tracks,
          notes: &notes))
    } catch let failure as InputFailure {
      return .failure(failure)
    } catch let stopped as CheckStopped {
      throw stopped
    } catch let error as FFmpegError {
      return .failure(InputFailure(error.kind == .inputMissing ? .missing : .unusable, "\(error)"))
    } catch let error as FFmpegUnavailable {
      throw CheckStopped(.ffmpegUnavailable, "\(error)", hint: error.hint)
    } catch {
      return .failure(InputFailure(.unusable, "\(error)"))
    }
  }

  private static func readMedia(
    _ path: String, reader: CaptionFileReader, audio choice: AudioChoice, audioStream: Int?,
    tracks: [String]?, notes: inout [String]
  ) throws -> MediaInput {
    if HLSPackage.isPlaylist(path) {
      return try HLSPackage.read(path, reader: reader, audio: choice, notes: &notes)
    }
    if DASHPackage.isManifest(path) {
      return try DASHPackage.read(path, reader: reader, audio: choice, notes: &notes)
    }
    try checkInput(path)
    // One opening: what the media holds, then one pass for its text streams and its speech.
    let file = try MediaFile(opening: path)
    let info = file.info
    let hasAudio = !info.streams(.audio).isEmpty
    var audio = MediaFile.Audio.none
    if choice != .off && hasAudio {
      audio = audioStream.map { .stream($0) } ?? .defaultStream
    }
    let contents = try file.read(
      webVTT: EmbeddedWebVTT.reader, ttml: EmbeddedTTML.reader, audio: audio,
      closedCaptions: Self.mayCarryClosedCaptions(info))
    let embedded = contents.subtitles
    var results = embedded.tracks.map { ReadResult(track: $0) }
    var diagnostics = MediaDamageFindings.diagnostics(contents.damage, path: path)
    diagnostics += embedded.diagnostics
    var closedCaptions: [ClosedCaptionTracks.StreamSummary] = []
    if let captions = contents.closedCaptions {
      let decoded = ClosedCaptionTracks(captions, info: info, path: path)
      results += decoded.results
      // Embedded tracks in stream order, a stream's subtitles before its captions.
      results = results.enumerated()
        .sorted {
          ($0.element.track.stream ?? 0, $0.offset) < ($1.element.track.stream ?? 0, $1.offset)
        }
        .map(\.element)
      closedCaptions = decoded.streams
      diagnostics += decoded.diagnostics
    }
    if let tracks {
      for track in tracks {
        guard
          let name = SidecarName(fileName: track, mediaFileName: path)
            ?? SidecarName(fileName: track)
        else {
          throw InputFailure(
            .unusable, "\(track): not a caption file name (.vtt, .srt, .ttml, .ass, .ssa, .scc)")
        }
        do {
          results.append(try Sidecar(path: track, name: name).read(with: reader))
        } catch {
          throw InputFailure(error)
        }
      }
    } else {
      do {
        let scan = try SidecarDiscovery.scan(forMedia: path, isMedia: Self.isMedia)
        let base = SidecarName.baseName(ofMedia: path)
        for name in scan.unread {
          notes.append(
            "note: \(name) is named nearly like a caption file of \(path), but not "
              + "\(base).<language>[.<kind>].<ext> (a part is neither a language nor a kind); "
              + "it is not checked with it (a folder's check reads it on its own)")
        }
        for sidecar in scan.sidecars {
          do {
            results.append(try sidecar.read(with: reader))
          } catch {
            let failure = InputFailure(error)
            diagnostics.append(
              Diagnostic(
                rule: "parse.\(sidecar.format.rawValue)", severity: .error,
                message: "the sidecar cannot be read: \(failure.message)", file: sidecar.path))
          }
        }
      } catch {
        notes.append("warning: \(error)")
      }
    }
    // What went wrong with the audio is said after the sidecars are read, as when it was
    // analysed last.
    var activity: AudioActivity?
    if let result = contents.audio {
      do {
        activity = try result.get()
      } catch let error as AudioActivityError {
        switch error.reason {
        case .noAudioStream: break
        case .noSuchStream, .notAudio:
          throw CheckStopped(
            .badOption, "\(error)", hint: "'captionkit probe \(path)' lists the streams")
        }
      }
    } else if choice == .on && !hasAudio {
      notes.append("note: \(path) has no audio stream; the audio is not analysed")
    }
    var input = MediaInput(info: info, results: results, diagnostics: diagnostics, audio: activity)
    input.damage = contents.damage
    input.closedCaptions = closedCaptions
    return input
  }

  /// Whether a read looks for closed captions in the media: when a stream is video that
  /// can carry A/53 caption data (H.264, HEVC, MPEG-2) or a caption stream (`eia_608`).
  /// The read then goes through those video packets: all of them where FFmpeg saw captions
  /// when the file was opened (`MediaStream.hasClosedCaptions`) and where the container is
  /// read from end to end anyway (transport streams, Matroska); in MP4 and MOV only the
  /// first two minutes otherwise, and on to the end only when they, or pictures sampled
  /// past them, hold caption data.
  public static func mayCarryClosedCaptions(_ info: MediaInfo) -> Bool {
    info.streams.contains {
      $0.hasClosedCaptions || $0.codec == "eia_608"
        || ($0.kind == .video && ["h264", "hevc", "mpeg2video"].contains($0.codec ?? ""))
    }
  }

  /// What rules know about the media.
  public var facts: MediaFacts {
    let videos = info.streams(.video).filter { !$0.has(.attachedPicture) && !$0.has(.stillImage) }
    let rate = info.frameRate.flatMap { rate -> Double? in
      rate.denominator > 0 && rate.numerator > 0
        ? Double(rate.numerator) / Double(rate.denominator) : nil
    }
    let streams = info.streams.map { stream in
      let type: MediaStreamFacts.StreamType
      switch stream.kind {
      case .video: type = .video
      case .audio: type = .audio
      case .subtitle: type = .subtitle
      case .data, .attachment: type = .other
      }
      return MediaStreamFacts(
        index: stream.index, type: type, codec: stream.codec, language: stream.language,
        languageCode: stream.languageCode, title: stream.title,
        dispositions: Set(stream.disposition.map(\.rawValue)))
    }
    var facts = MediaFacts(
      duration: info.programmeDuration, frameRate: rate, hasAudio: !info.streams(.audio).isEmpty,
      hasVideo: !videos.isEmpty, path: info.path, streams: streams)
    if !damage.isEmpty { facts.damagedFrom = damage.firstTime ?? .zero }
    return facts
  }

  /// A missing input (or a folder) fails before FFmpeg is loaded, as exit 66 does for it.
  public static func checkInput(_ path: String) throws(InputFailure) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR {
        throw InputFailure(.missing, "\(path): \(SystemError.missing(path))")
      }
      throw InputFailure(.missing, "\(path): cannot read: \(SystemError.describe(code))")
    }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputFailure(.missing, "\(path): cannot read: it is a folder")
    }
  }
}
