import CaptionCore
import CaptionExport

/// Models of validation reports: the lighthouse demo with made-up analysis results, and
/// made-up tracks.
enum SampleReports {
  static func time(_ seconds: Double) -> MediaTime {
    MediaTime(milliseconds: Int64((seconds * 1000).rounded()))
  }

  static func range(_ start: Double, _ end: Double) -> TimeRange {
    TimeRange(start: time(start), end: time(end))
  }

  static func spans(_ track: Track) -> [ValidationHTMLReport.CueSpan] {
    track.cues.enumerated().map { .init(index: $0 + 1, start: $1.start, end: $1.end) }
  }

  /// The lighthouse film with its caption, description and chapter tracks, its streams as
  /// `probe` lists them, speech, a coverage summary, verdicts and a few findings: what the
  /// report of `validate lighthouse.mp4` looks like.
  static func lighthouse() throws -> ValidationHTMLReport {
    let captions = try SampleTranscripts.read("Samples/lighthouse/lighthouse.en.captions.vtt")
    let descriptions = try SampleTranscripts.read(
      "Samples/lighthouse/lighthouse.en.descriptions.vtt")
    let chapters = try SampleTranscripts.read("Samples/lighthouse/lighthouse.chapters.vtt")
    // Speech a little around each caption, and one stretch no caption covers.
    var speech = captions.cues.map {
      TimeRange(start: $0.start + time(0.2), end: $0.end - time(0.1))
    }
    speech.insert(range(30.0, 32.6), at: 7)
    let uncaptioned = ValidationHTMLReport.Finding(
      rule: "coverage.uncaptioned-speech", severity: .warning,
      message: "speech from 00:00:30.000 to 00:00:32.600 has no caption",
      range: range(30.0, 32.6), hint: "add a cue for the speech, or a sound label")
    let cps = ValidationHTMLReport.Finding(
      rule: "readability.cps", severity: .warning,
      message: "cue 3 is 22.0 characters per second; the en limit is 20", line: 12, column: 1,
      cue: 3, range: range(11.0, 12.5),
      hint: "shorten the text to 30 characters, or show the cue longer")
    let overlap = ValidationHTMLReport.Finding(
      rule: "description.overlaps-dialogue", severity: .error,
      message: "description cue 3 overlaps detected speech from 00:00:30.000 to 00:00:32.600",
      line: 11, column: 1, cue: 3, range: range(29.5, 33.0),
      hint: "move the description into a pause, or shorten it")
    let italic = ValidationHTMLReport.Finding(
      rule: "readability.italics", severity: .remark,
      message: "cue 11 is in italics", line: 38, column: 1, cue: 11, range: range(46.5, 49.0))
    let media = ValidationHTMLReport.Media(
      path: "Samples/lighthouse/lighthouse.mp4", duration: time(54),
      streams: [
        .init(index: 0, type: "video", codec: "h264", dispositions: ["default"]),
        .init(index: 1, type: "audio", codec: "aac", language: "en", dispositions: ["default"]),
        .init(
          index: 2, type: "subtitle", codec: "mov_text", language: "en", title: "English SDH",
          dispositions: ["default", "hearing_impaired", "captions"]),
        .init(index: 3, type: "data", codec: "bin_data", language: "en"),
      ],
      trackIDs: ["1", "2", "3"], speech: speech,
      coverage: .init(
        captionedDuration: time(28.5), speechDuration: time(27.5),
        uncaptionedSpeech: [range(30.0, 32.6)],
        estimatedOffset: "captions 0.150 s early, "
          + "confidence 0.87", track: "1"),
      verdicts: [
        .init(
          criterion: "1.2.1", level: "A", title: "Audio-only and Video-only (Prerecorded)",
          status: .notApplicable, evidence: "the media has both audio and video"),
        .init(
          criterion: "1.2.2", level: "A", title: "Captions (Prerecorded)", status: .fail,
          evidence: "track 1 has speech left uncaptioned: coverage.uncaptioned-speech"),
        .init(
          criterion: "1.2.3", level: "A",
          title: "Audio Description or Media Alternative "
            + "(Prerecorded)", status: .pass, evidence: "descriptions in track 2"),
        .init(
          criterion: "1.2.5", level: "AA", title: "Audio Description (Prerecorded)",
          status: .fail,
          evidence: "track 2 overlaps dialogue: description.overlaps-dialogue"),
        .init(
          criterion: "1.2.7", level: "AAA", title: "Extended Audio Description (Prerecorded)",
          status: .unknown, evidence: "whether the pauses are long enough cannot be decided"),
        .init(
          criterion: "1.2.8", level: "AAA", title: "Media Alternative (Prerecorded)",
          status: .unknown, evidence: "needs a full transcript, which captionkit cannot find"),
      ])
    return ValidationHTMLReport(
      title: "lighthouse.mp4", media: [media],
      tracks: [
        .init(
          id: "1", path: captions.path, language: "en", kind: .captions, format: "webvtt",
          cues: spans(captions), findings: [cps, italic, uncaptioned]),
        .init(
          id: "2", path: descriptions.path, language: "en", kind: .descriptions,
          format: "webvtt", cues: spans(descriptions), findings: [overlap]),
        .init(
          id: "3", path: chapters.path, kind: .chapters, format: "webvtt",
          cues: spans(chapters)),
      ])
  }

  /// One track of `count` cues of a second each, one after the other, with `findings`
  /// warnings, one on each of the first cues.
  static func long(cues count: Int, findings: Int = 0) -> ValidationHTMLReport {
    var spans: [ValidationHTMLReport.CueSpan] = []
    spans.reserveCapacity(count)
    for index in 0..<count {
      let start = Int64(index) * 1500
      spans.append(
        .init(
          index: index + 1, start: MediaTime(milliseconds: start),
          end: MediaTime(milliseconds: start + 1000)))
    }
    let list = spans.prefix(findings).map { span in
      ValidationHTMLReport.Finding(
        rule: "timing.min-gap", severity: .warning, message: "cue \(span.index) is too close",
        line: span.index * 4, column: 1, cue: span.index,
        range: TimeRange(start: span.start, end: span.end))
    }
    return ValidationHTMLReport(
      title: "long.vtt",
      tracks: [.init(id: "1", path: "long.vtt", format: "webvtt", cues: spans, findings: list)])
  }
}
