public import CaptionCore

/// The CEA-708 service blocks of one stream, in the order received, stored packed: each
/// block's service, time and end in one shared byte array.
///
/// Each block's time is that of the picture whose caption data completed its packet.
public struct DTVCCBlocks: Sendable, Hashable {
  /// One service block: its service (1-63), time and data.
  public struct Block: Sendable, Hashable {
    public var service: Int
    public var time: MediaTime
    public var data: ArraySlice<UInt8>
  }

  /// The unit of `ticks`: `numerator / timescale` seconds (the stream's time base).
  private var numerator: Int64
  private var timescale: Int32
  /// The presentation start, subtracted from each time.
  private var origin: MediaTime
  private var services: [UInt8] = []
  private var ticks: [Int64] = []
  private var ends: [Int] = []
  private var data: [UInt8] = []

  public init(numerator: Int64 = 1, timescale: Int32 = 1, origin: MediaTime = .zero) {
    self.numerator = numerator
    self.timescale = timescale
    self.origin = origin
  }

  /// The blocks with times in units of `numerator / timescale` seconds relative to `origin`.
  func timed(numerator: Int64, timescale: Int32, origin: MediaTime) -> DTVCCBlocks {
    var blocks = self
    blocks.numerator = numerator
    blocks.timescale = timescale
    blocks.origin = origin
    return blocks
  }

  public var count: Int { ticks.count }
  public var isEmpty: Bool { ticks.isEmpty }

  /// The services that have a block, in order.
  public var serviceNumbers: [Int] {
    var seen = [Bool](repeating: false, count: 64)
    for service in services { seen[Int(service)] = true }
    return (1...63).filter { seen[$0] }
  }

  /// Adds a block of `service` received at `ticks`.
  mutating func append(service: Int, ticks: Int64, data block: ArraySlice<UInt8>) {
    services.append(UInt8(service))
    self.ticks.append(ticks)
    data += block
    ends.append(data.count)
  }

  public subscript(index: Int) -> Block {
    let start = index == 0 ? 0 : ends[index - 1]
    let (scaled, overflow) = ticks[index].multipliedReportingOverflow(by: numerator)
    let time =
      MediaTime(value: overflow ? (ticks[index] < 0 ? .min : .max) : scaled, timescale: timescale)
      - origin
    return Block(service: Int(services[index]), time: time, data: data[start..<ends[index]])
  }

  /// The captions of each service with a block, in service order, each still shown at the
  /// end ending at `end` (or its last block when `end` is nil or earlier). The services in
  /// `narrow` place their windows on the grid of a 4:3 picture.
  public func decoded(endingAt end: MediaTime?, narrow: Set<Int> = []) -> [CEA708ServiceCaptions] {
    var decoders: [Int: CEA708Decoder] = [:]
    var last: MediaTime?
    for index in 0..<count {
      let block = self[index]
      let service = block.service
      decoders[service, default: CEA708Decoder(service: service, wide: !narrow.contains(service))]
        .decode(Array(block.data), at: block.time)
      last = block.time
    }
    let ending = end.map { end in last.map { max(end, $0) } ?? end } ?? last
    return decoders.keys.sorted().compactMap { service in
      decoders[service]?.finish(at: ending)
    }
  }
}
