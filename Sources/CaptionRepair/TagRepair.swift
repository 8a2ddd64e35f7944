public import CaptionCore
import CaptionValidation

/// Closes the `<i>`, `<b>` and `<u>` tags a cue leaves open and drops the closing tags it
/// never opened (`readability.unbalanced-tags`).
///
/// The readers already build every cue's tree so: an element left open ends with the cue
/// text, a closing tag with no opening tag is dropped. The rule reads the text as written, so
/// the repair gives the cue that tree as its text, and the tree written as WebVTT cue text as
/// its raw text: the visible text is the same, the tags balance.
public enum TagRepair {
  /// The cues with their tags balanced, and one change for each tag repaired in a cue.
  public static func repair(_ cues: [Cue]) -> (cues: [Cue], changes: [RepairChange]) {
    var scanner = CueTextScanner(counting: .graphemes)
    var result = cues
    var changes: [RepairChange] = []
    for (index, cue) in cues.enumerated() {
      scanner.scan(cue)
      let opened = scanner.view.openedTags
      let closed = scanner.view.closedTags
      guard opened != closed else { continue }
      let text = CueText(nodes: cue.text.nodes)
      result[index] = Cue(
        id: cue.id, start: cue.start, end: cue.end, settings: cue.settings, text: text,
        rawText: RawText.of(text), location: cue.location)
      for (name, open, close) in [
        ("i", opened.italic, closed.italic), ("b", opened.bold, closed.bold),
        ("u", opened.underline, closed.underline),
      ] where open != close {
        let message =
          open > close
          ? "closed \(count(open - close, "<\(name)>")) left open in cue \(index + 1)"
          : "removed \(count(close - open, "</\(name)>")) with no opening tag from cue \(index + 1)"
        changes.append(
          RepairChange(rule: "readability.unbalanced-tags", cueIndex: index, message: message))
      }
    }
    return (result, changes)
  }

  /// `the <i>` for one tag, `2 <i>` for more.
  private static func count(_ number: Int, _ tag: String) -> String {
    number == 1 ? "the \(tag)" : "\(number) \(tag)"
  }
}
