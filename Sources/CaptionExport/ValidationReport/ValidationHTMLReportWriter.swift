import CaptionCore

/// Writes the report of `validate` as one self-contained, accessible HTML page.
///
/// The page has a summary, a legend, and per media its streams, coverage and WCAG verdicts (a
/// table with evidence); per track an SVG timeline of speech, captions, descriptions and
/// findings (`role="img"` with a title and a description that says what it shows, in a
/// keyboard-focusable container that scrolls sideways on narrow screens) and every finding as
/// text, severity in words and by shape, with a link to its rule's page. Colours keep 4.5:1
/// in light and dark schemes, bars and markers differ by pattern and shape as well, the page
/// reflows to 320 px and prints in black on white. Every piece of input is escaped. The
/// timelines have a fixed size whatever the number of cues.
public enum ValidationHTMLReportWriter {
  /// Where rule pages are linked by default: `Docs/rules/<id>.md`, relative like the SARIF
  /// report's help URIs.
  public static let defaultRuleDocumentation = "Docs/rules/"
  /// How many findings a list shows by default before it says how many more there are.
  public static let defaultListLimit = 1000

  /// The page as a string. Rule pages are linked as `ruleDocumentation` + id + `.md`; each
  /// list of findings stops after `listLimit` findings.
  public static func page(
    _ report: ValidationHTMLReport, ruleDocumentation: String = defaultRuleDocumentation,
    listLimit: Int = defaultListLimit
  ) -> String {
    var page = Page(report: report, ruleDocumentation: ruleDocumentation, listLimit: listLimit)
    page.write()
    return page.html
  }

  /// Appends the page's UTF-8 bytes to `bytes`.
  public static func write(
    _ report: ValidationHTMLReport, ruleDocumentation: String = defaultRuleDocumentation,
    listLimit: Int = defaultListLimit, into bytes: inout [UInt8]
  ) {
    bytes.append(
      contentsOf: page(report, ruleDocumentation: ruleDocumentation, listLimit: listLimit).utf8)
  }

  static let stylesheet = """
    \(ReportPalette.customProperties)
    \(HTMLPageStyle.base)
    .page{max-width:64rem;margin:0 auto;padding:1rem 1rem 3rem}
    h1{font-size:1.75rem;line-height:1.25;margin:1.5rem 0 1rem}
    h2{font-size:1.4rem;line-height:1.3;margin:2.5rem 0 .75rem}
    h3{font-size:1.2rem;line-height:1.3;margin:2rem 0 .5rem}
    h4{font-size:1.05rem;line-height:1.3;margin:1.25rem 0 .5rem}
    p{margin:0 0 .75rem}
    h1,h2,h3,h4,p,li,th,td,dt,dd,caption{overflow-wrap:break-word}
    a{color:var(--link);text-decoration:underline;text-underline-offset:.15em}
    a:focus-visible,main:focus-visible,.timeline:focus-visible{outline:3px solid var(--focus);\
    outline-offset:2px}
    \(HTMLPageStyle.skipLink)
    .meta{color:var(--muted)}
    ul,ol{padding-inline-start:1.5rem;margin:0 0 1rem}
    dl{display:grid;grid-template-columns:fit-content(40%) minmax(0,1fr);gap:.25rem 1rem;\
    margin:0 0 1rem}
    dt{font-weight:700}
    dd{margin:0}
    dd ul{margin:0}
    code,.where{font-variant-numeric:tabular-nums}
    .timeline{overflow-x:auto;margin:0 0 1rem;border:1px solid var(--grid);border-radius:.25rem;\
    background:var(--bg)}
    .timeline svg{display:block;width:100%;min-width:60rem;height:auto}
    svg text{fill:var(--fg);font:13px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    svg .note{fill:var(--muted)}
    .grid line{stroke:var(--grid);stroke-width:1;stroke-dasharray:2 3}
    .bars.speech rect{stroke:var(--speech);stroke-width:1.5}
    .ink-speech{fill:var(--speech)}
    .bars.captions rect{fill:var(--captions)}
    .bars.descriptions rect{stroke:var(--descriptions);stroke-width:1.5}
    .ink-descriptions{fill:var(--descriptions)}
    .bars.other rect{fill:none;stroke:var(--fg);stroke-width:1.5}
    .marker.error,.icon.error{fill:var(--error)}
    .marker.warning,.icon.warning{fill:var(--warning)}
    .marker.remark,.icon.remark{fill:var(--remark)}
    .legend{list-style:none;padding:0}
    .legend li{margin:0 0 .4rem}
    .legend svg{width:2.5rem;height:1.1rem;vertical-align:middle;margin-inline-end:.5rem}
    .findings{list-style:none;padding:0}
    .findings li{border-inline-start:.3rem solid var(--grid);padding:.1rem 0 .1rem .75rem;\
    margin:0 0 .9rem}
    .findings li.error{border-color:var(--error)}
    .findings li.warning{border-color:var(--warning)}
    .findings li.remark{border-color:var(--remark)}
    .findings p{margin:0 0 .2rem}
    .severity{font-weight:700}
    .severity.error,.status.fail{color:var(--error)}
    .severity.warning{color:var(--warning)}
    .severity.remark{color:var(--remark)}
    .status.pass{color:var(--pass)}
    .status{font-weight:700}
    .icon{width:.9em;height:.9em;vertical-align:-.05em;margin-inline-end:.3em}
    table{width:100%;border-collapse:collapse;table-layout:fixed;margin:0 0 1rem}
    caption{text-align:start;font-weight:700;padding:0 0 .4rem}
    th,td{text-align:start;vertical-align:top;border-bottom:1px solid var(--grid);\
    padding:.4rem .75rem .4rem 0}
    .c-criterion{width:34%}
    .c-status{width:20%}
    @media (max-width:40rem){.verdicts thead{position:absolute;width:1px;height:1px;\
    overflow:hidden;clip-path:inset(50%);white-space:nowrap}
    .verdicts tr{display:block;border-bottom:1px solid var(--grid);padding:.4rem 0}
    .verdicts th,.verdicts td{display:block;width:auto;border:0;padding:.1rem 0}
    .verdicts td.status::before{content:"Status: ";color:var(--fg)}}
    @media print{.skip{display:none}body{font-size:10pt}.page{max-width:none;padding:0}
    .timeline{overflow:visible;border:0}.timeline svg{width:100%}a{text-decoration:none}
    .findings li,tr,.timeline,dl{break-inside:avoid}h2,h3,h4{break-after:avoid}}
    """

