/// Finds the ATSC A/53 `cc_data` in the bytes of one coded picture, without decoding it:
///
/// - H.264: SEI NAL units (type 6), HEVC: prefix SEI NAL units (type 39), each holding SEI
///   messages; those of payload type 4 (`user_data_registered_itu_t_t35`) with country 0xB5,
///   provider 0x0031, user identifier `GA94` and `user_data_type_code` 3 carry `cc_data`.
///   NAL units are length-prefixed (`avcC`/`hvcC` in MP4, MOV and Matroska: `lengthSize`
///   bytes) or follow start codes (Annex B: transport streams, raw streams). Emulation
///   prevention bytes are removed before the SEI is read.
/// - MPEG-2 video: picture user data (start code 00 00 01 B2) holding `GA94` and
///   `user_data_type_code` 3.
///
/// Only the NAL units or start codes before the first slice are looked at in Annex B and
/// MPEG-2, where SEI and user data must come, so the slice data is not scanned.
///
/// The picture's bytes are lent for the call (`Packet.withBytes`) and never kept; only the
/// SEI payload is copied (`unescaped`).
struct A53CaptionReader {
  /// How the picture's bytes are laid out.
  enum Syntax: Equatable {
    /// H.264 NAL units, with `lengthSize`-byte lengths, or start codes when nil.
    case h264(lengthSize: Int?)
    /// HEVC NAL units, with `lengthSize`-byte lengths, or start codes when nil.
    case hevc(lengthSize: Int?)
    /// MPEG-2 video start codes.
    case mpeg2
  }

  /// Something in the picture that cannot be read: where it is (byte offset in the packet)
  /// and what is wrong, as a phrase.
  struct Problem: Equatable {
    var offset: Int
    var message: String
  }

  let syntax: Syntax
  /// The SEI NAL unit being read, without its emulation prevention bytes (kept between
  /// pictures so it is allocated once).
  private var unescaped: [UInt8] = []

  init(syntax: Syntax) {
    self.syntax = syntax
    unescaped.reserveCapacity(256)
  }

  /// The syntax of a stream of `codec` (FFmpeg's name) whose set-up bytes are `extradata`;
  /// nil for a codec that does not carry A/53 captions this way.
  static func syntax(codec: String, extradata: [UInt8]) -> Syntax? {
    switch codec {
    case "h264":
      // An `avcC` record starts with version 1 and gives the length size in byte 4.
      if extradata.count >= 7, extradata[0] == 1 {
        return .h264(lengthSize: Int(extradata[4] & 3) + 1)
      }
      return .h264(lengthSize: nil)
    case "hevc":
      // An `hvcC` record is at least 23 bytes and gives the length size in byte 21; start
      // codes begin with zeros.
      if extradata.count >= 23, extradata[0] != 0 {
        return .hevc(lengthSize: Int(extradata[21] & 3) + 1)
      }
      return .hevc(lengthSize: nil)
    case "mpeg2video":
      return .mpeg2
    default:
      return nil
    }
  }

  /// Appends the `cc_data` triplets of the picture in `bytes` to `triplets` (three bytes
  /// each: marker bits, `cc_valid` and `cc_type`; then the two data bytes), in the order
  /// they are carried, and what cannot be read to `problems`.
  mutating func read(
    _ bytes: UnsafeRawBufferPointer, triplets: inout [UInt8], problems: inout [Problem]
  ) {
    switch syntax {
    case .h264(let lengthSize):
      if let lengthSize {
        readLengthPrefixed(bytes, lengthSize, hevc: false, &triplets, &problems)
      } else {
        readAnnexB(bytes, hevc: false, &triplets, &problems)
      }
    case .hevc(let lengthSize):
      if let lengthSize {
        readLengthPrefixed(bytes, lengthSize, hevc: true, &triplets, &problems)
      } else {
        readAnnexB(bytes, hevc: true, &triplets, &problems)
      }
    case .mpeg2:
      readMPEG2(bytes, &triplets, &problems)
    }
  }

  // MARK: NAL units

