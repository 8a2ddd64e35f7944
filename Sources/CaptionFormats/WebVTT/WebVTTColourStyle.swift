public import CaptionCore

/// The STYLE block that shows colour classes a WebVTT player has no style for.
///
/// SRT's `<font color="#ff8800">` and TTML's `tts:color` are read as colour classes: WebVTT's
/// own eight (`yellow`, `cyan`...), which players colour by themselves, or `color-` and the
/// value (`color-ff8800`, `color-orange`), which they show in white unless a style sheet says
/// otherwise. When a track read from another format has such classes, the WebVTT writer adds
/// one STYLE block with a rule for each, so that the colours (which often tell speakers apart)
/// stay visible: `::cue(.color-ff8800) { color: #ff8800; }`.
public enum WebVTTColourStyle {
  /// The style sheet for the colour classes of `cues` that are not WebVTT's own, in the order
  /// they first appear; nil when there are none.
  public static func styleSheet(for cues: [Cue]) -> String? {
    var seen: Set<String> = []
    var rules: [String] = []
    for cue in cues {
      // Only text with markup can hold a class, and only markup that says `color` (SRT's
      // `<font color>`, WebVTT's `<c.color-…>`) one of these: other cues build no tree.
      let mayHold =
        cue.withRawTextBytes { raw, syntax in syntax != nil && mentionsColour(raw) } ?? true
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
        for name in element.classes where name.hasPrefix(SRTColor.prefix) {
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

  /// Whether `bytes` holds `olor` (of `color`, any case of the first letter).
  private static func mentionsColour(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 4 else { return false }
    var index = 0
    while index + 3 < bytes.count {
      if bytes[index] | 0x20 == 0x6F, bytes[index + 1] | 0x20 == 0x6C,
        bytes[index + 2] | 0x20 == 0x6F, bytes[index + 3] | 0x20 == 0x72
      {
        return true
      }
      index += 1
    }
    return false
  }
}
