public import CaptionCore

/// Reads the settings and text of a WebVTT cue as a container stores them (Matroska and WebM
/// keep the cue text as written, and its identifier and settings beside it), for
/// `MediaSubtitles.read(path:streams:webVTT:)`. CaptionKit's `EmbeddedWebVTT.reader` uses the
/// WebVTT reader, which `CaptionMedia` cannot import.
public typealias WebVTTCueReader =
  @Sendable (_ settings: String, _ text: String) -> (settings: CueSettings, text: CueText)
