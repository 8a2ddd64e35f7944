/// Where and how a cue is shown: WebVTT's cue settings, named as browsers name them on
/// `VTTCue`. Percentages are numbers from 0 to 100.
public struct CueSettings: Sendable, Hashable {
  public enum Vertical: String, Sendable, Hashable, CaseIterable {
    /// Horizontal text (no `vertical` setting).
    case horizontal = ""
    case rl
    case lr
  }

  public enum LineAlign: String, Sendable, Hashable, CaseIterable {
    case start, center, end
  }

  public enum PositionAlign: String, Sendable, Hashable, CaseIterable {
    case lineLeft = "line-left"
    case center
    case lineRight = "line-right"
    case auto
  }

  public enum Align: String, Sendable, Hashable, CaseIterable {
    case start, center, end, left, right
  }

  /// The id of the region the cue is shown in, or nil.
  public var region: String?
  /// The line position: a line number when `snapToLines`, else a percentage; nil for auto.
  public var line: Double?
  /// The position as a percentage; nil for auto.
  public var position: Double?
  /// The size as a percentage.
  public var size: Double
  public var vertical: Vertical
  public var snapToLines: Bool
  public var lineAlign: LineAlign
  public var positionAlign: PositionAlign
  public var align: Align

  public init(
    region: String? = nil, vertical: Vertical = .horizontal, line: Double? = nil,
    snapToLines: Bool = true, lineAlign: LineAlign = .start, position: Double? = nil,
    positionAlign: PositionAlign = .auto, size: Double = 100, align: Align = .center
  ) {
    self.region = region
    self.line = line
    self.position = position
    self.size = size
    self.vertical = vertical
    self.snapToLines = snapToLines
    self.lineAlign = lineAlign
    self.positionAlign = positionAlign
    self.align = align
  }

  /// The settings of a cue that has none.
  public static let `default` = CueSettings()

  public var isDefault: Bool {
    region == nil && line == nil && position == nil && size == 100 && vertical == .horizontal
      && snapToLines && lineAlign == .start && positionAlign == .auto && align == .center
  }
}
