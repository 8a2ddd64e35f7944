/// The file format a track was read from or is written as.
public enum TrackFormat: String, Sendable, Hashable, CaseIterable {
  case webvtt
  case srt
  case ttml
  /// Advanced SubStation Alpha (`.ass`) and SubStation Alpha v4 (`.ssa`).
  case ass
  /// Scenarist SCC: CEA-608 byte pairs with timecodes.
  case scc
  /// captionkit's JSON track.
  case json
}

/// What a track is for.
public enum TrackKind: String, Sendable, Hashable, CaseIterable {
  /// Captions: dialogue plus sound information, for viewers who cannot hear.
  case captions
  /// Subtitles for the deaf and hard of hearing.
  case sdh
  /// Subtitles: a translation of the dialogue.
  case subtitles
  /// Forced subtitles: only the foreign-language or on-screen text.
  case forced
  /// Text audio descriptions, for viewers who cannot see.
  case descriptions
  case chapters
  case metadata
}

/// Where a track came from.
public enum TrackSource: String, Sendable, Hashable {
  /// A file next to the media, found by its name.
  case sidecar
  /// A stream inside the media container.
  case embedded
  /// A caption file named on the command line.
  case argument
}

/// A comment block of a caption file (a WebVTT NOTE block), and where it stood.
public struct TrackComment: Sendable, Hashable {
  /// The block's lines as written, the `NOTE` line first, joined by `\n`.
  public var text: String
  /// The index of the cue it stood before (the number of cues before it).
  public var beforeCue: Int

  public init(text: String, beforeCue: Int) {
    self.text = text
    self.beforeCue = beforeCue
  }
}

/// A timed text track: cues plus everything its file declared about them.
public struct Track: Sendable, Hashable {
  public var format: TrackFormat
  public var language: LanguageTag?
  public var kind: TrackKind?
  public var source: TrackSource
  /// The file the track was read from, as given by the user.
  public var path: String?
  /// The stream index in the media container, for embedded tracks.
  public var stream: Int?
  /// FFmpeg's name of the stream's codec (`subrip`, `ass`, `mov_text`, `webvtt`), for
  /// embedded tracks (whose cues are held as WebVTT, their `format`).
  public var codec: String?
  /// The text encoding the file was decoded from (`UTF-8`, `windows-1252`, ...).
  public var encoding: String?
  public var cues: [Cue]
  /// WebVTT STYLE blocks, each as its CSS text.
  public var stylesheets: [String]
  public var regions: [Region]
  /// Header text after the signature (WebVTT: the rest of the `WEBVTT` line and the lines
  /// after it up to the first blank line), kept as written.
  public var header: [String]
  /// For a CEA-608 caption channel (from media or an SCC file): what its byte pairs said
  /// besides the cues.
  public var cea608: CEA608TrackFacts?
  /// WebVTT NOTE blocks, kept so that writing the track again keeps them.
  public var comments: [TrackComment] = []

  /// For the captions of a CEA-708 service: its number, 1-63.
  public var cea708Service: Int?

  /// The CEA-608 channel (`CC1` to `CC4`) of a track of 608 captions, or the CEA-708
  /// service (`SERVICE1` to `SERVICE63`) of a track of 708 captions.
  public var channel: String? {
    cea608?.channel.description ?? cea708Service.map(CEA708ServiceCaptions.name(of:))
  }

  public init(
    format: TrackFormat, language: LanguageTag? = nil, kind: TrackKind? = nil,
    source: TrackSource = .argument, path: String? = nil, stream: Int? = nil,
    encoding: String? = nil, cues: [Cue] = [], stylesheets: [String] = [],
    regions: [Region] = [], header: [String] = []
  ) {
    self.format = format
    self.language = language
    self.kind = kind
    self.source = source
    self.path = path
    self.stream = stream
    self.encoding = encoding
    self.cues = cues
    self.stylesheets = stylesheets
    self.regions = regions
    self.header = header
  }
}
