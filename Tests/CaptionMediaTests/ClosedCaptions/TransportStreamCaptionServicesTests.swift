import Testing

@testable import CaptionMedia

/// The caption service descriptors of a transport stream's program map table.
@Suite struct TransportStreamCaptionServicesTests {
  @Test func theCRCIsMPEG2s() {
    // The check value of CRC-32/MPEG-2.
    #expect(TransportStreamCaptionServices.crc32(Array("123456789".utf8)[...]) == 0x0376_E6E7)
  }

  @Test func readsEachServiceOfADescriptor() {
    var problems: [String] = []
    let found = TransportStreamCaptionServices.descriptors(
      CaptionedMedia.serviceDescriptor[...], problems: &problems)
    #expect(
      found == [
        CaptionServiceDescriptor(service: .line21(field: 1), language: "eng"),
        CaptionServiceDescriptor(
          service: .digital(service: 2), language: "spa", isEasyReader: true,
          isWideAspectRatio: true),
      ])
    #expect(problems == [])
  }

  @Test func aDescriptorShorterThanItsServicesIsReported() {
    var problems: [String] = []
    // Says 3 services, holds 2; then a descriptor that runs past the loop.
    var bytes = CaptionedMedia.serviceDescriptor
    bytes[2] = 0xC0 | 3
    bytes += [0x0A, 10, 0x65]
    let found = TransportStreamCaptionServices.descriptors(bytes[...], problems: &problems)
    #expect(found.count == 2)
    #expect(
      problems == [
        "a caption service descriptor lists 3 services but holds 2",
        "a descriptor of tag 10 runs past the end of its loop",
      ])
  }

  @Test func noTablesInBytesThatAreNotATransportStream() {
    #expect(TransportStreamCaptionServices.read(Array(repeating: 0x47, count: 100)) == nil)
    #expect(TransportStreamCaptionServices.read([]) == nil)
    var random = SeededBytes(seed: 7)
    for _ in 0..<200 {
      var bytes = random.bytes(count: 188 * 4)
      for packet in 0..<4 {
        bytes[packet * 188] = 0x47
        bytes[packet * 188 + 1] &= 0xE0
        bytes[packet * 188 + 2] = 0
      }
      // Any outcome but a crash: the PAT's CRC does not match random bytes.
      #expect(TransportStreamCaptionServices.read(bytes) == nil)
    }
  }
}
