public import CaptionCore

/// Something wrong with a media file's data, found while it was read: data that ends before
/// the container says it should, a packet the demuxer marks as corrupt, a packet the decoder
/// cannot decode.
public struct MediaDamage: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The stream's data ends before the end the container declares (its duration or its
    /// index).
    case endsEarly = "ends-early"
    /// The demuxer marked a packet as corrupt, or said the data could not be read.
    case corruptPacket = "corrupt-packet"
    /// The decoder could not decode a packet of the stream.
    case decodeError = "decode-error"
  }

  public var kind: Kind
  /// The stream, as `probe` numbers them; nil when the damage is the file's.
  public var stream: Int?
  /// The stream's codec (`aac`), when known.
  public var codec: String?
  /// Where the damage is, on the presentation timeline (relative to the presentation start,
  /// as cue times are): where the readable data ends, or the damaged packet's time. Nil when
  /// unknown.
  public var time: MediaTime?
  /// For `endsEarly`: where the container says the stream ends.
  public var declaredEnd: MediaTime?
  /// What FFmpeg said about it, as one line, when it said something.
  public var detail: String?

  public init(
    kind: Kind, stream: Int?, codec: String? = nil, time: MediaTime?,
    declaredEnd: MediaTime? = nil, detail: String? = nil
  ) {
    self.kind = kind
    self.stream = stream
    self.codec = codec
    self.time = time
    self.declaredEnd = declaredEnd
    self.detail = detail
  }
}

/// All the damage found in one media file, in the order of its times (damage without a time
/// last), with at most `MediaDamageReport.limit` entries kept.
public struct MediaDamageReport: Sendable, Hashable {
  /// How many entries are kept at most: a badly damaged file can have thousands.
  public static let limit = 100

  public var items: [MediaDamage]
  /// How many more were found and not kept.
  public var omitted: Int

  public init(items: [MediaDamage] = [], omitted: Int = 0) {
    self.items = items
    self.omitted = omitted
  }

  public var isEmpty: Bool { items.isEmpty && omitted == 0 }

  /// Where the first damage is: the earliest time any entry gives.
  public var firstTime: MediaTime? { items.compactMap(\.time).min() }
}