  private struct Page {
    let report: ValidationHTMLReport
    let ruleDocumentation: String
    let listLimit: Int
    var html = ""
    var timelines = 0

    init(report: ValidationHTMLReport, ruleDocumentation: String, listLimit: Int) {
      self.report = report
      self.ruleDocumentation = ruleDocumentation
      self.listLimit = max(0, listLimit)
      html.reserveCapacity(16384)
    }

    mutating func write() {
      html += "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">\n<head>\n<meta charset=\"utf-8\">\n"
      html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      html += "<meta name=\"generator\" content=\"captionkit\">\n<title>"
      escape(report.title)
      html += " · validation report</title>\n<style>\n"
      html += ValidationHTMLReportWriter.stylesheet
      html += "\n</style>\n</head>\n<body>\n"
      html += "<a class=\"skip\" href=\"#report\">Skip to the report</a>\n<div class=\"page\">\n"
      html += "<header>\n<h1>"
      escape(report.title)
      html += "</h1>\n<p class=\"meta\">Validation report by captionkit</p>\n</header>\n"
      html += "<main id=\"report\" tabindex=\"-1\">\n"
      writeSummary()
      writeLegend()
      var inMedia = Set<String>()
      for (number, media) in report.media.enumerated() {
        writeMedia(media, number: number + 1)
        inMedia.formUnion(media.trackIDs)
      }
      for track in report.tracks where !inMedia.contains(track.id) {
        writeTrack(track, media: nil, level: 2)
      }
      if !report.findings.isEmpty {
        html += "<section aria-labelledby=\"other-findings\">\n"
        html += "<h2 id=\"other-findings\">Other findings</h2>\n"
        writeFindings(report.findings, label: "other findings")
        html += "</section>\n"
      }
      html += "</main>\n</div>\n</body>\n</html>\n"
    }

    // MARK: Summary and legend

    private static func plural(_ count: Int, _ noun: String) -> String {
      "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private static func counts(_ findings: [ValidationHTMLReport.Finding]) -> String {
      var counts = [0, 0, 0]
      for finding in findings {
        switch finding.severity {
        case .error: counts[0] += 1
        case .warning: counts[1] += 1
        case .remark: counts[2] += 1
        }
      }
      return plural(counts[0], "error") + ", " + plural(counts[1], "warning") + ", "
        + plural(counts[2], "remark")
    }

