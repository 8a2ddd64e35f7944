import CaptionTestSupport
import Testing

@testable import CaptionMedia

/// The reader of A/53 caption data in a picture's bytes: what it finds in well-formed SEI
/// and user data, and what it says about damaged ones, without ever reading out of bounds.
@Suite struct A53CaptionReaderTests {
  typealias Triplet = A53Writer.Triplet

  static let pairs = [
    Triplet(type: 0, first: 0x94, second: 0x20), Triplet(type: 1, first: 0x15, second: 0x00),
  ]

  /// The triplets and problems the reader finds in `bytes`.
  static func read(_ bytes: [UInt8], _ syntax: A53CaptionReader.Syntax) -> (
    [UInt8], [String]
  ) {
    var reader = A53CaptionReader(syntax: syntax)
    var triplets: [UInt8] = []
    var problems: [A53CaptionReader.Problem] = []
    bytes.withUnsafeBytes { reader.read($0, triplets: &triplets, problems: &problems) }
    return (triplets, problems.map { "\($0.offset): \($0.message)" })
  }

  static func lengthPrefixed(_ units: [[UInt8]]) -> [UInt8] {
    var bytes: [UInt8] = []
    for unit in units {
      let count = UInt32(unit.count)
      bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) }
      bytes += unit
    }
    return bytes
  }

  static let slice: [UInt8] = [0x65, 0x88, 0x84, 0x00, 0x00, 0x03, 0x01, 0x40]

  static func captions(_ triplets: [Triplet], count: Int? = nil) -> [UInt8] {
    A53Writer.message(
      type: 4,
      payload: A53Writer.registeredUserData(A53Writer.ccData(triplets, count: count)))
  }

  @Test func readsEverySEIMessageOfANALUnitAndEveryNALUnit() {
    // An unregistered user data message first, then two caption messages in one unit, and
    // a third in a second unit; the slice is skipped.
    let unregistered = A53Writer.message(type: 5, payload: Array(repeating: 0, count: 20))
    let first = A53Writer.seiNAL(
      hevc: false,
      messages: [unregistered, Self.captions([Self.pairs[0]]), Self.captions([Self.pairs[1]])])
    let second = A53Writer.seiNAL(
      hevc: false, messages: [Self.captions([Triplet(type: 0, first: 0x80, second: 0x80)])])
    let (triplets, problems) = Self.read(
      Self.lengthPrefixed([first, second, Self.slice]), .h264(lengthSize: 4))
    #expect(triplets == [0xFC, 0x94, 0x20, 0xFD, 0x15, 0x00, 0xFC, 0x80, 0x80])
    #expect(problems == [])
  }

  @Test func removesEmulationPreventionBytesBeforeReadingTheMessage() {
    // 00 00 in the pairs makes the writer add a 03, which is not data.
    let zeros = [
      Triplet(type: 0, first: 0x00, second: 0x00), Triplet(type: 1, first: 0x00, second: 0x01),
    ]
    let unit = A53Writer.seiNAL(hevc: false, messages: [Self.captions(zeros)])
    #expect(unit.contains(3))
    let (triplets, problems) = Self.read(
      [0, 0, 0, 1] + unit + [0, 0, 1] + Self.slice, .h264(lengthSize: nil))
    #expect(triplets == [0xFC, 0x00, 0x00, 0xFD, 0x00, 0x01])
    #expect(problems == [])
  }

  @Test func readsHEVCPrefixSEIWithLengthsOrStartCodes() {
    let unit = A53Writer.seiNAL(hevc: true, messages: [Self.captions(Self.pairs)])
    let hevcSlice: [UInt8] = [0x02, 0x01, 0xD0, 0x2F]
    for (bytes, syntax) in [
      (Self.lengthPrefixed([unit, hevcSlice]), A53CaptionReader.Syntax.hevc(lengthSize: 4)),
      ([0, 0, 1] + unit + [0, 0, 0, 1] + hevcSlice, .hevc(lengthSize: nil)),
    ] {
      let (triplets, problems) = Self.read(bytes, syntax)
      #expect(triplets == [0xFC, 0x94, 0x20, 0xFD, 0x15, 0x00])
      #expect(problems == [])
    }
    // An H.264 SEI type byte read as HEVC is another unit type: nothing is found.
    let h264 = A53Writer.seiNAL(hevc: false, messages: [Self.captions(Self.pairs)])
    #expect(Self.read(Self.lengthPrefixed([h264]), .hevc(lengthSize: 4)).0 == [])
  }

  @Test func readsMPEG2PictureUserDataUpToTheFirstSlice() {
    let userData: [UInt8] =
      [0, 0, 1, 0xB2] + Array("GA94".utf8) + [0x03]
      + A53Writer.ccData(Self.pairs)
    let picture: [UInt8] = [0, 0, 1, 0x00, 0x00, 0x0F, 0xFF, 0xF8]
    let slice: [UInt8] = [0, 0, 1, 0x01, 0x12, 0x34]
    // User data after the first slice is not looked at.
    let (triplets, problems) = Self.read(picture + userData + slice + userData, .mpeg2)
    #expect(triplets == [0xFC, 0x94, 0x20, 0xFD, 0x15, 0x00])
    #expect(problems == [])
  }

  @Test func ignoresOtherRegisteredUserData() {
    // Bar data (user data type 6) and AFD (`DTG1`) share the payload type.
    let bar = A53Writer.message(
      type: 4, payload: [0xB5, 0x00, 0x31] + Array("GA94".utf8) + [0x06, 0x1F, 0xFF])
    let afd = A53Writer.message(
      type: 4, payload: [0xB5, 0x00, 0x31] + Array("DTG1".utf8) + [0x41, 0xF8])
    let unit = A53Writer.seiNAL(hevc: false, messages: [bar, afd])
    #expect(Self.read(Self.lengthPrefixed([unit]), .h264(lengthSize: 4)) == ([], []))
  }

  @Test func aCountBeyondThePayloadKeepsTheTripletsThatAreThere() {
    let unit = A53Writer.seiNAL(hevc: false, messages: [Self.captions(Self.pairs, count: 20)])
    let (triplets, problems) = Self.read(Self.lengthPrefixed([unit]), .h264(lengthSize: 4))
    #expect(triplets == [0xFC, 0x94, 0x20, 0xFD, 0x15, 0x00])
    #expect(problems == ["4: cc_count is 20, but the SEI message holds 2 triplets"])
  }

  @Test func aTruncatedSEIMessageIsReadAsFarAsItGoes() {
    // The message says 40 bytes; 20 are there.
    let payload = A53Writer.registeredUserData(A53Writer.ccData(Self.pairs))
    let message = A53Writer.message(type: 4, payload: payload, size: 40)
    let unit = A53Writer.seiNAL(hevc: false, messages: [message], stopBit: false)
    let (triplets, problems) = Self.read(Self.lengthPrefixed([unit]), .h264(lengthSize: 4))
    #expect(triplets == [0xFC, 0x94, 0x20, 0xFD, 0x15, 0x00])
    #expect(
      problems == [
        "4: an SEI message of type 4 says it holds 40 bytes, but only \(payload.count) are left in its NAL unit"
      ])
  }

  @Test func aNALUnitLongerThanThePacketIsReported() {
    let unit = A53Writer.seiNAL(hevc: false, messages: [Self.captions(Self.pairs)])
    var bytes = Self.lengthPrefixed([unit])
    bytes[3] = UInt8(unit.count + 10)
    let (triplets, problems) = Self.read(bytes, .h264(lengthSize: 4))
    #expect(triplets == [0xFC, 0x94, 0x20, 0xFD, 0x15, 0x00])
    #expect(
      problems == [
        "0: a NAL unit of \(unit.count + 10) bytes runs past the end of the packet (\(unit.count) bytes left)"
      ])
  }

  @Test func aHeaderCutOffOrTooShortCaptionDataIsReported() {
    let cut = A53Writer.seiNAL(hevc: false, messages: [[0x04, 0xFF]], stopBit: false)
    #expect(
      Self.read(Self.lengthPrefixed([cut]), .h264(lengthSize: 4)).1 == [
        "4: the SEI NAL unit ends inside the header of an SEI message"
      ])
    let short = A53Writer.seiNAL(
      hevc: false,
      messages: [A53Writer.message(type: 4, payload: A53Writer.registeredUserData([0xC1]))])
    #expect(
      Self.read(Self.lengthPrefixed([short]), .h264(lengthSize: 4)).1 == [
        "4: the caption data of the SEI message is 1 bytes, too short"
      ])
  }

  @Test func randomBytesNeverReadOutOfBounds() {
    var random = SeededBytes(seed: 0x5EED)
    let syntaxes: [A53CaptionReader.Syntax] = [
      .h264(lengthSize: 4), .h264(lengthSize: 2), .h264(lengthSize: nil), .hevc(lengthSize: 4),
      .hevc(lengthSize: nil), .mpeg2,
    ]
    let unit = A53Writer.seiNAL(hevc: false, messages: [Self.captions(Self.pairs)])
    var found = 0
    for round in 0..<3000 {
      var bytes = random.bytes(count: random.next() % 300)
      // Half the rounds damage a real SEI instead: cut, flipped, or both.
      if round % 2 == 0 {
        bytes = Self.lengthPrefixed([unit])
        bytes[random.next() % bytes.count] = UInt8(truncatingIfNeeded: random.next())
        bytes.removeLast(random.next() % bytes.count)
      }
      for syntax in syntaxes {
        let (triplets, _) = Self.read(bytes, syntax)
        #expect(triplets.count % 3 == 0)
        found += triplets.count
      }
    }
    // Some damaged SEIs still give their triplets.
    #expect(found > 0)
  }
}

/// A seeded generator of bytes (SplitMix64), so a failing round can be replayed.
struct SeededBytes {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
  }

  mutating func bytes(count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
  }
}
