public import CaptionCore

/// Reads the attribute list of an HLS tag (RFC 8216 section 4.2).
public enum HLSAttributeParser {
  /// A problem of the list's syntax, at a 1-based column of the line.
  public struct Problem: Sendable, Hashable {
    public var column: Int
    public var message: String
  }

  /// Parses the attribute list in `bytes` (the line's bytes after the tag's colon), whose
  /// first byte is at 1-based column `column` of its line. Parsing goes on after a problem
  /// where the next comma allows it.
  public static func parse(_ bytes: ArraySlice<UInt8>, column: Int) -> (
    list: HLSAttributeList, problems: [Problem]
  ) {
    var attributes: [HLSAttributeList.Attribute] = []
    var problems: [Problem] = []
    var index = bytes.startIndex
    let end = bytes.endIndex
    func columnOf(_ position: Int) -> Int { column + position - bytes.startIndex }
    func skipToComma() {
      var quoted = false
      while index < end, quoted || bytes[index] != UInt8(ascii: ",") {
        if bytes[index] == UInt8(ascii: "\"") { quoted.toggle() }
        index += 1
      }
    }
    while index < end {
      let nameStart = index
      while index < end, isNameByte(bytes[index]) { index += 1 }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
      guard !name.isEmpty, index < end, bytes[index] == UInt8(ascii: "=") else {
        let found = index < end ? "'\(Character(Unicode.Scalar(bytes[index])))'" : "the line's end"
        problems.append(
          Problem(
            column: columnOf(index),
            message: name.isEmpty
              ? "an attribute name (A-Z, 0-9 and '-') is expected here, not \(found)"
              : "'=' is expected after attribute name \(name), not \(found)"))
        skipToComma()
        if index < end { index += 1 }
        continue
      }
      index += 1
      var value = ""
      var isQuoted = false
      if index < end, bytes[index] == UInt8(ascii: "\"") {
        isQuoted = true
        let valueStart = index + 1
        var close = valueStart
        while close < end, bytes[close] != UInt8(ascii: "\"") { close += 1 }
        guard close < end else {
          problems.append(
            Problem(
              column: columnOf(index), message: "the quoted value of \(name) has no closing quote"))
          value = String(decoding: bytes[valueStart..<end], as: UTF8.self)
          attributes.append(
            HLSAttributeList.Attribute(
              name: name, value: value, isQuoted: true, column: columnOf(nameStart)))
          break
        }
        value = String(decoding: bytes[valueStart..<close], as: UTF8.self)
        index = close + 1
      } else {
        let valueStart = index
        while index < end, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "\"") {
          index += 1
        }
        value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
        if value.isEmpty {
          problems.append(Problem(column: columnOf(valueStart), message: "\(name) has no value"))
        } else if value.contains(where: \.isWhitespace) {
          problems.append(
            Problem(
              column: columnOf(valueStart),
              message: "the value of \(name) holds whitespace; quote it or remove it"))
        }
        if index < end, bytes[index] == UInt8(ascii: "\"") {
          problems.append(
            Problem(
              column: columnOf(index),
              message: "a quote inside the unquoted value of \(name)"))
          skipToComma()
        }
      }
      if attributes.contains(where: { $0.name == name }) {
        problems.append(
          Problem(
            column: columnOf(nameStart),
            message: "attribute \(name) is given twice; an attribute list names each once"))
      }
      attributes.append(
        HLSAttributeList.Attribute(
          name: name, value: value, isQuoted: isQuoted, column: columnOf(nameStart)))
      guard index < end else { break }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        if index == end {
          problems.append(
            Problem(column: columnOf(index - 1), message: "a comma ends the attribute list"))
        }
      } else {
        problems.append(
          Problem(
            column: columnOf(index),
            message: "',' is expected after the value of \(name)"))
        skipToComma()
        if index < end { index += 1 }
      }
    }
    return (HLSAttributeList(attributes: attributes), problems)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
  }
}