    private mutating func writeSummary() {
      html += "<section aria-labelledby=\"summary\">\n<h2 id=\"summary\">Summary</h2>\n<p>"
      html += Self.plural(report.count(.error), "error") + ", "
      html += Self.plural(report.count(.warning), "warning") + " and "
      html += Self.plural(report.count(.remark), "remark") + " in "
      html += Self.plural(report.tracks.count, "track")
      if !report.media.isEmpty { html += " of " + Self.plural(report.media.count, "media file") }
      html += ".</p>\n"
      let verdicts = report.media.flatMap(\.verdicts)
      if !verdicts.isEmpty {
        html += "<p>WCAG verdicts: "
        var parts: [String] = []
        for status in ValidationHTMLReport.Verdict.Status.allCases {
          let count = verdicts.filter { $0.status == status }.count
          if count > 0 { parts.append("\(count) \(Self.statusName(status).lowercased())") }
        }
        html += parts.joined(separator: ", ") + ".</p>\n"
      }
      if !report.tracks.isEmpty {
        html += "<ul>\n"
        for track in report.tracks {
          html += "<li><a href=\"#track-"
          escape(track.id)
          html += "\">"
          writeTrackName(track)
          html += "</a>: " + Self.counts(track.findings) + "</li>\n"
        }
        html += "</ul>\n"
      }
      html += "</section>\n"
    }

    private mutating func writeLegend() {
      guard !report.tracks.isEmpty else { return }
      html += "<section aria-labelledby=\"legend\">\n<h2 id=\"legend\">Reading the timelines</h2>\n"
      html += "<p>Each track has a timeline of its cues, with the speech found in the audio when "
      html += "it was analysed and the descriptions or captions that go with it. Every finding "
      html += "in a timeline is also in the list under it.</p>\n<ul class=\"legend\">\n"
      let swatch =
        "<svg aria-hidden=\"true\" focusable=\"false\" viewBox=\"0 0 40 16\">"
      html += "<li>\(swatch)<defs><pattern id=\"legend-speech\" width=\"6\" height=\"6\" "
      html += "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect "
      html += "class=\"ink-speech\" width=\"2.5\" height=\"6\"/></pattern><pattern "
      html += "id=\"legend-descriptions\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\">"
      html +=
        "<circle class=\"ink-descriptions\" cx=\"2.5\" cy=\"2.5\" r=\"1.3\"/></pattern></defs>"
      html += "<g class=\"bars speech\" fill=\"url(#legend-speech)\"><rect x=\"1\" y=\"2\" "
      html += "width=\"38\" height=\"12\"/></g></svg>Speech: hatched bars with an outline</li>\n"
      html += "<li>\(swatch)<g class=\"bars captions\"><rect x=\"1\" y=\"2\" width=\"38\" "
      html += "height=\"12\"/></g></svg>Captions and subtitles: solid bars</li>\n"
      html += "<li>\(swatch)<g class=\"bars descriptions\" fill=\"url(#legend-descriptions)\">"
      html += "<rect x=\"1\" y=\"2\" width=\"38\" height=\"12\"/></g></svg>"
      html += "Descriptions: dotted bars with an outline</li>\n"
      html += "<li>\(swatch)<g class=\"bars other\"><rect x=\"1\" y=\"2\" width=\"38\" "
      html += "height=\"12\"/></g></svg>Chapters and other cues: outlined bars</li>\n"
      for severity in Severity.allCases {
        html += "<li>\(swatch)<g class=\"marker \(severity.rawValue)\">"
        html += Self.shape(severity, cx: 20, cy: 8)
        html += "</g></svg>\(Self.severityName(severity))s: \(Self.shapeName(severity)) in the "
        html += "row of that name, at the start of the cue or stretch they are about</li>\n"
      }
      html += "</ul>\n<p>With many cues or findings, neighbours closer than a pixel column merge "
      html += "into one bar or marker; the lists below give every one.</p>\n</section>\n"
    }

    static func shape(_ severity: Severity, cx: Int, cy: Int) -> String {
      switch severity {
      case .error:
        return "<polygon points=\"\(cx),\(cy - 7) \(cx + 7),\(cy + 6) \(cx - 7),\(cy + 6)\"/>"
      case .warning:
        return
          "<polygon points=\"\(cx),\(cy - 7) \(cx + 7),\(cy) \(cx),\(cy + 7) \(cx - 7),\(cy)\"/>"
      case .remark:
        return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"5.5\"/>"
      }
    }

