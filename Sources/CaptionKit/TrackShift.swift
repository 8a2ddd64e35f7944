/// Moves every cue of a track by a fixed amount of time, as `convert --shift` does.
public enum TrackShift {
  /// Shifts the cues of `track` (and the timestamps inside WebVTT cue text) by `offset`.
  /// A cue that would start before zero starts at zero; a cue that would end at or before
  /// zero is dropped. Each is reported as a `convert.shift` warning.
  public static func shift(_ track: inout Track, by offset: MediaTime) -> [Diagnostic] {
    if offset == .zero { return [] }
    var diagnostics: [Diagnostic] = []
    var kept: [Cue] = []
    kept.reserveCapacity(track.cues.count)
    for (index, original) in track.cues.enumerated() {
      var cue = original
      cue.start = original.start + offset
      cue.end = original.end + offset
      let reference = original.reference(index: index + 1)
      if cue.end <= .zero {
        diagnostics.append(
          Diagnostic(
            rule: "convert.shift", severity: .warning,
            message: "cue \(index + 1) ends at \(cue.end) after the shift, not after "
              + "\(MediaTime.zero); dropped",
            file: track.path, location: original.location, cue: reference,
            hint: "use a smaller negative shift to keep it"))
        continue
      }
      if cue.start < .zero {
        diagnostics.append(
          Diagnostic(
            rule: "convert.shift", severity: .warning,
            message: "cue \(index + 1) starts at \(cue.start) after the shift; it now starts "
              + "at \(MediaTime.zero)",
            file: track.path, location: original.location, cue: reference,
            hint: "use a smaller negative shift to keep its start"))
        cue.start = .zero
      }
      if let markup = cue.text.markup, !hasTimestampTag(markup.text) {
        // Kept as written and without inner timestamps: nothing to shift.
      } else if cue.text.plainString == nil {
        cue.text = CueText(nodes: mapTimestamps(in: cue.text.nodes) { max(.zero, $0 + offset) })
        if track.format == .webvtt {
          cue.rawText = mapTimestamps(inRawText: cue.rawText) { max(.zero, $0 + offset) }
        }
      }
      kept.append(cue)
    }
    track.cues = kept
    return diagnostics
  }

  /// True when `text` has a `<` followed by a digit: the start of an inner timestamp tag.
  static func hasTimestampTag(_ text: String) -> Bool {
    var afterLessThan = false
    for byte in text.utf8 {
      if afterLessThan, byte >= 0x30, byte <= 0x39 { return true }
      afterLessThan = byte == 0x3C
    }
    return false
  }

  /// Moves the `timestamp` nodes of a cue text tree to `transform` of their time, without
  /// recursion.
  static func mapTimestamps(
    in nodes: [CueNode], _ transform: (MediaTime) -> MediaTime
  ) -> [CueNode] {
    // Post-order rebuild with an explicit stack, so deep trees cost no call stack.
    struct Frame {
      var element: CueElement?
      var pending: ArraySlice<CueNode>
      var done: [CueNode]
    }
    var stack = [Frame(element: nil, pending: nodes[...], done: [])]
    while true {
      let top = stack.count - 1
      guard let node = stack[top].pending.popFirst() else {
        let finished = stack.removeLast()
        guard var element = finished.element else { return finished.done }
        element.children = finished.done
        stack[stack.count - 1].done.append(.element(element))
        continue
      }
      switch node {
      case .text: stack[top].done.append(node)
      case .timestamp(let time): stack[top].done.append(.timestamp(transform(time)))
      case .element(let element):
        stack.append(Frame(element: element, pending: element.children[...], done: []))
      }
    }
  }

  /// Rewrites each `<hh:mm:ss.ttt>` or `<mm:ss.ttt>` tag of WebVTT cue text to `transform`
  /// of its time.
  static func mapTimestamps(
    inRawText text: String, _ transform: (MediaTime) -> MediaTime
  ) -> String {
    let bytes = Array(text.utf8)
    guard bytes.contains(0x3C) else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x3C, let close = bytes[(index + 1)...].firstIndex(of: 0x3E),
        let time = parseTimestamp(bytes[(index + 1)..<close])
      {
        output.append(0x3C)
        output.append(contentsOf: transform(time).description.utf8)
        output.append(0x3E)
        index = close + 1
        continue
      }
      output.append(byte)
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Parses `hh:mm:ss.ttt` (hours two digits or more) or `mm:ss.ttt`.
  private static func parseTimestamp(_ bytes: ArraySlice<UInt8>) -> MediaTime? {
    let parts = bytes.split(separator: 0x3A, omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3, let last = parts.last,
      let dot = last.firstIndex(of: 0x2E)
    else { return nil }
    func number(_ digits: ArraySlice<UInt8>, count: Int?) -> Int64? {
      guard !digits.isEmpty, digits.count <= 12, count == nil || digits.count == count,
        digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else { return nil }
      return digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }
    let hoursDigits: ArraySlice<UInt8>? = parts.count == 3 ? parts[0] : nil
    let minutesDigits = parts[parts.count - 2]
    guard let minutes = number(minutesDigits, count: 2), minutes < 60,
      let seconds = number(last[..<dot], count: 2), seconds < 60,
      let milliseconds = number(last[(dot + 1)...], count: 3)
    else { return nil }
    var hours: Int64 = 0
    if let hoursDigits {
      guard hoursDigits.count >= 2, let value = number(hoursDigits, count: nil) else {
        return nil
      }
      hours = value
    }
    return MediaTime(hours: hours, minutes: minutes, seconds: seconds, milliseconds: milliseconds)
  }
}