  private mutating func readLengthPrefixed(
    _ bytes: UnsafeRawBufferPointer, _ lengthSize: Int, hevc: Bool, _ triplets: inout [UInt8],
    _ problems: inout [Problem]
  ) {
    var position = 0
    let count = bytes.count
    while position < count {
      guard count - position >= lengthSize else {
        problems.append(
          Problem(
            offset: position,
            message: "\(count - position) bytes left over after the last NAL unit"))
        return
      }
      var length = 0
      for index in position..<(position + lengthSize) { length = length << 8 | Int(bytes[index]) }
      let start = position + lengthSize
      guard length <= count - start else {
        problems.append(
          Problem(
            offset: position,
            message:
              "a NAL unit of \(length) bytes runs past the end of the packet "
              + "(\(count - start) bytes left)"))
        // What is left may still hold an SEI: read it as far as it goes.
        if isSEI(bytes, at: start, end: count, hevc: hevc) {
          readSEI(bytes, start: start, end: count, hevc: hevc, &triplets, &problems)
        }
        return
      }
      if length > 0, isSEI(bytes, at: start, end: start + length, hevc: hevc) {
        readSEI(bytes, start: start, end: start + length, hevc: hevc, &triplets, &problems)
      }
      position = start + length
    }
  }

  private mutating func readAnnexB(
    _ bytes: UnsafeRawBufferPointer, hevc: Bool, _ triplets: inout [UInt8],
    _ problems: inout [Problem]
  ) {
    guard var start = Self.startCode(in: bytes, from: 0) else { return }
    while start < bytes.count {
      let header = bytes[start]
      let type = hevc ? Int(header >> 1 & 0x3F) : Int(header & 0x1F)
      // Slices come after the SEI: stop at the first one.
      if hevc ? type < 32 : (1...5).contains(type) { return }
      let next = Self.startCode(in: bytes, from: start)
      var end = next.map { $0 - 3 } ?? bytes.count
      // A four-byte start code leaves its first zero on this unit's end.
      while end > start, bytes[end - 1] == 0 { end -= 1 }
      if isSEI(bytes, at: start, end: end, hevc: hevc) {
        readSEI(bytes, start: start, end: end, hevc: hevc, &triplets, &problems)
      }
      guard let next else { return }
      start = next
    }
  }

