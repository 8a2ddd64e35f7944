public import CaptionMedia

/// Reads WebVTT cues as Matroska and WebM store them, for
/// `MediaSubtitles.read(path:streams:webVTT:)`: the text kept as written (voices, classes,
/// ruby and all), its tree built by the WebVTT cue text rules when asked for, and the
/// settings read by the WebVTT parser as on a timing line.
public enum EmbeddedWebVTT {
  public static let reader: WebVTTCueReader = { settings, text in
    let cueText = CueText(markup: text, syntax: WebVTTCueTextMarkup.shared)
    let line = settings.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    guard !line.isEmpty else { return (.default, cueText) }
    let read = WebVTTReader.read("WEBVTT\n\n00:00:00.000 --> 00:00:01.000 \(line)\n-\n")
    return (read.track.cues.first?.settings ?? .default, cueText)
  }
}
