public import CaptionCore

/// A caption file found next to a media file: its path and what its name says.
public struct Sidecar: Sendable, Hashable {
  /// The file's path: the media file's folder as given, then the file name.
  public var path: String
  /// The parsed name: language, kind and format.
  public var name: SidecarName
  /// The number that tells apart files of the same language and kind
  /// (`movie.en.2.vtt`, as `captionkit extract` writes them); nil when the name has none.
  public var number: Int?

  public init(path: String, name: SidecarName, number: Int? = nil) {
    self.path = path
    self.name = name
    self.number = number
  }

  public var language: LanguageTag? { name.language }
  public var kind: TrackKind? { name.kind }
  public var format: TrackFormat { name.format }

  /// True for the chapters file, `movie.chapters.vtt`.
  public var isChapters: Bool { name.kind == .chapters }

  /// Reads the file: a track whose source is `sidecar`, with the language and kind its name
  /// gives relative to the media file (the language also hints at the legacy code page of a
  /// file that is not UTF-8, unless `reader` has one).
  public func read(
    with reader: CaptionFileReader = CaptionFileReader()
  ) throws(CaptionFileReader.Failure) -> ReadResult {
    let given = reader.language
    var reader = reader
    if given == nil { reader.language = name.language }
    var result = try reader.read(path: path)
    result.track.source = .sidecar
    result.track.language = name.language ?? given
    result.track.kind = name.kind
    if let written = name.writtenLanguage, let language = name.language {
      var fixed = name
      fixed.writtenLanguage = nil
      result.diagnostics.insert(
        Diagnostic(
          rule: "translation.language-tag", severity: .error,
          message:
            "the file name's language \(written) is not a well-formed BCP 47 tag; it is read "
            + "as \(language)",
          file: path, hint: "rename the file \(fixed.fileName)"), at: 0)
    }
    return result
  }
}
