/// Which CEA-708 caption services carry data, from the DTVCC triplets of one stream
/// (`cc_type` 3 starts a packet, 2 continues it), read in presentation order.
///
/// Packets are put together and split into service blocks, which are kept with the time of
/// the picture that completed their packet (`blocks`), for the CEA-708 decoder.
struct DTVCCServices {
  /// The packet being put together (at most 128 bytes).
  private var packet: [UInt8] = []
  /// Its size as its header gives it.
  private var expected = 0
  /// The time of the triplet added last.
  private var ticks: Int64 = 0
  /// The blocks with data, in the order received, timed in the stream's ticks.
  private(set) var blocks = DTVCCBlocks()
  /// The sequence number of the last packet started; whether the numbers ever changed; how
  /// many times they skipped, of which the first `skipsListed` are listed one by one.
  private var lastSequence: UInt8?
  private var numbered = false
  private var skips = 0
  static let skipsListed = 3

  init() {
    packet.reserveCapacity(128)
  }

  /// The services that had a block with data so far, in order.
  var services: [Int] { blocks.serviceNumbers }

  /// Takes the two bytes of a valid DTVCC triplet; `problems` gets a phrase for each
  /// packet that does not add up.
  mutating func add(
    start: Bool, _ first: UInt8, _ second: UInt8, ticks: Int64 = 0, problems: inout [String]
  ) {
    if start {
      checkSequence(first >> 6, problems: &problems)
      if !packet.isEmpty {
        problems.append(
          "a DTVCC packet ends after \(packet.count) of its \(expected) bytes")
        readBlocks(complete: false, problems: &problems)
      }
      packet.removeAll(keepingCapacity: true)
      // packet_size_code: 0 means 128 bytes, else twice the code.
      let code = Int(first & 0x3F)
      expected = code == 0 ? 128 : code * 2
    } else if packet.isEmpty {
      // Data before any packet start (the stream was cut there): nothing to attach it to.
      return
    }
    self.ticks = ticks
    packet.append(first)
    packet.append(second)
    if packet.count >= expected {
      readBlocks(complete: true, problems: &problems)
      packet.removeAll(keepingCapacity: true)
    }
  }

  /// Notes a packet missing before one numbered `sequence` (packets count 0-3 and round),
  /// once the numbers have changed at all: some encoders number every packet 0.
  private mutating func checkSequence(_ sequence: UInt8, problems: inout [String]) {
    defer { lastSequence = sequence }
    guard let last = lastSequence else { return }
    if sequence != last { numbered = true }
    guard numbered, sequence != (last + 1) & 3 else { return }
    skips += 1
    if skips <= Self.skipsListed {
      problems.append(
        "a DTVCC packet is missing before this one (sequence number \(sequence) after "
          + "\(last)); the 708 captions may lack text or commands")
    }
  }

  /// Reads what is left once the stream ends.
  mutating func finish(problems: inout [String]) {
    if skips > Self.skipsListed {
      problems.append(
        "\(skips - Self.skipsListed) more DTVCC packets are missing (their sequence numbers "
          + "skip)")
    }
    guard !packet.isEmpty else { return }
    problems.append("a DTVCC packet ends after \(packet.count) of its \(expected) bytes")
    readBlocks(complete: false, problems: &problems)
    packet.removeAll()
  }

  /// Reads the service block headers of the packet: service number (3 bits, 7 for an
  /// extended number in the next byte) and block size (5 bits).
  private mutating func readBlocks(complete: Bool, problems: inout [String]) {
    let end = min(packet.count, expected)
    var position = 1
    while position < end {
      let header = packet[position]
      position += 1
      var service = Int(header >> 5)
      let size = Int(header & 0x1F)
      // Service 0 is the null block: the rest of the packet is padding.
      if service == 0 { return }
      if service == 7 {
        guard position < end else {
          if complete {
            problems.append("a DTVCC service block header is cut off at the packet's end")
          }
          return
        }
        service = Int(packet[position] & 0x3F)
        position += 1
        if service < 7 {
          problems.append("a DTVCC extended service block gives service number \(service)")
          service = 0
        }
      }
      guard position + size <= end else {
        if complete {
          problems.append(
            "a DTVCC service block of service \(service) says it holds \(size) bytes, but "
              + "only \(end - position) are left in its packet")
        }
        if service > 0, position < end {
          blocks.append(service: service, ticks: ticks, data: packet[position..<end])
        }
        return
      }
      if size > 0, service > 0 {
        blocks.append(service: service, ticks: ticks, data: packet[position..<(position + size)])
      }
      position += size
    }
  }
}
