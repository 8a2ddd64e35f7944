import CaptionCore

/// The SVG timeline of one track: lanes of time ranges (speech, captions, descriptions) and
/// rows of finding markers, drawn at a fixed size whatever the media's length.
///
/// A lane of more than `exactLimit` ranges is drawn as the runs of covered pixel columns, and
/// markers closer than `markerSpacing` merge, so the SVG has at most a few thousand elements
/// for any number of cues; building it is linear in the number of cues and findings.
struct ReportTimeline {
  /// How a lane's bars look: told apart by pattern and outline, not only by colour.
  enum Style: String {
    /// Hatched bars with an outline.
    case speech
    /// Solid bars.
    case captions
    /// Dotted bars with an outline.
    case descriptions
    /// Outlined bars with no fill.
    case other
  }

  struct Lane {
    var label: String
    var style: Style
    /// Start and end in milliseconds.
    var ranges: [(start: Int64, end: Int64)]
    /// What one range is called in the text alternative: `cue`, `segment`.
    var noun: String
  }

  static let width = 960
  static let plotStart = 136
  static let plotEnd = 944
  static var plotWidth: Int { plotEnd - plotStart }
  static let rowHeight = 28
  static let top = 6
  /// Lanes with more ranges than this are drawn as covered pixel columns.
  static let exactLimit = 400
  /// Markers closer than this (in SVG units) merge into one.
  static let markerSpacing = 8

  /// Makes the ids in the SVG unique on the page.
  var number: Int
  /// The length the timeline shows, in milliseconds (at least 1).
  var extent: Int64
  var lanes: [Lane] = []
  /// The time (ms) of each finding about a time, per severity.
  var markers: [Severity: [Int64]] = [:]
  /// Findings that are not about a time.
  var untimed = 0

  init(number: Int, extent: Int64) {
    self.number = number
    self.extent = max(1, extent)
  }

  /// The x coordinate of `time` in tenths of SVG units, clamped to the plot.
  private func x10(_ time: Int64) -> Int {
    let clamped = min(max(time, 0), extent)
    let offset = Int128(clamped) * Int128(Self.plotWidth * 10) / Int128(extent)
    return Self.plotStart * 10 + Int(offset)
  }

  /// `m:ss` or `h:mm:ss` for a time in milliseconds.
  static func clock(_ milliseconds: Int64) -> String {
    TranscriptClock.display(MediaTime(milliseconds: milliseconds))
  }

  private static func number(_ tenths: Int) -> String {
    tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }

  private static let severities: [(Severity, String)] = [
    (.error, "Errors"), (.warning, "Warnings"), (.remark, "Remarks"),
  ]

  private var markerRows: [(Severity, String, [Int64])] {
    Self.severities.compactMap { severity, label in
      markers[severity].flatMap { $0.isEmpty ? nil : (severity, label, $0) }
    }
  }

  /// Appends the SVG, with `title` and a text alternative that summarises every lane.
  func write(into html: inout String, title: String) {
    let rows = markerRows
    let rowCount = lanes.count + max(rows.count, 1)
    let height = Self.top + rowCount * Self.rowHeight + 30
    let id = "timeline-\(number)"
    html += "<svg role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" "
    html += "viewBox=\"0 0 \(Self.width) \(height)\" width=\"\(Self.width)\" "
    html += "height=\"\(height)\" xmlns=\"http://www.w3.org/2000/svg\">\n<title id=\"\(id)-title\">"
    html.appendEscapedHTML(title)
    html += "</title>\n<desc id=\"\(id)-desc\">"
    html.appendEscapedHTML(description)
    html += "</desc>\n<defs>"
    html += "<pattern id=\"\(id)-speech\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
    html += "patternTransform=\"rotate(45)\"><rect class=\"ink-speech\" width=\"2.5\" "
    html += "height=\"6\"/></pattern>"
    html += "<pattern id=\"\(id)-descriptions\" width=\"5\" height=\"5\" "
    html += "patternUnits=\"userSpaceOnUse\"><circle class=\"ink-descriptions\" cx=\"2.5\" "
    html += "cy=\"2.5\" r=\"1.3\"/></pattern></defs>\n"
    writeGrid(into: &html, bottom: Self.top + rowCount * Self.rowHeight)
    var top = Self.top
    for lane in lanes {
      writeLane(lane, top: top, into: &html)
      top += Self.rowHeight
    }
    if rows.isEmpty {
      html += "<text class=\"label\" x=\"8\" y=\"\(top + 19)\">Findings</text>"
      html += "<text class=\"note\" x=\"\(Self.plotStart + 4)\" y=\"\(top + 19)\">"
      html += untimed > 0 ? "none at a time</text>\n" : "none</text>\n"
    }
    for (severity, label, times) in rows {
      writeMarkers(severity, label: label, times: times, top: top, into: &html)
      top += Self.rowHeight
    }
    html += "</svg>"
  }

  /// Vertical lines and time labels at round intervals, at most about eight.
  private func writeGrid(into html: inout String, bottom: Int) {
    let steps: [Int64] = [
      1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 18000, 36000, 86400,
    ].map { $0 * 1000 }
    let step = steps.first { extent / $0 <= 8 } ?? max(1, extent / 8)
    html += "<g class=\"grid\">"
    var time: Int64 = 0
    var labels = ""
    while time <= extent {
      let x = Self.number(x10(time))
      html += "<line x1=\"\(x)\" y1=\"\(Self.top)\" x2=\"\(x)\" y2=\"\(bottom)\"/>"
      let anchor = time == 0 ? "start" : (x10(time) >= Self.plotEnd * 10 - 200 ? "end" : "middle")
      labels += "<text x=\"\(x)\" y=\"\(bottom + 18)\" text-anchor=\"\(anchor)\">"
      labels += Self.clock(time) + "</text>"
      time += step
    }
    html += "</g>\n<g class=\"axis\">" + labels + "</g>\n"
  }

