/// A WebVTT region: an area of the video in which cues scroll. Named as browsers name the
/// fields of `VTTRegion`; anchors and width are percentages.
public struct Region: Sendable, Hashable {
  public enum Scroll: String, Sendable, Hashable {
    case none = ""
    case up
  }

  public var id: String
  public var width: Double
  /// The number of lines, a whole number as written. A `Double` because the syntax takes any
  /// run of digits and browsers keep counts past 64 bits (`lines:10000000000000000000000`).
  public var lines: Double
  public var regionAnchorX: Double
  public var regionAnchorY: Double
  public var viewportAnchorX: Double
  public var viewportAnchorY: Double
  public var scroll: Scroll

  public init(
    id: String = "", width: Double = 100, lines: Double = 3, regionAnchorX: Double = 0,
    regionAnchorY: Double = 100, viewportAnchorX: Double = 0, viewportAnchorY: Double = 100,
    scroll: Scroll = .none
  ) {
    self.id = id
    self.width = width
    self.lines = lines
    self.regionAnchorX = regionAnchorX
    self.regionAnchorY = regionAnchorY
    self.viewportAnchorX = viewportAnchorX
    self.viewportAnchorY = viewportAnchorY
    self.scroll = scroll
  }
}
