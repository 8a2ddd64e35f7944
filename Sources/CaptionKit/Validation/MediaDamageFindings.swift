public import CaptionCore
public import CaptionMedia

/// The findings (`container.damaged`) and the lines `probe` and `speech` show for the damage
/// found in a media file.
public enum MediaDamageFindings {
  public static let rule = "container.damaged"

  /// How many findings of one kind on one stream are given one by one; the rest are counted
  /// in one more.
  static let listed = 3

  static let hint =
    "the file is damaged or incomplete: get a whole copy (compare its size and checksum with the source)"

  /// The findings for `report`, the damage of the media file at `path`: one per stream that
  /// ends early, and per stream and kind the first few damaged packets, then one for the rest.
  public static func diagnostics(_ report: MediaDamageReport, path: String) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var groups: [Group: [MediaDamage]] = [:]
    var order: [Group] = []
    for damage in report.items {
      let group = Group(kind: damage.kind, stream: damage.stream)
      if groups[group] == nil { order.append(group) }
      groups[group, default: []].append(damage)
    }
    for group in order {
      let items = groups[group] ?? []
      for damage in items.prefix(group.kind == .endsEarly ? items.count : listed) {
        diagnostics.append(finding(describe(damage), path: path))
      }
      if group.kind != .endsEarly, items.count > listed {
        let rest = items.dropFirst(listed)
        let last = rest.compactMap(\.time).max()
        let what = group.kind == .decodeError ? "that cannot be decoded" : "marked as corrupt"
        let until = last.map { ", the last at \($0)" } ?? ""
        diagnostics.append(
          finding("\(subject(items[0])) has \(rest.count) more packets \(what)\(until)", path: path)
        )
      }
    }
    if report.omitted > 0 {
      diagnostics.append(
        finding("\(report.omitted) more damaged packets were found and not listed", path: path))
    }
    return diagnostics
  }

  /// One line for one piece of damage: `stream 1 (aac) ends at 00:00:04.300, before its
  /// declared end at 00:00:15.823 (FFmpeg: partial file)`.
  public static func describe(_ damage: MediaDamage) -> String {
    let detail = damage.detail.map { " (\($0))" } ?? ""
    let at = damage.time.map { " at \($0)" } ?? ""
    switch damage.kind {
    case .endsEarly:
      let declared = damage.declaredEnd.map { ", before its declared end at \($0)" } ?? ""
      let end = damage.time.map { "ends at \($0)" } ?? "ends early"
      return "\(subject(damage)) \(end)\(declared): the rest is missing\(detail)"
    case .corruptPacket:
      if damage.stream == nil {
        let about = damage.time.map { " at about \($0)" } ?? ""
        return "FFmpeg reported '\(damage.detail ?? "an error")' while reading\(about)"
      }
      return "\(subject(damage)) has a corrupt packet\(at)\(detail)"
    case .decodeError:
      return "\(subject(damage)) has a packet\(at) that cannot be decoded\(detail)"
    }
  }

  private static func subject(_ damage: MediaDamage) -> String {
    guard let stream = damage.stream else { return "the file" }
    return "stream \(stream)" + (damage.codec.map { " (\($0))" } ?? "")
  }

  private static func finding(_ message: String, path: String) -> Diagnostic {
    Diagnostic(rule: rule, severity: .error, message: message, file: path, hint: hint)
  }

  private struct Group: Hashable {
    var kind: MediaDamage.Kind
    var stream: Int?
  }
}
