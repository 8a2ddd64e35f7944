import Testing

@testable import CaptionMedia

/// CEA-708 services are found from the service block headers of DTVCC packets.
@Suite struct DTVCCServicesTests {
  /// The services and problems found in `packets`, each split into triplets' byte pairs.
  static func services(_ packets: [[UInt8]]) -> ([Int], [String]) {
    var services = DTVCCServices()
    var problems: [String] = []
    for packet in packets {
      var position = 0
      while position < packet.count {
        let second = position + 1 < packet.count ? packet[position + 1] : 0
        services.add(start: position == 0, packet[position], second, problems: &problems)
        position += 2
      }
    }
    services.finish(problems: &problems)
    return (services.services, problems)
  }

  /// A DTVCC packet holding `blocks`, padded to its size with null blocks.
  static func packet(sequence: UInt8, _ blocks: [UInt8]) -> [UInt8] {
    var body = blocks
    if (body.count + 1) % 2 != 0 { body.append(0) }
    let size = body.count + 1
    return [sequence << 6 | UInt8(size / 2)] + body
  }

  @Test func aSkippedSequenceNumberIsAMissingPacket() {
    let block: [UInt8] = [1 << 5 | 1, 0x41]
    let sequences: [UInt8] = [2, 3, 0, 2, 3, 1, 2, 0, 2, 0]
    let (_, problems) = Self.services(sequences.map { Self.packet(sequence: $0, block) })
    #expect(
      problems == [
        "a DTVCC packet is missing before this one (sequence number 2 after 0); the 708 "
          + "captions may lack text or commands",
        "a DTVCC packet is missing before this one (sequence number 1 after 3); the 708 "
          + "captions may lack text or commands",
        "a DTVCC packet is missing before this one (sequence number 0 after 2); the 708 "
          + "captions may lack text or commands",
        "2 more DTVCC packets are missing (their sequence numbers skip)",
      ])
    // An encoder that numbers every packet 0 is not taken to lose them.
    let (_, unnumbered) = Self.services(Array(repeating: Self.packet(sequence: 0, block), count: 5))
    #expect(unnumbered.isEmpty)
  }

  @Test func reportsTheServicesWhoseBlocksHoldData() {
    let packets = [
      Self.packet(sequence: 0, [1 << 5 | 2, 0x41, 0x42, 2 << 5 | 1, 0x43]),
      // Service 1 again, an empty block of service 5 (no data), the null block.
      Self.packet(sequence: 1, [1 << 5 | 1, 0x44, 5 << 5 | 0, 0x00]),
      // An extended service number: 7 in the header, 49 in the next byte.
      Self.packet(sequence: 2, [7 << 5 | 1, 49, 0x45]),
    ]
    let (services, problems) = Self.services(packets)
    #expect(services == [1, 2, 49])
    #expect(problems == [])
  }

  @Test func aBlockRunningPastItsPacketIsReported() {
    let (services, problems) = Self.services([Self.packet(sequence: 0, [3 << 5 | 9, 0x41, 0x42])])
    #expect(services == [3])
    #expect(
      problems == [
        "a DTVCC service block of service 3 says it holds 9 bytes, but only 2 are left in its packet"
      ])
  }

  @Test func aPacketCutShortByTheNextIsReported() {
    var first = Self.packet(sequence: 0, [1 << 5 | 2, 0x41, 0x42, 4 << 5 | 1, 0x43])
    first.removeLast(2)
    let (services, problems) = Self.services([first, Self.packet(sequence: 1, [2 << 5 | 1, 0x44])])
    #expect(services == [1, 2])
    #expect(problems == ["a DTVCC packet ends after 4 of its 6 bytes"])
  }
}
