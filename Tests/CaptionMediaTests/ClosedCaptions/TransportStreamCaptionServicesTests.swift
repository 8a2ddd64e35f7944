import Foundation
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

  static let expected = [
    CaptionServiceDescriptor(service: .line21(field: 1), language: "eng"),
    CaptionServiceDescriptor(
      service: .digital(service: 2), language: "spa", isEasyReader: true,
      isWideAspectRatio: true),
  ]

  /// The first packets of the transport stream whose map table carries the descriptor.
  static func head() throws -> [UInt8] {
    let path = try CaptionedMedia.transportStreamWithServices()
    return Array([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))).prefix(188 * 50))
  }

  @Test func readsTheVideoStreamsDescriptorsFromTheMapTable() throws {
    let services = try #require(TransportStreamCaptionServices.read(try Self.head()))
    // ffmpeg's muxer gives the video stream PID 0x100.
    #expect(services.streams == [0x100: Self.expected])
    #expect(services.program == [])
    #expect(services.problems == [])
  }

  @Test func readsPacketsOf192BytesWithATimeCodeBeforeEach() throws {
    let head = try Self.head()
    var m2ts: [UInt8] = []
    for start in stride(from: 0, to: head.count, by: 188) {
      m2ts += [0x00, 0x01, 0x02, 0x03] + head[start..<(start + 188)]
    }
    let services = try #require(TransportStreamCaptionServices.read(m2ts))
    #expect(services.streams == [0x100: Self.expected])
  }

  @Test func aMapTableWhoseCRCDoesNotMatchIsNotRead() throws {
    var head = try Self.head()
    // The first map table: "eng" becomes "enh".
    let language = try #require(head.firstRange(of: Array("eng".utf8)))
    head[language.upperBound - 1] = 0x68
    let services = try #require(TransportStreamCaptionServices.read(head))
    #expect(services.streams == [:])
    #expect(services.problems == ["the program map table's CRC does not match its bytes"])
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
