private let eof = -1
private let ampersand = 0x26
private let fullStop = 0x2E
private let solidus = 0x2F
private let lessThan = 0x3C
private let greaterThan = 0x3E

/// A token of WebVTT cue text. Names, classes and timestamp values are byte ranges of the
/// input (they hold no character references); the text of a string token is read with
/// `CueTextTokenizer.makeText()`.
enum CueTextToken {
  case text
  case startTag(name: Range<Int>, classes: [Range<Int>], annotation: String?)
  case endTag(name: Range<Int>)
  case timestamp(Range<Int>)
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
  /// The decoded bytes of the last string token, once it met a character reference; until
  /// then the token is the input from `tokenStart` to `position` as it stands.
  private var decoded: [UInt8] = []
  private var isDecoded = false
  /// Character reference problems met so far, with the offset of their `&`.
  var problems: [(problem: CueTextCharacterReference.Problem, offset: Int)] = []

  init(_ input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  var isAtEnd: Bool { position >= input.count }

  /// The text of the last string token.
  func makeText() -> String {
    if isDecoded { return String(decoding: decoded, as: UTF8.self) }
    return String(
      decoding: UnsafeBufferPointer(rebasing: input[tokenStart..<position]), as: UTF8.self)
  }

  /// The bytes of `range` as a string.
  func string(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
  }

  /// The next token; call only when not at the end.
  mutating func next() -> CueTextToken {
    var state = State.data
    var nameStart = position
    var nameEnd = position
    var classStart = position
    var annotationStart = position
    var decodedAnnotation: [UInt8]?
    var classes: [Range<Int>] = []
    isDecoded = false
    tokenStart = position
    let count = input.count
    while true {
      let c = position < count ? Int(input[position]) : eof
      switch state {
      case .data:
        switch c {
        case ampersand:
          if !isDecoded {
            decoded.removeAll(keepingCapacity: true)
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[tokenStart..<position]))
            isDecoded = true
          }
          position += 1
          let reference = consumeReference(additional: nil)
          if reference.length == 0 {
            decoded.append(UInt8(ascii: "&"))
          } else {
            decoded.append(contentsOf: reference.value.utf8)
          }
          continue
        case lessThan:
          if position > tokenStart { return .text }
          state = .tag
        case eof:
          return .text
        default:
          // Take the run up to the next `&` or `<` at once.
          var end = position + 1
          while end < count, input[end] != UInt8(ascii: "&"), input[end] != UInt8(ascii: "<") {
            end += 1
          }
          if isDecoded {
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<end]))
          }
          position = end
          continue
        }
      case .tag:
        nameStart = position
        nameEnd = position
        switch c {
        case 0x09, 0x0A, 0x0C, 0x20:
          annotationStart = position
          state = .startTagAnnotation
        case fullStop:
          state = .startTagClass
          classStart = position + 1
        case solidus:
          state = .endTag
          nameStart = position + 1
        case 0x30...0x39: state = .timestampTag
        case greaterThan:
          position += 1
          return .startTag(name: nameStart..<nameStart, classes: [], annotation: nil)
        case eof:
          return .startTag(name: nameStart..<nameStart, classes: [], annotation: nil)
        default: state = .startTag
        }
      case .startTag:
        switch c {
        case 0x09, 0x0A, 0x0C, 0x20:
          // The annotation keeps this white space; collapsing strips it.
          nameEnd = position
          annotationStart = position
          state = .startTagAnnotation
        case fullStop:
          nameEnd = position
          state = .startTagClass
          classStart = position + 1
        case greaterThan, eof:
          let name = nameStart..<position
          if c != eof { position += 1 }
          return .startTag(name: name, classes: [], annotation: nil)
        default: break
        }
      case .startTagClass:
        switch c {
        case 0x09, 0x0A, 0x0C, 0x20:
          classes.append(classStart..<position)
          annotationStart = position
          state = .startTagAnnotation
        case fullStop:
          classes.append(classStart..<position)
          classStart = position + 1
        case greaterThan, eof:
          classes.append(classStart..<position)
          if c != eof { position += 1 }
          return .startTag(name: nameStart..<nameEnd, classes: classes, annotation: nil)
        default: break
        }
      case .startTagAnnotation:
        switch c {
        case ampersand:
          var decoded =
            decodedAnnotation
            ?? Array(UnsafeBufferPointer(rebasing: input[annotationStart..<position]))
          decodedAnnotation = nil  // Keep `decoded` the only reference: append in place.
          position += 1
          let reference = consumeReference(additional: UInt8(ascii: ">"))
          if reference.length == 0 {
            decoded.append(UInt8(ascii: "&"))
          } else {
            decoded.append(contentsOf: reference.value.utf8)
          }
          decodedAnnotation = decoded
          continue
        case greaterThan, eof:
          let annotation: String
          if let decodedAnnotation {
            annotation = decodedAnnotation.withUnsafeBufferPointer { Self.collapse($0) }
          } else {
            annotation = Self.collapse(
              UnsafeBufferPointer(rebasing: input[annotationStart..<position]))
          }
          if c != eof { position += 1 }
          return .startTag(name: nameStart..<nameEnd, classes: classes, annotation: annotation)
        default:
          if decodedAnnotation != nil { decodedAnnotation?.append(UInt8(c)) }
        }
      case .endTag:
        switch c {
        case greaterThan, eof:
          let name = nameStart..<position
          if c != eof { position += 1 }
          return .endTag(name: name)
        default: break
        }
      case .timestampTag:
        switch c {
        case greaterThan, eof:
          let value = nameStart..<position
          if c != eof { position += 1 }
          return .timestamp(value)
        default: break
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

  /// Strips ASCII white space at both ends and turns each inner run into one space.
  private static func collapse(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
    }
    // Most annotations need nothing: take them as they are.
    var clean = bytes.first.map { !isSpace($0) } ?? true
    if clean, let last = bytes.last, isSpace(last) { clean = false }
    if clean {
      var previousSpace = false
      for byte in bytes {
        let space = isSpace(byte)
        if space && (byte != 0x20 || previousSpace) {
          clean = false
          break
        }
        previousSpace = space
      }
    }
    if clean { return String(decoding: bytes, as: UTF8.self) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var pendingSpace = false
    for byte in bytes {
      if isSpace(byte) {
        pendingSpace = !output.isEmpty
      } else {
        if pendingSpace { output.append(0x20) }
        pendingSpace = false
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