    static func severityName(_ severity: Severity) -> String {
      switch severity {
      case .error: return "Error"
      case .warning: return "Warning"
      case .remark: return "Remark"
      }
    }

    static func shapeName(_ severity: Severity) -> String {
      switch severity {
      case .error: return "triangles"
      case .warning: return "diamonds"
      case .remark: return "circles"
      }
    }

    static func statusName(_ status: ValidationHTMLReport.Verdict.Status) -> String {
      switch status {
      case .pass: return "Pass"
      case .fail: return "Fail"
      case .unknown: return "Unknown"
      case .notApplicable: return "Not applicable"
      }
    }

    // MARK: Media

    private mutating func writeMedia(_ media: ValidationHTMLReport.Media, number: Int) {
      let id = "media-\(number)"
      html += "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">Media: <bdi>"
      escape(media.path)
      html += "</bdi></h2>\n<dl>\n<dt>Duration</dt><dd>"
      html +=
        media.duration.map { TranscriptClock.display($0) + " (\($0.timestamp()))" }
        ?? "unknown"
      html += "</dd>\n<dt>Streams</dt><dd>"
      if media.streams.isEmpty {
        html += "none found"
      } else {
        html += "<ul>\n"
        for stream in media.streams {
          html += "<li>\(stream.index): "
          escape(stream.type)
          for part in [stream.codec, stream.language, stream.title].compactMap({ $0 }) {
            html += ", "
            escape(part)
          }
          if !stream.dispositions.isEmpty {
            html += " ("
            escape(stream.dispositions.joined(separator: ", "))
            html += ")"
          }
          html += "</li>\n"
        }
        html += "</ul>"
      }
      html += "</dd>\n</dl>\n"
      if let coverage = media.coverage { writeCoverage(coverage, id: id) }
      if !media.verdicts.isEmpty { writeVerdicts(media, id: id) }
      if media.trackIDs.isEmpty, media.speech != nil { writeMediaTimeline(media, id: id) }
      html += "<h3 id=\"\(id)-findings\">Findings about the media</h3>\n"
      if media.findings.isEmpty {
        html += "<p>None.</p>\n"
      } else {
        writeFindings(media.findings, label: "the media")
      }
      for trackID in media.trackIDs {
        guard let track = report.tracks.first(where: { $0.id == trackID }) else { continue }
        writeTrack(track, media: media, level: 3)
      }
      html += "</section>\n"
    }

    /// The timeline of a media without tracks: its speech, and no captions.
    private mutating func writeMediaTimeline(_ media: ValidationHTMLReport.Media, id: String) {
      timelines += 1
      var timeline = ReportTimeline(number: timelines, extent: media.duration?.milliseconds ?? 0)
      let speech = (media.speech ?? []).map { ($0.start.milliseconds, $0.end.milliseconds) }
      if media.duration == nil {
        timeline.extent = max(1, speech.map { max($0.0, $0.1) }.max() ?? 1)
      }
      timeline.lanes = [
        .init(label: "Speech", style: .speech, ranges: speech, noun: "segment"),
        .init(label: "Captions", style: .captions, ranges: [], noun: "cue"),
      ]
      for finding in media.findings {
        if let range = finding.range {
          timeline.markers[finding.severity, default: []].append(range.start.milliseconds)
        } else {
          timeline.untimed += 1
        }
      }
      html += "<h3 id=\"\(id)-timeline\">Timeline</h3>\n"
      html += "<div class=\"timeline\" tabindex=\"0\" role=\"region\" aria-label=\""
      html += "Timeline of the media (scrolls sideways)\">\n"
      timeline.write(into: &html, title: "Timeline of " + media.path)
      html += "\n</div>\n"
    }