  private func writeLane(_ lane: Lane, top: Int, into html: inout String) {
    let id = "timeline-\(number)"
    html += "<text class=\"label\" x=\"8\" y=\"\(top + 19)\">"
    html.appendEscapedHTML(lane.label)
    html += "</text>\n<g class=\"bars \(lane.style.rawValue)\""
    switch lane.style {
    case .speech: html += " fill=\"url(#\(id)-speech)\""
    case .descriptions: html += " fill=\"url(#\(id)-descriptions)\""
    case .captions, .other: break
    }
    html += ">"
    let y = top + 5
    let tail = "\" y=\"\(y)\" height=\"18\"/>"
    if lane.ranges.count <= Self.exactLimit {
      for range in lane.ranges {
        let start = x10(min(range.start, range.end))
        let end = x10(max(range.start, range.end))
        // One unit shorter, so that cues that touch stay apart.
        let width = end - start > 30 ? end - start - 10 : max(10, end - start)
        html += "<rect x=\"\(Self.number(start))\" width=\"\(Self.number(width))"
        html += tail
      }
    } else {
      // Runs of pixel columns covered by some range: a difference array, one pass each.
      let columns = Self.plotWidth
      var change = [Int32](repeating: 0, count: columns + 1)
      for range in lane.ranges {
        let low = min(max(min(range.start, range.end), 0), extent)
        let high = min(max(max(range.start, range.end), 0), extent)
        let first = min(Int(Int128(low) * Int128(columns) / Int128(extent)), columns - 1)
        let ceiling = (Int128(high) * Int128(columns) + Int128(extent) - 1) / Int128(extent)
        let last = min(max(Int(ceiling), first + 1), columns)
        change[first] += 1
        change[last] -= 1
      }
      var depth: Int32 = 0
      var runStart: Int?
      for column in 0...columns {
        depth += change[column]
        if depth > 0, runStart == nil {
          runStart = column
        } else if depth <= 0 || column == columns, let start = runStart {
          html += "<rect x=\"\(Self.plotStart + start)\" width=\"\(column - start)"
          html += tail
          runStart = nil
        }
      }
    }
    html += "</g>\n"
  }

  private func writeMarkers(
    _ severity: Severity, label: String, times: [Int64], top: Int, into html: inout String
  ) {
    html += "<text class=\"label\" x=\"8\" y=\"\(top + 19)\">\(label)</text>\n"
    html += "<g class=\"marker \(severity.rawValue)\">"
    // The first marker of each slot of `markerSpacing` units, at its own place.
    let slots = Self.plotWidth / Self.markerSpacing + 1
    var first = [Int](repeating: Int.max, count: slots)
    for time in times {
      let x = x10(time)
      let slot = (x - Self.plotStart * 10) / (Self.markerSpacing * 10)
      if x < first[slot] { first[slot] = x }
    }
    let cy = top + 14
    for x in first where x != Int.max {
      let cx = x / 10
      switch severity {
      case .error:
        html += "<polygon points=\"\(cx),\(cy - 7) \(cx + 7),\(cy + 6) \(cx - 7),\(cy + 6)\"/>"
      case .warning:
        html +=
          "<polygon points=\"\(cx),\(cy - 7) \(cx + 7),\(cy) \(cx),\(cy + 7) \(cx - 7),\(cy)\"/>"
      case .remark:
        html += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"5.5\"/>"
      }
    }
    html += "</g>\n"
  }

  /// The text alternative: what each lane and row holds, in words.
  var description: String {
    var parts: [String] = ["From 0:00 to \(Self.clock(extent))."]
    for lane in lanes {
      guard !lane.ranges.isEmpty else {
        parts.append("\(lane.label): none.")
        continue
      }
      var low = Int64.max
      var high = Int64.min
      var total: Int64 = 0
      for range in lane.ranges {
        low = min(low, range.start, range.end)
        high = max(high, range.start, range.end)
        let clamped = (min(max(range.start, 0), extent), min(max(range.end, 0), extent))
        total += max(clamped.0, clamped.1) - min(clamped.0, clamped.1)
      }
      let count = lane.ranges.count
      let noun = count == 1 ? lane.noun : lane.noun + "s"
      var text = "\(lane.label): \(count) \(noun) from \(Self.clock(low)) to "
      text += "\(Self.clock(high))"
      if lane.style == .speech { text += ", \(Self.clock(total)) in total" }
      parts.append(text + ".")
    }
    for (severity, label, times) in markerRows {
      let sorted = times.count <= 5 ? times.sorted() : Array(times.sorted().prefix(5))
      let named = severity == .error ? "error" : severity == .warning ? "warning" : "remark"
      var text = "\(label): \(times.count) \(times.count == 1 ? named : named + "s") at "
      text += sorted.map { Self.clock($0) }.joined(separator: ", ")
      if times.count > 5 { text += " and \(times.count - 5) more" }
      parts.append(text + ".")
    }
    if markerRows.isEmpty { parts.append("No finding at a time.") }
    if untimed > 0 {
      parts.append(
        untimed == 1
          ? "1 finding is not about a time and is only in the list below."
          : "\(untimed) findings are not about a time and are only in the list below.")
    }
    return parts.joined(separator: " ")
  }
}
