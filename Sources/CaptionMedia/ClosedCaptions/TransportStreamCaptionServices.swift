/// The caption services an MPEG transport stream announces in the program map table of its
/// first program: each `caption_service_descriptor` (ATSC A/65, tag 0x86) among the
/// program's descriptors and among those of each elementary stream. FFmpeg's demuxer reads
/// the table but does not give these descriptors, so they are read from the file's first
/// packets: the program association table, then the first program's map table, and no
/// further.
struct TransportStreamCaptionServices: Equatable {
  /// The descriptors of the program (`program_info`).
  var program: [CaptionServiceDescriptor] = []
  /// The descriptors of each elementary stream, by PID.
  var streams: [Int: [CaptionServiceDescriptor]] = [:]
  /// What was wrong with the tables, as phrases.
  var problems: [String] = []

  /// How many bytes of the file are read at most to find the tables.
  static let readLimit = 1 << 20

  /// The services announced in `bytes`, the start of a transport stream (188-byte packets,
  /// or 192 with a 4-byte time code before each); nil when no program map table is found.
  static func read(_ bytes: [UInt8]) -> TransportStreamCaptionServices? {
    guard let (first, stride) = layout(bytes) else { return nil }
    var sections: [Int: [UInt8]] = [:]
    var pmtPID: Int?
    var position = first
    while position + 188 <= bytes.count {
      defer { position += stride }
      guard bytes[position] == 0x47 else { continue }
      let pid = Int(bytes[position + 1] & 0x1F) << 8 | Int(bytes[position + 2])
      guard pid == 0 || pid == pmtPID else { continue }
      let unitStart = bytes[position + 1] & 0x40 != 0
      let control = bytes[position + 3] >> 4 & 3
      guard control & 1 != 0 else { continue }
      var payload = position + 4
      if control == 3 { payload += 1 + Int(bytes[position + 4]) }
      let end = position + 188
      guard payload < end else { continue }
      if unitStart {
        payload += 1 + Int(bytes[payload])
        guard payload <= end else { continue }
        sections[pid] = Array(bytes[payload..<end])
      } else if sections[pid] != nil {
        sections[pid]?.append(contentsOf: bytes[payload..<end])
      } else {
        continue
      }
      guard let section = sections[pid], section.count >= 3 else { continue }
      let length = Int(section[1] & 0x0F) << 8 | Int(section[2])
      guard section.count >= length + 3 else { continue }
      let table = Array(section[0..<(length + 3)])
      sections[pid] = nil
      if pid == 0 {
        guard pmtPID == nil, let found = programMapPID(table) else { continue }
        pmtPID = found
      } else {
        return programMap(table)
      }
    }
    return nil
  }

  /// Where the first packet starts and how far apart packets are: 188 bytes, or 192 with a
  /// time code before each (M2TS).
  private static func layout(_ bytes: [UInt8]) -> (Int, Int)? {
    for (first, stride) in [(0, 188), (4, 192)] {
      let checked = (0..<4).map { first + $0 * stride }.filter { $0 < bytes.count }
      if !checked.isEmpty, checked.allSatisfy({ bytes[$0] == 0x47 }) { return (first, stride) }
    }
    return nil
  }

  /// The PID of the first program's map table in a program association table.
  private static func programMapPID(_ table: [UInt8]) -> Int? {
    guard table[0] == 0x00, table.count >= 12, crcMatches(table) else { return nil }
    var position = 8
    while position + 4 <= table.count - 4 {
      let program = Int(table[position]) << 8 | Int(table[position + 1])
      let pid = Int(table[position + 2] & 0x1F) << 8 | Int(table[position + 3])
      if program != 0 { return pid }
      position += 4
    }
    return nil
  }

  /// The caption services of a program map table.
  private static func programMap(_ table: [UInt8]) -> TransportStreamCaptionServices? {
    guard table[0] == 0x02, table.count >= 16 else { return nil }
    var services = TransportStreamCaptionServices()
    guard crcMatches(table) else {
      services.problems.append("the program map table's CRC does not match its bytes")
      return services
    }
    let end = table.count - 4
    let programInfoLength = Int(table[10] & 0x0F) << 8 | Int(table[11])
    var position = 12
    guard position + programInfoLength <= end else {
      services.problems.append("the program map table's descriptors run past its end")
      return services
    }
    services.program = descriptors(
      table[position..<(position + programInfoLength)], problems: &services.problems)
    position += programInfoLength
    while position + 5 <= end {
      let pid = Int(table[position + 1] & 0x1F) << 8 | Int(table[position + 2])
      let length = Int(table[position + 3] & 0x0F) << 8 | Int(table[position + 4])
      position += 5
      guard position + length <= end else {
        services.problems.append(
          "the descriptors of PID \(pid) run past the end of the program map table")
        break
      }
      let found = descriptors(table[position..<(position + length)], problems: &services.problems)
      if !found.isEmpty { services.streams[pid, default: []] += found }
      position += length
    }
    return services
  }

  /// The caption services of the `caption_service_descriptor`s among `bytes`.
  static func descriptors(
    _ bytes: ArraySlice<UInt8>, problems: inout [String]
  ) -> [CaptionServiceDescriptor] {
    var found: [CaptionServiceDescriptor] = []
    var position = bytes.startIndex
    while position + 2 <= bytes.endIndex {
      let tag = bytes[position]
      let length = Int(bytes[position + 1])
      let body = position + 2
      guard body + length <= bytes.endIndex else {
        problems.append("a descriptor of tag \(tag) runs past the end of its loop")
        break
      }
      if tag == 0x86, length >= 1 {
        let count = Int(bytes[body] & 0x1F)
        if 1 + count * 6 > length {
          problems.append(
            "a caption service descriptor lists \(count) services but holds \((length - 1) / 6)")
        }
        for service in 0..<min(count, (length - 1) / 6) {
          let entry = body + 1 + service * 6
          let code = bytes[entry..<(entry + 3)]
          let language =
            code.allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }
            ? String(decoding: code, as: UTF8.self).lowercased() : nil
          let flags = bytes[entry + 3]
          let kind: CaptionServiceDescriptor.Service =
            flags & 0x80 != 0
            ? .digital(service: Int(flags & 0x3F)) : .line21(field: Int(flags & 1) + 1)
          let more = bytes[entry + 4]
          found.append(
            CaptionServiceDescriptor(
              service: kind, language: language, isEasyReader: more & 0x80 != 0,
              isWideAspectRatio: more & 0x40 != 0))
        }
      }
      position = body + length
    }
    return found
  }

  /// Whether the last four bytes of `section` are its CRC-32 (MPEG-2: polynomial
  /// 0x04C11DB7, no reflection, initial value all ones).
  static func crcMatches(_ section: [UInt8]) -> Bool {
    crc32(section[...]) == 0
  }

  /// The MPEG-2 CRC-32 of `bytes`; 0 over a section and its own CRC.
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte) << 24
      for _ in 0..<8 {
        crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1
      }
    }
    return crc
  }
}
