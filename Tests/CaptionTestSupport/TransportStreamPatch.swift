/// Changes a transport stream FFmpeg wrote the way a broadcast multiplexer would have
/// written it: descriptors FFmpeg's muxer does not write, added to its program map table.
public enum TransportStreamPatch {
  /// What went wrong: no map table to add to.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// A `caption_service_descriptor` (ATSC A/65, tag 0x86) of CEA-608 services, each its
  /// language (three letters) and field (1 for CC1/CC2, 2 for CC3/CC4).
  public static func captionServices(_ services: [(language: String, field: Int)]) -> [UInt8] {
    var body: [UInt8] = [0xC0 | UInt8(services.count)]
    for service in services {
      // digital_cc 0, a reserved bit, five reserved bits, line21_field; then easy_reader 0,
      // wide_aspect_ratio 0 and reserved bits.
      body += Array(service.language.utf8.prefix(3))
      body += [0x7E | UInt8(service.field == 2 ? 1 : 0), 0x3F, 0xFF]
    }
    return [0x86, UInt8(body.count)] + body
  }

  /// `bytes` (188-byte packets) with `descriptor` added to the first elementary stream's
  /// descriptors in every program map table on `pid` (FFmpeg's muxer uses 0x1000), each
  /// table's section length and CRC written again. The table must fit its one packet.
  public static func addingToFirstStream(
    _ descriptor: [UInt8], in bytes: [UInt8], pid mapPID: Int = 0x1000
  ) throws -> [UInt8] {
    var bytes = bytes
    var patched = 0
    for start in stride(from: 0, to: bytes.count - 187, by: 188) {
      let pid = Int(bytes[start + 1] & 0x1F) << 8 | Int(bytes[start + 2])
      // A table starts in this packet (payload_unit_start), which has a payload only.
      guard pid == mapPID, bytes[start + 1] & 0x40 != 0, bytes[start + 3] & 0x30 == 0x10
      else { continue }
      let sectionStart = start + 5 + Int(bytes[start + 4])
      let length = Int(bytes[sectionStart + 1] & 0x0F) << 8 | Int(bytes[sectionStart + 2])
      var section = Array(bytes[sectionStart..<(sectionStart + 3 + length - 4)])
      // After the program's descriptors, each stream: type, PID, descriptors' length.
      let programInfo = Int(section[10] & 0x0F) << 8 | Int(section[11])
      let stream = 12 + programInfo
      let esLength = Int(section[stream + 3] & 0x0F) << 8 | Int(section[stream + 4])
      let newLength = esLength + descriptor.count
      section[stream + 3] = 0xF0 | UInt8(newLength >> 8)
      section[stream + 4] = UInt8(newLength & 0xFF)
      section.insert(contentsOf: descriptor, at: stream + 5 + esLength)
      let sectionLength = section.count - 3 + 4
      section[1] = section[1] & 0xF0 | UInt8(sectionLength >> 8)
      section[2] = UInt8(sectionLength & 0xFF)
      let crc = crc32(section)
      section += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
      guard sectionStart + section.count <= start + 188 else { continue }
      bytes.replaceSubrange(sectionStart..<(sectionStart + section.count), with: section)
      for index in (sectionStart + section.count)..<(start + 188) { bytes[index] = 0xFF }
      patched += 1
    }
    guard patched > 0 else {
      throw Failure(description: "no program map table on PID \(mapPID) to add to")
    }
    return bytes
  }

  /// The MPEG-2 CRC-32 (polynomial 0x04C11DB7, no reflection, no final XOR).
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte) << 24
      for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
    }
    return crc
  }
}
