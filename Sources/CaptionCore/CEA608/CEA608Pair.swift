/// One CEA-608 byte pair as transmitted: two bytes with their odd-parity bits, the field
/// they came in (1 or 2), when they were received, and where they were read.
public struct CEA608Pair: Sendable, Hashable {
  /// The first byte, parity bit included.
  public var first: UInt8
  /// The second byte, parity bit included.
  public var second: UInt8
  /// The field: 1 (channels CC1 and CC2) or 2 (CC3, CC4 and XDS).
  public var field: Int
  /// When the pair was received (each pair takes one frame).
  public var time: MediaTime
  /// Where the pair was read: a line and column of an SCC file, or a byte offset in a media
  /// file (line and column 0); nil when unknown.
  public var location: SourceLocation?

  public init(
    _ first: UInt8, _ second: UInt8, field: Int = 1, time: MediaTime,
    location: SourceLocation? = nil
  ) {
    self.first = first
    self.second = second
    self.field = field
    self.time = time
    self.location = location
  }
}