  /// The position after the next start code (00 00 01) that begins at or after `from`; nil
  /// when there is none.
  static func startCode(in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
    var index = from + 2
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte > 1 {
        index += 3
      } else if byte == 0 {
        index += 1
      } else {
        if bytes[index - 1] == 0, bytes[index - 2] == 0 { return index + 1 }
        index += 3
      }
    }
    return nil
  }

  private func isSEI(_ bytes: UnsafeRawBufferPointer, at start: Int, end: Int, hevc: Bool) -> Bool {
    guard start < end else { return false }
    let header = bytes[start]
    return hevc ? header >> 1 & 0x3F == 39 : header & 0x1F == 6
  }

  /// Reads the SEI messages of the NAL unit in `start ..< end` (its header included).
  private mutating func readSEI(
    _ bytes: UnsafeRawBufferPointer, start: Int, end: Int, hevc: Bool,
    _ triplets: inout [UInt8], _ problems: inout [Problem]
  ) {
    let headerSize = hevc ? 2 : 1
    guard end - start > headerSize else {
      problems.append(Problem(offset: start, message: "an SEI NAL unit holds no message"))
      return
    }
    // The RBSP, without emulation prevention bytes (00 00 03).
    unescaped.removeAll(keepingCapacity: true)
    var zeros = 0
    for index in (start + headerSize)..<end {
      let byte = bytes[index]
      if zeros >= 2, byte == 3 {
        zeros = 0
        continue
      }
      zeros = byte == 0 ? zeros + 1 : 0
      unescaped.append(byte)
    }
    unescaped.withUnsafeBytes { rbsp in
      Self.readMessages(rbsp, nalOffset: start, &triplets, &problems)
    }
  }

  /// Reads the SEI messages of `rbsp` (an SEI NAL unit's payload, unescaped), which starts
  /// at byte `nalOffset` of the packet.
  private static func readMessages(
    _ rbsp: UnsafeRawBufferPointer, nalOffset: Int, _ triplets: inout [UInt8],
    _ problems: inout [Problem]
  ) {
    var position = 0
    let count = rbsp.count
    // The RBSP ends with a stop bit: a last byte 0x80 (or any byte after the messages).
    while position < count, !(position == count - 1 && rbsp[position] == 0x80) {
      var type = 0
      var size = 0
      var complete = false
      while position < count {
        let byte = rbsp[position]
        position += 1
        type += Int(byte)
        if byte != 0xFF {
          complete = true
          break
        }
      }
      if complete {
        complete = false
        while position < count {
          let byte = rbsp[position]
          position += 1
          size += Int(byte)
          if byte != 0xFF {
            complete = true
            break
          }
        }
      }
      guard complete else {
        problems.append(
          Problem(
            offset: nalOffset,
            message: "the SEI NAL unit ends inside the header of an SEI message"))
        return
      }
      var end = position + size
      if end > count {
        problems.append(
          Problem(
            offset: nalOffset,
            message:
              "an SEI message of type \(type) says it holds \(size) bytes, but only "
              + "\(count - position) are left in its NAL unit"))
        end = count
      }
      if type == 4 {
        readRegisteredUserData(
          UnsafeRawBufferPointer(rebasing: rbsp[position..<end]), nalOffset: nalOffset,
          &triplets, &problems)
      }
      position = end
    }
  }

  /// Reads an ITU-T T.35 registered payload: A/53 caption data is country 0xB5 (United
  /// States), provider 0x0031 (ATSC), user identifier `GA94`, user data type 3.
  private static func readRegisteredUserData(
    _ payload: UnsafeRawBufferPointer, nalOffset: Int, _ triplets: inout [UInt8],
    _ problems: inout [Problem]
  ) {
    guard payload.count >= 8, payload[0] == 0xB5, payload[1] == 0x00, payload[2] == 0x31,
      payload[3] == 0x47, payload[4] == 0x41, payload[5] == 0x39, payload[6] == 0x34,
      payload[7] == 0x03
    else { return }
    readCCData(
      UnsafeRawBufferPointer(rebasing: payload[8...]), offset: nalOffset, in: "SEI message",
      &triplets, &problems)
  }

  /// Reads `cc_data()`: a flags byte (`process_cc_data_flag`, `cc_count`), a reserved byte,
  /// then `cc_count` triplets.
  static func readCCData(
    _ data: UnsafeRawBufferPointer, offset: Int, in carrier: String,
    _ triplets: inout [UInt8], _ problems: inout [Problem]
  ) {
    guard data.count >= 2 else {
      problems.append(
        Problem(
          offset: offset,
          message: "the caption data of the \(carrier) is \(data.count) bytes, too short"))
      return
    }
    // Without `process_cc_data_flag` the triplets are to be ignored.
    guard data[0] & 0x40 != 0 else { return }
    let count = Int(data[0] & 0x1F)
    let held = (data.count - 2) / 3
    if count > held {
      problems.append(
        Problem(
          offset: offset,
          message:
            "cc_count is \(count), but the \(carrier) holds \(held) "
            + (held == 1 ? "triplet" : "triplets")))
    }
    let kept = min(count, held)
    guard kept > 0 else { return }
    triplets.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[2..<(2 + kept * 3)]))
  }

  // MARK: MPEG-2 video

  private func readMPEG2(
    _ bytes: UnsafeRawBufferPointer, _ triplets: inout [UInt8], _ problems: inout [Problem]
  ) {
    guard var start = Self.startCode(in: bytes, from: 0) else { return }
    while start < bytes.count {
      let code = bytes[start]
      // Slices (01-AF) come after the picture's user data.
      if code >= 0x01, code <= 0xAF { return }
      let next = Self.startCode(in: bytes, from: start)
      if code == 0xB2 {
        let end = next.map { $0 - 3 } ?? bytes.count
        let data = start + 1
        if end - data >= 5, bytes[data] == 0x47, bytes[data + 1] == 0x41,
          bytes[data + 2] == 0x39, bytes[data + 3] == 0x34, bytes[data + 4] == 0x03
        {
          Self.readCCData(
            UnsafeRawBufferPointer(rebasing: bytes[(data + 5)..<end]), offset: start - 3,
            in: "MPEG-2 user data", &triplets, &problems)
        }
      }
      guard let next else { return }
      start = next
    }
  }
}
