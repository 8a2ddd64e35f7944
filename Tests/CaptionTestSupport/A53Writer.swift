/// Writes ATSC A/53 caption data the way encoders carry it, for the tests to read back: SEI
/// NAL units of H.264 and HEVC, inserted into an Annex B stream before each picture's first
/// slice.
public enum A53Writer {
  /// One `cc_data` triplet: `cc_valid`, `cc_type` and the two bytes.
  public struct Triplet: Equatable, Sendable {
    public var isValid = true
    public var type: UInt8
    public var first: UInt8
    public var second: UInt8

    public init(isValid: Bool = true, type: UInt8, first: UInt8, second: UInt8) {
      self.isValid = isValid
      self.type = type
      self.first = first
      self.second = second
    }

    public var bytes: [UInt8] { [0xF8 | (isValid ? 4 : 0) | type, first, second] }
  }

  /// `cc_data()` with `triplets`; `count` overrides `cc_count`.
  public static func ccData(_ triplets: [Triplet], count: Int? = nil) -> [UInt8] {
    [0xC0 | UInt8(count ?? triplets.count), 0xFF] + triplets.flatMap(\.bytes) + [0xFF]
  }

  /// The ITU-T T.35 payload of A/53 captions holding `ccData`.
  public static func registeredUserData(_ ccData: [UInt8]) -> [UInt8] {
    [0xB5, 0x00, 0x31] + Array("GA94".utf8) + [0x03] + ccData
  }

  /// One SEI message: its type and size (coded in 255s) and payload; `size` overrides the
  /// size written.
  public static func message(type: Int, payload: [UInt8], size: Int? = nil) -> [UInt8] {
    coded(type) + coded(size ?? payload.count) + payload
  }

  private static func coded(_ value: Int) -> [UInt8] {
    Array(repeating: 0xFF, count: value / 255) + [UInt8(value % 255)]
  }

  /// An SEI NAL unit (H.264 type 6, HEVC prefix SEI type 39) holding `messages`, with the
  /// stop bit and emulation prevention bytes.
  public static func seiNAL(hevc: Bool, messages: [[UInt8]], stopBit: Bool = true) -> [UInt8] {
    let header: [UInt8] = hevc ? [39 << 1, 0x01] : [0x06]
    return header + escaped(messages.flatMap { $0 } + (stopBit ? [0x80] : []))
  }

  /// `rbsp` with an emulation prevention byte (3) after each two zeros followed by 0-3.
  public static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var zeros = 0
    for byte in rbsp {
      if zeros >= 2, byte <= 3 {
        out.append(3)
        zeros = 0
      }
      out.append(byte)
      zeros = byte == 0 ? zeros + 1 : 0
    }
    return out
  }

  /// The NAL units of an Annex B stream, without their start codes.
  public static func nalUnits(_ stream: [UInt8]) -> [ArraySlice<UInt8>] {
    var starts: [Int] = []
    var index = 2
    while index < stream.count {
      if stream[index] == 1, stream[index - 1] == 0, stream[index - 2] == 0 {
        starts.append(index + 1)
      }
      index += 1
    }
    var units: [ArraySlice<UInt8>] = []
    for (number, start) in starts.enumerated() {
      var end = number + 1 < starts.count ? starts[number + 1] - 3 : stream.count
      while end > start, stream[end - 1] == 0 { end -= 1 }
      units.append(stream[start..<end])
    }
    return units
  }

  /// `stream` (Annex B) with the NAL unit `sei(n)` gives inserted before the first slice of
  /// picture `n` (in the stream's order), when it gives one.
  public static func inserting(
    into stream: [UInt8], hevc: Bool, sei: (Int) -> [UInt8]?
  ) -> [UInt8] {
    var out: [UInt8] = []
    var picture = 0
    for unit in nalUnits(stream) {
      let header = unit[unit.startIndex]
      let type = hevc ? Int(header >> 1 & 0x3F) : Int(header & 0x1F)
      let isSlice = hevc ? type < 32 : (1...5).contains(type)
      // The first slice of a picture: first_mb_in_slice is 0 (H.264), or
      // first_slice_segment_in_pic_flag is set (HEVC): the first bit after the header.
      let afterHeader = unit.startIndex + (hevc ? 2 : 1)
      if isSlice, afterHeader < unit.endIndex, unit[afterHeader] & 0x80 != 0 {
        if let nal = sei(picture) { out += [0, 0, 0, 1] + nal }
        picture += 1
      }
      out += [0, 0, 0, 1] + unit
    }
    return out
  }
}
