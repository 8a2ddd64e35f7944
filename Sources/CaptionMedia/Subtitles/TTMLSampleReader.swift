public import CaptionCore

/// Reads the TTML document of one `stpp` sample of an MP4 file (ISO/IEC 14496-30) for the
/// subtitle pass: `start` and `end` are the sample's times on the track's timeline, `origin`
/// the presentation start on it. Gives the cues relative to the presentation start, cut to
/// the sample, and the findings (the pass adds the stream to their messages). CaptionKit's
/// `EmbeddedTTML.reader` uses the TTML reader, which `CaptionMedia` cannot import.
public typealias TTMLSampleReader =
  @Sendable (_ document: [UInt8], _ start: MediaTime, _ end: MediaTime, _ origin: MediaTime)
  -> (cues: [Cue], diagnostics: [Diagnostic])
