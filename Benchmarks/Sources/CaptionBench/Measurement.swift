/// One timed run of one case.
public struct Measurement: Sendable {
  /// Whole-process wall time, spawn to exit, in milliseconds.
  public var wall: Double
  /// Peak resident set size in KiB.
  public var maxRSSKiB: Int
  /// The `key=value` fields the program printed (`ms`, `cues`, the library's phases).
  public var fields: [String: String]

  public init(wall: Double, maxRSSKiB: Int, fields: [String: String]) {
    self.wall = wall
    self.maxRSSKiB = maxRSSKiB
    self.fields = fields
  }

  /// The time the program measured itself, from before reading its input to after writing its
  /// output, in milliseconds.
  public var inProcess: Double? { fields["ms"].flatMap(Double.init) }

  /// The number of cues the program says it read.
  public var cues: Int? { fields["cues"].flatMap(Int.init) }

  /// Parses the last line of `output` that holds `key=value` fields.
  public static func fields(from output: String) -> [String: String] {
    for line in output.split(separator: "\n").reversed() where line.contains("=") {
      var fields: [String: String] = [:]
      for pair in line.split(separator: " ") {
        guard let equals = pair.firstIndex(of: "=") else { continue }
        fields[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      return fields
    }
    return [:]
  }
}
