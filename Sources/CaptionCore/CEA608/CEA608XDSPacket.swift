/// One Extended Data Services packet of field 2: its class (start code), type and data.
public struct CEA608XDSPacket: Sendable, Hashable {
  /// The start code of the class: 1 current, 3 future, 5 channel, 7 miscellaneous,
  /// 9 public service, 11 reserved, 13 private.
  public var classCode: UInt8
  public var type: UInt8
  /// The informational bytes, parity stripped, without the padding zeros.
  public var data: [UInt8]
  /// When the packet ended.
  public var time: MediaTime

  public init(classCode: UInt8, type: UInt8, data: [UInt8], time: MediaTime) {
    self.classCode = classCode
    self.type = type
    self.data = data
    self.time = time
  }

  /// The data as text (program names, call letters), spaces at the ends removed.
  public var text: String {
    let characters = data.compactMap { CEA608Characters.standard($0) }
    var text = String(characters)
    while text.last == " " { text.removeLast() }
    while text.first == " " { text.removeFirst() }
    return text
  }

  /// The content advisory (class 1, type 5) as text: `MPA PG-13`, `TV-14 (D, L, S, V)`,
  /// `Canadian English 14+`, `Canadian French 13 ans +`; nil when the data is not two bytes.
  public var contentAdvisory: String? {
    guard data.count >= 2 else { return nil }
    let first = data[0]
    let second = data[1]
    let system = first >> 3 & 0x03
    switch system {
    case 0, 2:
      let ratings = ["N/A", "G", "PG", "PG-13", "R", "NC-17", "X", "Not Rated"]
      return "MPA " + ratings[Int(first & 0x07)]
    case 1:
      let ratings = ["None", "TV-Y", "TV-Y7", "TV-G", "TV-PG", "TV-14", "TV-MA", "None"]
      let rating = ratings[Int(second & 0x07)]
      var flags: [String] = []
      if first & 0x20 != 0 { flags.append("D") }
      if second & 0x08 != 0 { flags.append("L") }
      if second & 0x10 != 0 { flags.append("S") }
      if second & 0x20 != 0 { flags.append(rating == "TV-Y7" ? "FV" : "V") }
      return flags.isEmpty ? rating : rating + " (" + flags.joined(separator: ", ") + ")"
    default:
      if first & 0x20 != 0 {
        let ratings = ["Exempt", "G", "8 ans +", "13 ans +", "16 ans +", "18 ans +", "", ""]
        return "Canadian French " + ratings[Int(second & 0x07)]
      }
      let ratings = ["Exempt", "C", "C8+", "G", "PG", "14+", "18+", ""]
      return "Canadian English " + ratings[Int(second & 0x07)]
    }
  }
}