    private mutating func writeCoverage(_ coverage: ValidationHTMLReport.Coverage, id: String) {
      html += "<h3 id=\"\(id)-coverage\">Coverage</h3>\n<dl>\n"
      if let track = coverage.track {
        html += "<dt>Compared track</dt><dd>"
        escape(track)
        html += "</dd>\n"
      }
      html += "<dt>Captioned</dt><dd>\(TranscriptClock.display(coverage.captionedDuration))</dd>\n"
      html += "<dt>Speech found</dt><dd>"
      html +=
        coverage.speechDuration.map { TranscriptClock.display($0) }
        ?? "unknown: the audio was not analysed"
      html += "</dd>\n"
      if let uncaptioned = coverage.uncaptionedSpeech {
        html += "<dt>Speech without captions</dt><dd>"
        if uncaptioned.isEmpty {
          html += "none"
        } else {
          html += "<ul>\n"
          for range in uncaptioned.prefix(listLimit) {
            html +=
              "<li class=\"where\">\(range.start.timestamp()) to \(range.end.timestamp())</li>\n"
          }
          if uncaptioned.count > listLimit {
            html += "<li>and \(uncaptioned.count - listLimit) more</li>\n"
          }
          html += "</ul>"
        }
        html += "</dd>\n"
      }
      if let offset = coverage.estimatedOffset {
        html += "<dt>Estimated offset</dt><dd>"
        escape(offset)
        html += "</dd>\n"
      }
      html += "</dl>\n"
    }

    private mutating func writeVerdicts(_ media: ValidationHTMLReport.Media, id: String) {
      html +=
        "<h3 id=\"\(id)-wcag\">WCAG 2.2 verdicts</h3>\n<table class=\"verdicts\">\n<caption>WCAG 1.2 "
      html += "success criteria for <bdi>"
      escape(media.path)
      html += "</bdi></caption>\n<thead><tr><th scope=\"col\" class=\"c-criterion\">Criterion</th>"
      html += "<th scope=\"col\" class=\"c-status\">Status</th><th scope=\"col\">Evidence</th>"
      html += "</tr></thead>\n<tbody>\n"
      for verdict in media.verdicts {
        html += "<tr><th scope=\"row\">"
        escape(verdict.criterion)
        html += " "
        escape(verdict.title)
        html += " (level "
        escape(verdict.level)
        html += ")</th><td class=\"status \(verdict.status.rawValue)\">"
        html += Self.statusName(verdict.status) + "</td><td>"
        escape(verdict.evidence)
        html += "</td></tr>\n"
      }
      html += "</tbody>\n</table>\n"
    }

    // MARK: Tracks

    private mutating func writeTrackName(_ track: ValidationHTMLReport.Track) {
      html += "Track "
      escape(track.id)
      if let path = track.path {
        html += ": <bdi>"
        escape(path)
        html += "</bdi>"
      }
      if let stream = track.stream { html += ", stream \(stream)" }
      if let channel = track.channel { html += " \(channel)" }
    }

    private static func kindName(_ kind: TrackKind?) -> String {
      switch kind {
      case .captions: return "Captions"
      case .sdh: return "SDH subtitles"
      case .subtitles, nil: return "Subtitles"
      case .forced: return "Forced subtitles"
      case .descriptions: return "Descriptions"
      case .chapters: return "Chapters"
      case .metadata: return "Metadata"
      }
    }

    private static func isDialogue(_ kind: TrackKind?) -> Bool {
      switch kind {
      case .captions, .sdh, .subtitles, .forced, nil: return true
      case .descriptions, .chapters, .metadata: return false
      }
    }

    private static func ranges(_ cues: [ValidationHTMLReport.CueSpan]) -> [(
      start: Int64, end: Int64
    )] {
      cues.map { ($0.start.milliseconds, $0.end.milliseconds) }
    }

    private func timeline(
      for track: ValidationHTMLReport.Track, media: ValidationHTMLReport.Media?, number: Int
    ) -> ReportTimeline {
      var lanes: [ReportTimeline.Lane] = []
      if let speech = media?.speech {
        lanes.append(
          .init(
            label: "Speech", style: .speech,
            ranges: speech.map { ($0.start.milliseconds, $0.end.milliseconds) }, noun: "segment"))
      }
      let siblings = (media?.trackIDs ?? []).compactMap { id in
        id == track.id ? nil : report.tracks.first { $0.id == id }
      }
      if Self.isDialogue(track.kind) {
        lanes.append(
          .init(
            label: Self.kindName(track.kind), style: .captions, ranges: Self.ranges(track.cues),
            noun: "cue"))
        if let descriptions = siblings.first(where: { $0.kind == .descriptions }) {
          lanes.append(
            .init(
              label: "Descriptions", style: .descriptions,
              ranges: Self.ranges(descriptions.cues), noun: "cue"))
        }
      } else if track.kind == .descriptions {
        if let dialogue = siblings.first(where: { Self.isDialogue($0.kind) }) {
          lanes.append(
            .init(
              label: Self.kindName(dialogue.kind), style: .captions,
              ranges: Self.ranges(dialogue.cues), noun: "cue"))
        }
        lanes.append(
          .init(
            label: "Descriptions", style: .descriptions, ranges: Self.ranges(track.cues),
            noun: "cue"))
      } else {
        lanes.append(
          .init(
            label: Self.kindName(track.kind), style: .other, ranges: Self.ranges(track.cues),
            noun: "cue"))
      }
      var extent: Int64 = 0
      if let duration = media?.duration {
        extent = duration.milliseconds
      } else {
        for lane in lanes {
          for range in lane.ranges { extent = max(extent, range.start, range.end) }
        }
        for finding in track.findings {
          if let range = finding.range { extent = max(extent, range.start.milliseconds) }
        }
      }
      var timeline = ReportTimeline(number: number, extent: extent)
      timeline.lanes = lanes
      for finding in track.findings {
        if let range = finding.range {
          timeline.markers[finding.severity, default: []].append(range.start.milliseconds)
        } else {
          timeline.untimed += 1
        }
      }
      return timeline
    }

