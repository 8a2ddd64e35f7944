public import CaptionCore
import CaptionFormats
import CaptionMedia

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes subtitle renditions into a copy of a local HLS package: segmented WebVTT media
/// playlists whose segments carry the `X-TIMESTAMP-MAP` of the video's first PTS, their
/// `EXT-X-MEDIA` entries (language, a name in the language itself, the caption
/// characteristics) and the variants' `SUBTITLES` attribute, in a new folder.
///
/// The input package is never changed. Its playlists and segments other than subtitles are
/// linked into the new folder at the same relative paths (hard links, or copies where the
/// file system has none), so no audio or video segment is rewritten and the new package is
/// complete in its own folder. The folder is built under a temporary name next to the
/// output and renamed into place when complete.
public enum HLSPackageWriter {
  /// One subtitle rendition to write.
  public struct Rendition: Sendable {
    public var track: Track
    public var language: LanguageTag
    /// `captions`, `sdh`, `subtitles` or `forced`.
    public var kind: TrackKind
    public var isDefault: Bool
    /// The `NAME`; nil for the language's own name (`English`, `Español`) and the kind.
    public var name: String?

    public init(
      track: Track, language: LanguageTag, kind: TrackKind, isDefault: Bool = false,
      name: String? = nil
    ) {
      self.track = track
      self.language = language
      self.kind = kind
      self.isDefault = isDefault
      self.name = name
    }
  }

