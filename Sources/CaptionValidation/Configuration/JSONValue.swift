/// A parsed JSON value, for reading configuration files; objects keep their key order.
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The name of the value's type, for messages.
  package var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes, without recursion, reporting the line
/// and column of the first error.
package struct JSONParser {
  /// Where and why the text is not JSON.
  package struct Failure: Error, Equatable {
    package var line: Int
    package var column: Int
    package var message: String
  }

  private let bytes: [UInt8]
  private var index = 0

  /// Deepest nesting accepted.
  static let maximumDepth = 64

  package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    return try parser.document()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private enum Container {
    case array([JSONValue])
    case object([(key: String, value: JSONValue)], pendingKey: String?)
  }

  private mutating func document() throws(Failure) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    var stack: [Container] = []
    var result: JSONValue?
    while result == nil {
      skipSpace()
      // Read a key first when an object waits for one.
      if case .object(let members, nil)? = stack.last {
        if peek() == UInt8(ascii: "}") && members.isEmpty {
          index += 1
          stack.removeLast()
          try finish(.object(members), stack: &stack, result: &result)
          continue
        }
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
        let key = try string()
        skipSpace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
        index += 1
        stack[stack.count - 1] = .object(members, pendingKey: key)
        continue
      }
      guard let byte = peek() else { throw failure("unexpected end of the file") }
      switch byte {
      case UInt8(ascii: "{"):
        index += 1
        guard stack.count < Self.maximumDepth else { throw failure("nested too deeply") }
        stack.append(.object([], pendingKey: nil))
      case UInt8(ascii: "["):
        index += 1
        guard stack.count < Self.maximumDepth else { throw failure("nested too deeply") }
        skipSpace()
        if peek() == UInt8(ascii: "]") {
          index += 1
          try finish(.array([]), stack: &stack, result: &result)
        } else {
          stack.append(.array([]))
        }
      case UInt8(ascii: "\""):
        try finish(.string(try string()), stack: &stack, result: &result)
      case UInt8(ascii: "t"):
        try literal("true")
        try finish(.bool(true), stack: &stack, result: &result)
      case UInt8(ascii: "f"):
        try literal("false")
        try finish(.bool(false), stack: &stack, result: &result)
      case UInt8(ascii: "n"):
        try literal("null")
        try finish(.null, stack: &stack, result: &result)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try finish(.number(try number()), stack: &stack, result: &result)
      default:
        throw failure("unexpected character \(describe(byte))")
      }
    }
    skipSpace()
    if index < bytes.count { throw failure("unexpected text after the JSON value") }
    return result ?? .null
  }

  /// Adds a complete value to the open container, closing containers that end after it.
  private mutating func finish(
    _ value: JSONValue, stack: inout [Container], result: inout JSONValue?
  ) throws(Failure) {
    var value = value
    while true {
      guard let top = stack.popLast() else {
        result = value
        return
      }
      var closed: JSONValue?
      switch top {
      case .array(var elements):
        elements.append(value)
        skipSpace()
        if peek() == UInt8(ascii: ",") {
          index += 1
          stack.append(.array(elements))
        } else if peek() == UInt8(ascii: "]") {
          index += 1
          closed = .array(elements)
        } else {
          throw failure("expected ',' or ']' in the array")
        }
      case .object(var members, let key):
        guard let key else { throw failure("expected a key") }
        if members.contains(where: { $0.key == key }) {
          throw failure("the key \"\(key)\" appears twice")
        }
        members.append((key, value))
        skipSpace()
        if peek() == UInt8(ascii: ",") {
          index += 1
          stack.append(.object(members, pendingKey: nil))
        } else if peek() == UInt8(ascii: "}") {
          index += 1
          closed = .object(members)
        } else {
          throw failure("expected ',' or '}' in the object")
        }
      }
      guard let closed else { return }
      value = closed
    }
  }

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
    }
    guard matches else { throw failure("unexpected character \(describe(bytes[index]))") }
    index += count
  }

  private mutating func number() throws(Failure) -> Double {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let first = index
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      return index - first
    }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw failure("expected a digit") }
    if integerDigits > 1, bytes[integerStart] == 0x30 {
      throw failure("a number cannot start with 0")
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw failure("expected a digit after '.'") }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw failure("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw failure("number \(text) is out of range")
    }
    return value
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    while true {
      guard let byte = peek() else { throw failure("unterminated string") }
      if byte == UInt8(ascii: "\"") {
        index += 1
        break
      }
      if byte < 0x20 { throw failure("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        run.append(byte)
        index += 1
        continue
      }
      if !run.isEmpty {
        scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        run.removeAll()
      }
      index += 1
      guard let escape = peek() else { throw failure("unterminated string") }
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code), bytes.count >= index + 6,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          let low = try hex4()
          guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid surrogate pair") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("invalid \\u escape") }
        scalars.append(scalar)
      default:
        throw failure("invalid escape \\\(describe(escape))")
      }
    }
    if !run.isEmpty {
      scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
    }
    return String(scalars)
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("unterminated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
  }

  private func failure(_ message: String) -> Failure {
    var line = 1
    var lineStart = 0
    for position in 0..<min(index, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return Failure(line: line, column: index - lineStart + 1, message: message)
  }
}
