public import CaptionCore

/// The STYLE block that shows colour classes a WebVTT player has no style for.
///
/// SRT's `<font color="#ff8800">` and TTML's `tts:color` are read as colour classes (and
/// CEA-608's colours as `green`, `cyan`...): WebVTT's
/// eight default classes (`yellow`, `cyan`...) or `color-` and the value (`color-ff8800`,
/// `color-orange`). Players show all of them in white unless a style sheet says otherwise
/// (the WebVTT specification colours the eight, but Chromium does not). When a track read
/// from another format has such classes, the WebVTT writer adds one STYLE block with a rule
/// for each, so that the colours (which often tell speakers apart) stay visible:
/// `::cue(.color-ff8800) { color: #ff8800; }`.
public enum WebVTTColourStyle {
  /// The style sheet for the colour classes of `cues`, in the order they first appear; nil
  /// when there are none.
  public static func styleSheet(for cues: [Cue]) -> String? {
    var seen: Set<String> = []
    var rules: [String] = []
    for cue in cues {
      // Only markup that names a colour can hold one (SRT's `<font color>`, a `<c.` class
      // in WebVTT syntax): other cues build no tree.
      let mayHold =
        cue.withRawTextBytes { raw, syntax in
          guard let syntax else { return false }
          return syntax === SRTCueTextMarkup.shared
            ? contains(raw, "olor") : contains(raw, "<c.")
        } ?? true
      guard mayHold else { continue }
      var pending = cue.text.nodes[...]
      var stack: [ArraySlice<CueNode>] = []
      while true {
        guard let node = pending.popFirst() else {
          guard let next = stack.popLast() else { break }
          pending = next
          continue
        }
        guard case .element(let element) = node else { continue }
        for name in element.classes where element.kind == .class {
          guard seen.insert(name).inserted, let value = SRTColor.value(forClass: name) else {
            continue
          }
          rules.append("::cue(.\(name)) { color: \(value); }")
        }
        stack.append(pending)
        pending = element.children[...]
      }
    }
    return rules.isEmpty ? nil : rules.joined(separator: "\n")
  }

  /// Whether `bytes` holds `word`, ASCII letters in any case.
  private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count >= count else { return false }
    let pattern = UnsafeBufferPointer(start: word.utf8Start, count: count)
    var index = 0
    while index + count <= bytes.count {
      var matched = true
      for offset in 0..<count where bytes[index + offset] | 0x20 != pattern[offset] | 0x20 {
        matched = false
        break
      }
      if matched { return true }
      index += 1
    }
    return false
  }
}