  /// Why the package was not written.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable { case input, output }
    public var kind: Kind
    public var description: String
  }

  /// What was written: each rendition's media playlist (relative to the output folder) and
  /// its segment count, and how many files of the input were linked or copied.
  public struct Written: Sendable {
    public var renditions: [(name: String, playlist: String, segments: Int)]
    public var mirrored: Int
  }

  /// The group ID of the written renditions.
  public static let group = "subs"

  /// Writes the package at `master` with `renditions` into the folder `output`, which must
  /// not exist.
  public static func write(
    package master: String, renditions: [Rendition], to output: String
  ) throws(Failure) -> Written {
    func input(_ message: String) -> Failure { Failure(kind: .input, description: message) }
    let bytes: [UInt8]
    do throws(CaptionFileReader.Failure) {
      bytes = try CaptionFileReader.loadBytes(
        path: master, maximumSize: HLSPackage.maximumPlaylistSize)
    } catch {
      throw input("\(error)")
    }
    let parsed = HLSPlaylistParser.parse(bytes, path: master)
    guard case .multivariant(let playlist)? = parsed.playlist else {
      throw input(
        "\(master): "
          + (parsed.playlist == nil
            ? parsed.diagnostics.first?.message ?? "not an HLS playlist"
            : "a media playlist; give the multivariant playlist"))
    }
    if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
      throw input("\(master): \(error.message) (line \(error.location?.line ?? 0))")
    }
    guard !playlist.variants.isEmpty, let folder = PackageFolder(playlist: master) else {
      throw input("\(master): the package has no variant stream")
    }
    // Every file the package needs except its subtitles, relative to its folder.
    var files: [String] = []
    var mediaPlaylists: [String: HLSMediaPlaylist] = [:]
    func mirror(_ uri: String, from playlist: String) throws(Failure) -> String {
      switch folder.resolve(uri, from: playlist) {
      case .failure(.remote): throw input("\(playlist): \(uri) is remote; it cannot be linked")
      case .failure(.outside):
        throw input("\(playlist): \(uri) is outside the package folder")
      case .success(let path):
        guard let real = PackageFolder.realPath(path) else {
          throw input("\(playlist): \(uri) does not exist")
        }
        let relative = String(real.dropFirst(folder.root.count))
        if !files.contains(relative) { files.append(relative) }
        return path
      }
    }
    var uris = playlist.variants.map(\.uri)
    uris += playlist.renditions.filter { $0.type != "SUBTITLES" }.compactMap(\.uri)
    uris += iFrameURIs(bytes)
    var firstVariant: String?
    for uri in uris {
      let path = try mirror(uri, from: master)
      if firstVariant == nil { firstVariant = path }
      let mediaBytes: [UInt8]
      do throws(CaptionFileReader.Failure) {
        mediaBytes = try CaptionFileReader.loadBytes(
          path: path, maximumSize: HLSPackage.maximumPlaylistSize)
      } catch {
        throw input("\(error)")
      }
      guard case .media(let media)? = HLSPlaylistParser.parse(mediaBytes, path: path).playlist
      else {
        throw input("\(path): not a media playlist")
      }
      mediaPlaylists[path] = media
      for segment in media.segments { _ = try mirror(segment.uri, from: path) }
      if let map = media.mapURI { _ = try mirror(map, from: path) }
    }
    guard let firstVariant, let timeline = mediaPlaylists[firstVariant] else {
      throw input("\(master): the package has no variant stream")
    }
    // The presentation starts at the video's first PTS.
    let start: MediaTime
    do {
      let info = try MediaFile(opening: firstVariant).info
      start =
        info.streams.first { $0.kind == .video && $0.startTime != nil }?.startTime
        ?? info.startTime ?? .zero
    } catch {
      throw input("\(firstVariant): its media cannot be read: \(error)")
    }
    let ticks = max(0, start.converted(to: HLSPackage.mpegTimescale).value)

    // Build the folder under a temporary name, then rename it into place.
    if PackageFiles.exists(output) {
      throw Failure(kind: .output, description: "\(output) exists; nothing was written")
    }
    let temporary = output + ".partial-\(getpid())"
    PackageFiles.remove(temporary)
    do throws(PackageFiles.Failure) {
      try PackageFiles.makeFolder(temporary)
      for relative in files {
        let target = temporary + "/" + relative
        try PackageFiles.makeFolder(PackageFolder.folder(of: target))
        try PackageFiles.linkOrCopy(folder.root + relative, to: target)
      }
      var written: [(name: String, playlist: String, segments: Int)] = []
      var entries: [String] = []
      var names: Set<String> = []
      for (index, rendition) in renditions.enumerated() {
        var name = rendition.name ?? Self.name(rendition.language, kind: rendition.kind)
        var number = 2
        let base = name
        while !names.insert(name).inserted {
          name = "\(base) \(number)"
          number += 1
        }
        let stem = "subtitles/\(rendition.language.rawValue)-\(index + 1)"
        try PackageFiles.makeFolder(temporary + "/" + stem)
        let (playlistText, segments) = Self.segments(
          rendition.track, timeline: timeline, mpegTicks: ticks, stem: stem)
        for (file, bytes) in segments {
          try PackageFiles.write(bytes, toNew: temporary + "/" + file)
        }
        try PackageFiles.write(Array(playlistText.utf8), toNew: temporary + "/" + stem + ".m3u8")
        entries.append(Self.mediaTag(rendition, name: name, uri: stem + ".m3u8"))
        written.append((name, stem + ".m3u8", segments.count))
      }
      let text = Self.multivariant(bytes, renditions: entries)
      try PackageFiles.write(
        Array(text.utf8), toNew: temporary + "/" + Self.fileName(of: master))
      try PackageFiles.rename(temporary, to: output)
      return Written(renditions: written, mirrored: files.count)
    } catch {
      PackageFiles.remove(temporary)
      throw Failure(kind: .output, description: "\(output): \(error)")
    }
  }

  /// The media playlist and segment files of `track`, cut at the segment boundaries of the
  /// variant `timeline`: a cue goes into every segment it overlaps, with its presentation
  /// times, and each segment maps LOCAL 0 to the video's first PTS.
  static func segments(
    _ track: Track, timeline: HLSMediaPlaylist, mpegTicks: Int64, stem: String
  ) -> (String, [(String, [UInt8])]) {
    var files: [(String, [UInt8])] = []
    var playlist = "#EXTM3U\n#EXT-X-VERSION:3\n"
    let starts = timeline.segmentStarts
    let longest = timeline.segments.map(\.duration.value).max() ?? 0
    let target = (longest + 999_999) / 1_000_000
    playlist += "#EXT-X-TARGETDURATION:\(max(1, target))\n#EXT-X-MEDIA-SEQUENCE:0\n"
    playlist += "#EXT-X-PLAYLIST-TYPE:VOD\n"
    let map = "X-TIMESTAMP-MAP=MPEGTS:\(mpegTicks),LOCAL:00:00:00.000"
    for (index, segment) in timeline.segments.enumerated() {
      let from = starts[index]
      let to = from + segment.duration
      var part = track
      part.header = []
      part.cues = track.cues.filter { $0.end > from && $0.start < to }
      var bytes: [UInt8] = []
      _ = WebVTTWriter.write(part, into: &bytes)
      // The map goes under the WEBVTT line (the writer ends that line first).
      if let newline = bytes.firstIndex(of: 0x0A) {
        bytes.insert(contentsOf: Array((map + "\n").utf8), at: newline + 1)
      }
      files.append(("\(stem)/\(index).vtt", bytes))
      // The playlist is next to the segments' folder.
      playlist +=
        "#EXTINF:\(segment.duration.decimalSeconds),\n\(fileName(of: stem))/\(index).vtt\n"
    }
    playlist += "#EXT-X-ENDLIST\n"
    return (playlist, files)
  }

  /// The multivariant playlist: the input's lines, its SUBTITLES renditions replaced by
  /// `renditions` (before the first variant), and every variant's `SUBTITLES` naming them.
  static func multivariant(_ bytes: [UInt8], renditions: [String]) -> String {
    var lines: [String] = []
    var inserted = false
    for raw in String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      var line = String(raw)
      if line.hasSuffix("\r") { line.removeLast() }
      if line.hasPrefix("#EXT-X-MEDIA:"), attributes(of: line)["TYPE"]?.value == "SUBTITLES" {
        continue
      }
      if line.hasPrefix("#EXT-X-STREAM-INF:") {
        if !inserted {
          lines += renditions
          inserted = true
        }
        let kept = attributes(of: line).attributes.filter { $0.name != "SUBTITLES" }
        let written = kept.map {
          $0.isQuoted ? "\($0.name)=\"\($0.value)\"" : "\($0.name)=\($0.value)"
        }
        line = "#EXT-X-STREAM-INF:" + (written + ["SUBTITLES=\"\(group)\""]).joined(separator: ",")
      }
      lines.append(line)
    }
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `EXT-X-MEDIA` line of `rendition`.
  static func mediaTag(_ rendition: Rendition, name: String, uri: String) -> String {
    var parts = [
      "TYPE=SUBTITLES", "GROUP-ID=\"\(group)\"", "NAME=\"\(name)\"",
      "LANGUAGE=\"\(rendition.language.rawValue)\"",
      "DEFAULT=\(rendition.isDefault ? "YES" : "NO")", "AUTOSELECT=YES",
    ]
    switch rendition.kind {
    case .forced: parts.append("FORCED=YES")
    case .captions, .sdh:
      parts.append(
        "CHARACTERISTICS=\"\(HLSPackage.transcribesDialog),\(HLSPackage.describesSound)\"")
    default: break
    }
    parts.append("URI=\"\(uri)\"")
    return "#EXT-X-MEDIA:" + parts.joined(separator: ",")
  }

  /// The name viewers see: the language's own name, and the kind where it is not plain
  /// subtitles (`English (CC)`, `Français (forced)`).
  static func name(_ language: LanguageTag, kind: TrackKind) -> String {
    let own = autonyms[language.rawValue] ?? autonyms[language.language] ?? language.rawValue
    switch kind {
    case .captions, .sdh: return own + " (CC)"
    case .forced: return own + " (forced)"
    default: return own
    }
  }

  /// Languages' names in themselves.
  static let autonyms: [String: String] = [
    "ar": "العربية", "bg": "Български", "ca": "Català", "cs": "Čeština", "cy": "Cymraeg",
    "da": "Dansk", "de": "Deutsch", "el": "Ελληνικά", "en": "English", "es": "Español",
    "et": "Eesti", "eu": "Euskara", "fa": "فارسی", "fi": "Suomi", "fr": "Français",
    "ga": "Gaeilge", "gl": "Galego", "he": "עברית", "hi": "हिन्दी", "hr": "Hrvatski",
    "hu": "Magyar", "id": "Bahasa Indonesia", "is": "Íslenska", "it": "Italiano", "ja": "日本語",
    "ko": "한국어", "lt": "Lietuvių", "lv": "Latviešu", "ms": "Bahasa Melayu", "nb": "Norsk bokmål",
    "nl": "Nederlands", "nn": "Norsk nynorsk", "no": "Norsk", "pl": "Polski", "pt": "Português",
    "pt-BR": "Português (Brasil)", "ro": "Română", "ru": "Русский", "sk": "Slovenčina",
    "sl": "Slovenščina", "sr": "Српски", "sv": "Svenska", "th": "ไทย", "tr": "Türkçe",
    "uk": "Українська", "vi": "Tiếng Việt", "zh": "中文", "zh-Hans": "简体中文",
    "zh-Hant": "繁體中文",
  ]

  /// The URIs of `EXT-X-I-FRAME-STREAM-INF` tags (their media playlists are linked too).
  static func iFrameURIs(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { raw in
      guard raw.hasPrefix("#EXT-X-I-FRAME-STREAM-INF:") else { return nil }
      return attributes(of: String(raw))["URI"]?.value
    }
  }

  static func attributes(of line: String) -> HLSAttributeList {
    guard let colon = line.firstIndex(of: ":") else { return HLSAttributeList() }
    let value = Array(line[line.index(after: colon)...].utf8)
    return HLSAttributeParser.parse(value[...], column: 1).list
  }

  static func fileName(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