    private mutating func writeTrack(
      _ track: ValidationHTMLReport.Track, media: ValidationHTMLReport.Media?, level: Int
    ) {
      timelines += 1
      html += "<section aria-labelledby=\"track-"
      escape(track.id)
      html += "\">\n<h\(level) id=\"track-"
      escape(track.id)
      html += "\">"
      writeTrackName(track)
      html += "</h\(level)>\n<p class=\"meta\">"
      var facts = [Self.kindName(track.kind)]
      if let language = track.language { facts.append("language " + language) }
      facts.append("format " + track.format)
      facts.append(Self.plural(track.cues.count, "cue"))
      facts.append(Self.counts(track.findings))
      escape(facts.joined(separator: " · "))
      html += "</p>\n<div class=\"timeline\" tabindex=\"0\" role=\"region\" aria-label=\""
      html += "Timeline of track "
      escape(track.id)
      html += " (scrolls sideways)\">\n"
      var title = "Timeline of track " + track.id
      if let path = track.path { title += ", " + path }
      if let stream = track.stream { title += ", stream \(stream)" }
      if let channel = track.channel { title += " \(channel)" }
      timeline(for: track, media: media, number: timelines).write(into: &html, title: title)
      html += "\n</div>\n<h\(level + 1)>Findings of track "
      escape(track.id)
      html += "</h\(level + 1)>\n"
      if track.findings.isEmpty {
        html += "<p>None.</p>\n"
      } else {
        writeFindings(track.findings, label: "track " + track.id)
      }
      html += "</section>\n"
    }

    // MARK: Findings

    private mutating func writeFindings(_ findings: [ValidationHTMLReport.Finding], label: String) {
      html += "<ol class=\"findings\" aria-label=\"Findings of "
      escape(label)
      html += "\">\n"
      for finding in findings.prefix(listLimit) {
        let severity = finding.severity.rawValue
        html += "<li class=\"\(severity)\"><p><span class=\"severity \(severity)\">"
        html += "<svg class=\"icon \(severity)\" aria-hidden=\"true\" focusable=\"false\" "
        html += "viewBox=\"0 0 16 16\">" + Self.shape(finding.severity, cx: 8, cy: 8) + "</svg>"
        html += Self.severityName(finding.severity) + "</span>"
        var place: [String] = []
        if let line = finding.line {
          place.append("line \(line)" + (finding.column.map { ", column \($0)" } ?? ""))
        }
        if let cue = finding.cue { place.append("cue \(cue)") }
        if let range = finding.range {
          place.append("\(range.start.timestamp()) to \(range.end.timestamp())")
        }
        if !place.isEmpty {
          html += " <span class=\"where\">" + place.joined(separator: " · ") + "</span>"
        }
        html += "</p>\n<p>"
        escape(finding.message)
        html += "</p>\n"
        if let hint = finding.hint {
          html += "<p>Fix: "
          escape(hint)
          html += "</p>\n"
        }
        html += "<p>Rule: <a href=\""
        escape(ruleDocumentation)
        escape(finding.rule)
        html += ".md\">"
        escape(finding.rule)
        html += "</a></p></li>\n"
      }
      html += "</ol>\n"
      if findings.count > listLimit {
        html += "<p>" + Self.plural(findings.count - listLimit, "more finding")
        html += " not listed here; the text, JSON and SARIF reports list every one.</p>\n"
      }
    }

    private mutating func escape(_ text: String) {
      html.appendEscapedHTML(text)
    }
  }
}
