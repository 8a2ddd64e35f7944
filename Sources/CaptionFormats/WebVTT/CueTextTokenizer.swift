private let eof = -1
private let ampersand = 0x26
private let fullStop = 0x2E
private let solidus = 0x2F
private let lessThan = 0x3C
private let greaterThan = 0x3E

/// A token of WebVTT cue text.
enum CueTextToken {
  /// A string; its UTF-8 bytes are in `CueTextTokenizer.text`.
  case text
  case startTag(name: [UInt8], classes: [[UInt8]], annotation: [UInt8]?)
  case endTag(name: [UInt8])
  case timestamp([UInt8])
}

/// The WebVTT cue text tokenizer over UTF-8 bytes. Every character the syntax names is ASCII,
/// and UTF-8 never uses ASCII bytes inside a multi-byte character, so bytes stand in for
/// characters exactly.
struct CueTextTokenizer {
  private enum State {
    case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag
  }

  let input: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  private(set) var position = 0
  /// Where the last token began.
  private(set) var tokenStart = 0
  /// The decoded bytes of the last text token.
  private(set) var text: [UInt8] = []
  /// Character reference problems met so far, with the offset of their `&`.
  var problems: [(problem: CueTextCharacterReference.Problem, offset: Int)] = []

  init(_ input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  var isAtEnd: Bool { position >= input.count }

  /// The next token; call only when not at the end.
  mutating func next() -> CueTextToken {
    var state = State.data
    var result: [UInt8] = []
    var buffer: [UInt8] = []
    var classes: [[UInt8]] = []
    text.removeAll(keepingCapacity: true)
    tokenStart = position
    let count = input.count
    while true {
      let c = position < count ? Int(input[position]) : eof
      switch state {
      case .data:
        switch c {
        case ampersand:
          position += 1
          let reference = consumeReference(additional: nil)
          text.append(contentsOf: reference.length == 0 ? [UInt8(ascii: "&")] : reference.bytes)
          continue
        case lessThan:
          if !text.isEmpty { return .text }
          state = .tag
        case eof:
          return .text
        default:
          // Copy the run up to the next `&` or `<` at once.
          var end = position + 1
          while end < count, input[end] != UInt8(ascii: "&"), input[end] != UInt8(ascii: "<") {
            end += 1
          }
          text.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<end]))
          position = end
          continue
        }
      case .tag:
        switch c {
        case 0x09, 0x0A, 0x0C, 0x20: state = .startTagAnnotation
        case fullStop: state = .startTagClass
        case solidus: state = .endTag
        case 0x30...0x39:
          result = [UInt8(c)]
          state = .timestampTag
        case greaterThan:
          position += 1
          return .startTag(name: [], classes: [], annotation: nil)
        case eof:
          return .startTag(name: [], classes: [], annotation: nil)
        default:
          result = [UInt8(c)]
          state = .startTag
        }
      case .startTag:
        switch c {
        case 0x09, 0x0C, 0x20: state = .startTagAnnotation
        case 0x0A:
          buffer = [0x0A]
          state = .startTagAnnotation
        case fullStop: state = .startTagClass
        case greaterThan:
          position += 1
          return .startTag(name: result, classes: [], annotation: nil)
        case eof:
          return .startTag(name: result, classes: [], annotation: nil)
        default: result.append(UInt8(c))
        }
      case .startTagClass:
        switch c {
        case 0x09, 0x0C, 0x20:
          classes.append(buffer)
          buffer = []
          state = .startTagAnnotation
        case 0x0A:
          classes.append(buffer)
          buffer = [0x0A]
          state = .startTagAnnotation
        case fullStop:
          classes.append(buffer)
          buffer = []
        case greaterThan, eof:
          if c != eof { position += 1 }
          classes.append(buffer)
          return .startTag(name: result, classes: classes, annotation: nil)
        default: buffer.append(UInt8(c))
        }
      case .startTagAnnotation:
        switch c {
        case ampersand:
          position += 1
          let reference = consumeReference(additional: UInt8(ascii: ">"))
          buffer.append(contentsOf: reference.length == 0 ? [UInt8(ascii: "&")] : reference.bytes)
          continue
        case greaterThan, eof:
          if c != eof { position += 1 }
          return .startTag(name: result, classes: classes, annotation: Self.collapse(buffer))
        default: buffer.append(UInt8(c))
        }
      case .endTag:
        switch c {
        case greaterThan, eof:
          if c != eof { position += 1 }
          return .endTag(name: result)
        default: result.append(UInt8(c))
        }
      case .timestampTag:
        switch c {
        case greaterThan, eof:
          if c != eof { position += 1 }
          return .timestamp(result)
        default: result.append(UInt8(c))
        }
      }
      position += 1
    }
  }

  /// Consumes a character reference after the `&` just read; its `length` is 0 when the `&`
  /// stays literal.
  private mutating func consumeReference(additional: UInt8?) -> CueTextCharacterReference {
    let reference = CueTextCharacterReference(input, at: position, additional: additional)
    if let problem = reference.problem { problems.append((problem, position - 1)) }
    position += reference.length
    return reference
  }

  /// Strips ASCII whitespace at both ends and turns each inner run into one space.
  private static func collapse(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var pendingSpace = false
    for byte in bytes {
      switch byte {
      case 0x09, 0x0A, 0x0C, 0x0D, 0x20:
        pendingSpace = !output.isEmpty
      default:
        if pendingSpace { output.append(0x20) }
        pendingSpace = false
        output.append(byte)
      }
    }
    return output
  }
}
