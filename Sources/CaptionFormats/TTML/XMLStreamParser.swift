/// An attribute of a start tag, its namespace resolved.
struct XMLAttribute: Equatable {
  /// The name as written: `tts:color`, `begin`.
  var qualifiedName: String
  var localName: String
  /// The namespace of the prefix; empty for an attribute without one.
  var namespace: String
  /// The value with references decoded and white space characters as spaces.
  var value: String
  /// The byte offset of the name.
  var offset: Int
}

/// A start tag (or an empty-element tag, which is then followed by its end).
struct XMLStartTag {
  var localName: String
  var qualifiedName: String
  /// The namespace of the prefix, or the default namespace; empty for none.
  var namespace: String
  /// In document order, without the namespace declarations (`xmlns`, `xmlns:p`), which come as
  /// mapping events before the tag.
  var attributes: [XMLAttribute]
  /// The byte offsets of the `<` and just after the `>`.
  var offset: Int
  var endOffset: Int
}

/// The end of an element.
struct XMLEndTag {
  var localName: String
  var qualifiedName: String
  var namespace: String
  /// The byte offset of the `<` of the closing tag, or of the empty-element tag.
  var offset: Int
}

/// Receives `XMLStreamParser`'s events in document order.
protocol XMLStreamDelegate: AnyObject {
  /// A namespace declaration on the element about to start; `prefix` is empty for the default
  /// namespace.
  func startMapping(prefix: String, namespace: String)
  /// The end of a declaration's scope, after its element's end.
  func endMapping(prefix: String)
  func startElement(_ tag: XMLStartTag)
  func endElement(_ tag: XMLEndTag)
  /// A piece of character data (text with references decoded, CDATA section content), starting
  /// at byte `offset`. Line ends come as line feeds. One text may come in several pieces.
  func characters(_ text: UnsafeBufferPointer<UInt8>, at offset: Int)
  /// The fault that stopped the parse; no event follows.
  func fault(_ error: XMLStreamError)
}

/// A streaming XML 1.0 parser with namespaces, for the UTF-8 bytes of a document without a
/// document type declaration: events for elements, text, CDATA sections and namespace
/// declarations; comments and processing instructions are skipped. No entity is declared, so
/// only the five predefined ones and character references are decoded; any other reference
/// is a fault. The first well-formedness fault stops the parse.
///
/// Time is linear in the input and memory is bounded by it: the bytes are scanned once, text
/// is handed over as slices of the input, and duplicate attributes are found with a hash set
/// when a tag has many.
struct XMLStreamParser<Delegate: XMLStreamDelegate> {
  private let input: UnsafeBufferPointer<UInt8>
  private let delegate: Delegate
  private let maximumDepth: Int
  private var position = 0

  private struct OpenElement {
    var nameStart: Int
    var nameEnd: Int
    var localName: String
    var qualifiedName: String
    var namespace: String
    /// How many namespace declarations the start tag made.
    var declarations: Int
  }
  private var open: [OpenElement] = []
  /// The namespaces in scope by prefix, innermost last; the default namespace under "".
  private var bindings: [String: [String]] = ["xml": [XMLNames.xmlNamespace]]
  /// The prefixes declared by the open elements, in order.
  private var declared: [String] = []
  /// Decoded bytes of a reference or an attribute value.
  private var scratch: [UInt8] = []

  private struct RawAttribute {
    var name: String
    var nameStart: Int
    var nameEnd: Int
    var value: String
  }

  /// Parses `bytes` and returns the fault that stopped it, if any (given to the delegate too).
  @discardableResult
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, delegate: Delegate,
    maximumDepth: Int = XMLNames.maximumDepth
  ) -> XMLStreamError? {
    var parser = XMLStreamParser(input: bytes, delegate: delegate, maximumDepth: maximumDepth)
    do throws(XMLStreamError) {
      try parser.document()
      return nil
    } catch {
      delegate.fault(error)
      return error
    }
  }

  private init(input: UnsafeBufferPointer<UInt8>, delegate: Delegate, maximumDepth: Int) {
    self.input = input
    self.delegate = delegate
    self.maximumDepth = maximumDepth
  }

  // MARK: Document

  private mutating func document() throws(XMLStreamError) {
    if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
    let start = position
    // The prolog: the XML declaration, comments, processing instructions, white space.
    while true {
      skipSpaces()
      guard position < input.count else { throw fault(.noRootElement, at: input.count) }
      guard input[position] == Byte.lessThan else { throw fault(.textBeforeRoot, at: position) }
      if starts(with: "<?") {
        try processingInstruction(atDocumentStart: position == start)
      } else if starts(with: "<!--") {
        try comment()
      } else if starts(with: "<!") {
        throw fault(.declarationNotAllowed, at: position)
      } else {
        break
      }
    }
    try content()
    // After the root: comments, processing instructions, white space.
    while true {
      skipSpaces()
      guard position < input.count else { return }
      if starts(with: "<?") {
        try processingInstruction(atDocumentStart: false)
      } else if starts(with: "<!--") {
        try comment()
      } else {
        throw fault(.contentAfterRoot, at: position)
      }
    }
  }

  /// The root element and everything in it; `position` is at its `<`.
  private mutating func content() throws(XMLStreamError) {
    try startTag()
    while !open.isEmpty {
      guard position < input.count else {
        throw fault(.elementNotClosed(open[open.count - 1].qualifiedName), at: input.count)
      }
      switch input[position] {
      case Byte.lessThan:
        let next = position + 1 < input.count ? input[position + 1] : 0
        if next == Byte.slash {
          try endTag()
        } else if next == Byte.question {
          try processingInstruction(atDocumentStart: false)
        } else if starts(with: "<!--") {
          try comment()
        } else if starts(with: "<![CDATA[") {
          try cdata()
        } else if next == Byte.exclamation {
          throw fault(.declarationNotAllowed, at: position)
        } else {
          try startTag()
        }
      case Byte.ampersand:
        let start = position
        scratch.removeAll(keepingCapacity: true)
        try reference()
        let delegate = self.delegate
        scratch.withUnsafeBufferPointer { delegate.characters($0, at: start) }
      default:
        try text()
      }
    }
  }

  // MARK: Tags

  private mutating func startTag() throws(XMLStreamError) {
    let tagStart = position
    guard open.count < maximumDepth else { throw fault(.tooDeep(maximumDepth), at: tagStart) }
    let nameStart = position + 1
    let nameEnd = scanName(from: nameStart)
    guard nameEnd > nameStart else { throw fault(.nameExpected, at: tagStart) }
    let name = string(nameStart, nameEnd)
    position = nameEnd
    var attributes: [RawAttribute] = []
    var empty = false
    while true {
      let spaced = skipSpaces()
      guard position < input.count else { throw fault(.tagNotClosed(name), at: tagStart) }
      let byte = input[position]
      if byte == Byte.greaterThan {
        position += 1
        break
      }
      if byte == Byte.slash {
        guard position + 1 < input.count, input[position + 1] == Byte.greaterThan else {
          throw fault(.tagNotClosed(name), at: position)
        }
        position += 2
        empty = true
        break
      }
      if byte == Byte.lessThan { throw fault(.tagNotClosed(name), at: position) }
      let attributeStart = position
      let attributeEnd = scanName(from: attributeStart)
      guard attributeEnd > attributeStart else {
        throw fault(.attributeNameExpected(element: name), at: position)
      }
      guard spaced else { throw fault(.spaceBetweenAttributes(element: name), at: attributeStart) }
      let attributeName = string(attributeStart, attributeEnd)
      position = attributeEnd
      skipSpaces()
      guard position < input.count, input[position] == Byte.equals else {
        throw fault(.attributeWithoutValue(attributeName), at: position)
      }
      position += 1
      skipSpaces()
      guard position < input.count,
        input[position] == Byte.quote || input[position] == Byte.apostrophe
      else { throw fault(.attributeValueNotQuoted(attributeName), at: position) }
      let value = try attributeValue(of: attributeName)
      attributes.append(
        RawAttribute(
          name: attributeName, nameStart: attributeStart, nameEnd: attributeEnd, value: value))
    }
    let tagEnd = position
    try checkDuplicates(attributes.map { ($0.name, $0.nameStart) })

    // Namespace declarations first: they apply to the tag's own names.
    var declarations = 0
    for attribute in attributes {
      let prefix: String
      if attribute.name == "xmlns" {
        prefix = ""
      } else if attribute.name.utf8.starts(with: "xmlns:".utf8) {
        _ = try colon(in: attribute.name, start: attribute.nameStart, end: attribute.nameEnd)
        prefix = String(attribute.name.dropFirst(6))
      } else {
        continue
      }
      try declare(prefix, attribute.value, at: attribute.nameStart)
      declarations += 1
    }

    let (elementNamespace, elementLocal) = try resolve(
      name, start: nameStart, end: nameEnd, isElement: true)
    var resolved: [XMLAttribute] = []
    resolved.reserveCapacity(attributes.count - declarations)
    for attribute in attributes {
      if attribute.name == "xmlns" || attribute.name.utf8.starts(with: "xmlns:".utf8) { continue }
      let (namespace, local) = try resolve(
        attribute.name, start: attribute.nameStart, end: attribute.nameEnd, isElement: false)
      resolved.append(
        XMLAttribute(
          qualifiedName: attribute.name, localName: local, namespace: namespace,
          value: attribute.value, offset: attribute.nameStart))
    }
    try checkExpandedDuplicates(resolved)

    open.append(
      OpenElement(
        nameStart: nameStart, nameEnd: nameEnd, localName: elementLocal, qualifiedName: name,
        namespace: elementNamespace, declarations: declarations))
    delegate.startElement(
      XMLStartTag(
        localName: elementLocal, qualifiedName: name, namespace: elementNamespace,
        attributes: resolved, offset: tagStart, endOffset: tagEnd))
    if empty { closeElement(at: tagStart) }
  }

  private mutating func endTag() throws(XMLStreamError) {
    let tagStart = position
    let nameStart = position + 2
    let nameEnd = scanName(from: nameStart)
    guard nameEnd > nameStart else { throw fault(.nameExpected, at: tagStart) }
    position = nameEnd
    skipSpaces()
    guard position < input.count else {
      throw fault(.closingTagNotClosed(string(nameStart, nameEnd)), at: tagStart)
    }
    guard input[position] == Byte.greaterThan else {
      throw fault(.closingTagNotClosed(string(nameStart, nameEnd)), at: position)
    }
    position += 1
    let element = open[open.count - 1]
    let matches =
      nameEnd - nameStart == element.nameEnd - element.nameStart
      && input[nameStart..<nameEnd].elementsEqual(input[element.nameStart..<element.nameEnd])
    guard matches else {
      throw fault(
        .closingTagMismatch(found: string(nameStart, nameEnd), open: element.qualifiedName),
        at: position)
    }
    closeElement(at: tagStart)
  }

  private mutating func closeElement(at offset: Int) {
    guard let element = open.popLast() else { return }
    delegate.endElement(
      XMLEndTag(
        localName: element.localName, qualifiedName: element.qualifiedName,
        namespace: element.namespace, offset: offset))
    for _ in 0..<element.declarations {
      guard let prefix = declared.popLast() else { break }
      bindings[prefix]?.removeLast()
      delegate.endMapping(prefix: prefix)
    }
  }

  // MARK: Namespaces

  private mutating func declare(
    _ prefix: String, _ namespace: String, at offset: Int
  ) throws(XMLStreamError) {
    let reserved = namespace == XMLNames.xmlNamespace || namespace == XMLNames.xmlnsNamespace
    switch prefix {
    case "xmlns": throw fault(.reservedNamespace(prefix: prefix), at: offset)
    case "xml":
      guard namespace == XMLNames.xmlNamespace else {
        throw fault(.reservedNamespace(prefix: prefix), at: offset)
      }
    case "":
      if reserved { throw fault(.reservedNamespace(prefix: "xmlns"), at: offset) }
    default:
      if reserved { throw fault(.reservedNamespace(prefix: prefix), at: offset) }
      if namespace.isEmpty { throw fault(.emptyNamespace(prefix: prefix), at: offset) }
    }
    bindings[prefix, default: []].append(namespace)
    declared.append(prefix)
    delegate.startMapping(prefix: prefix, namespace: namespace)
  }

  /// The namespace and local name of `name` (its bytes from `start` to `end`).
  private func resolve(
    _ name: String, start: Int, end: Int, isElement: Bool
  ) throws(XMLStreamError) -> (String, String) {
    guard let colon = try colon(in: name, start: start, end: end) else {
      return (isElement ? bindings[""]?.last ?? "" : "", name)
    }
    let prefix = string(start, colon)
    guard let namespace = bindings[prefix]?.last, !namespace.isEmpty else {
      throw fault(.undeclaredPrefix(prefix), at: start)
    }
    return (namespace, string(colon + 1, end))
  }

  /// The offset of the colon between the prefix and the local name of `name` (its bytes from
  /// `start` to `end`), nil without one; faults unless both parts are names without a colon.
  private func colon(in name: String, start: Int, end: Int) throws(XMLStreamError) -> Int? {
    var colon: Int?
    for index in start..<end where input[index] == Byte.colon {
      guard colon == nil else { throw fault(.badQualifiedName(name), at: start) }
      colon = index
    }
    guard let colon else { return nil }
    guard colon > start, colon + 1 < end, isNameStart(at: colon + 1) else {
      throw fault(.badQualifiedName(name), at: start)
    }
    return colon
  }

  /// Faults on the second of two attributes with the same name.
  private func checkDuplicates(_ names: [(String, Int)]) throws(XMLStreamError) {
    if let (_, second) = Self.firstRepeat(names.map(\.0)) {
      throw fault(.duplicateAttribute(names[second].0), at: names[second].1)
    }
  }

  /// Faults on two attributes whose prefixes name the same namespace and have the same local
  /// name (`a:x` and `b:x`).
  private func checkExpandedDuplicates(_ attributes: [XMLAttribute]) throws(XMLStreamError) {
    let prefixed = attributes.filter { !$0.namespace.isEmpty }
    guard prefixed.count > 1 else { return }
    let keys = prefixed.map { $0.namespace + " " + $0.localName }
    if let (first, second) = Self.firstRepeat(keys) {
      throw fault(
        .sameExpandedName(prefixed[first].qualifiedName, prefixed[second].qualifiedName),
        at: prefixed[second].offset)
    }
  }

  /// The indices of the first key that repeats an earlier one and of that earlier one: pairwise
  /// for a few keys, with a hash table for many.
  private static func firstRepeat(_ keys: [String]) -> (Int, Int)? {
    if keys.count <= 16 {
      for index in keys.indices.dropFirst() {
        for earlier in 0..<index where keys[earlier] == keys[index] { return (earlier, index) }
      }
      return nil
    }
    var seen: [String: Int] = [:]
    seen.reserveCapacity(keys.count)
    for (index, key) in keys.enumerated() {
      if let earlier = seen.updateValue(index, forKey: key) { return (earlier, index) }
    }
    return nil
  }

  // MARK: Text and references

  /// Character data up to the next `<` or `&`, handed over as slices of the input.
  private mutating func text() throws(XMLStreamError) {
    var start = position
    var index = position
    let count = input.count
    scan: while index < count {
      let byte = input[index]
      switch byte {
      case Byte.lessThan, Byte.ampersand:
        break scan
      case Byte.closingBracket:
        if index + 2 < count, input[index + 1] == Byte.closingBracket,
          input[index + 2] == Byte.greaterThan
        {
          throw fault(.cdataEndInText, at: index)
        }
        index += 1
      case Byte.carriageReturn:
        emit(start, index)
        index += 1
        if index < count, input[index] == Byte.lineFeed {
          start = index
        } else {
          emitLineFeed(at: index - 1)
          start = index
        }
      default:
        try checkCharacter(byte, at: index)
        index += 1
      }
    }
    emit(start, index)
    position = index
  }

  /// Decodes the reference at `position` (an `&`) into `scratch`.
  private mutating func reference() throws(XMLStreamError) {
    let start = position
    if position + 1 < input.count, input[position + 1] == Byte.hash {
      var index = position + 2
      let hex = index < input.count && input[index] == UInt8(ascii: "x")
      if hex { index += 1 }
      let digitsStart = index
      var value: UInt32 = 0
      while index < input.count, let digit = Self.digit(input[index], hex: hex) {
        value = min(value * (hex ? 16 : 10) + digit, 0x110000)
        index += 1
      }
      guard index > digitsStart, index < input.count, input[index] == Byte.semicolon else {
        throw fault(.malformedCharacterReference, at: start)
      }
      guard Self.isCharacter(value), let scalar = Unicode.Scalar(value) else {
        throw fault(.disallowedCharacterReference(value), at: start)
      }
      UTF8.encode(scalar) { scratch.append($0) }
      position = index + 1
      return
    }
    let nameStart = position + 1
    let nameEnd = scanName(from: nameStart)
    guard nameEnd > nameStart, nameEnd < input.count, input[nameEnd] == Byte.semicolon else {
      throw fault(.malformedEntityReference, at: start)
    }
    let name = input[nameStart..<nameEnd]
    let byte: UInt8
    if name.elementsEqual("lt".utf8) {
      byte = Byte.lessThan
    } else if name.elementsEqual("gt".utf8) {
      byte = Byte.greaterThan
    } else if name.elementsEqual("amp".utf8) {
      byte = Byte.ampersand
    } else if name.elementsEqual("apos".utf8) {
      byte = Byte.apostrophe
    } else if name.elementsEqual("quot".utf8) {
      byte = Byte.quote
    } else {
      throw fault(.undeclaredEntity(string(nameStart, nameEnd)), at: nameEnd + 1)
    }
    scratch.append(byte)
    position = nameEnd + 1
  }

  /// The value of the attribute `name` at `position` (its opening quote), normalized as XML
  /// says for attributes without a declared type: references decoded, each tab, line feed,
  /// carriage return or CR LF pair as one space.
  private mutating func attributeValue(of name: String) throws(XMLStreamError) -> String {
    let quote = input[position]
    let opening = position
    position += 1
    scratch.removeAll(keepingCapacity: true)
    var start = position
    while true {
      guard position < input.count else {
        throw fault(.attributeValueNotClosed(name), at: opening)
      }
      let byte = input[position]
      switch byte {
      case quote:
        let value: String
        if scratch.isEmpty {
          value = string(start, position)
        } else {
          scratch.append(contentsOf: input[start..<position])
          value = String(decoding: scratch, as: UTF8.self)
        }
        position += 1
        return value
      case Byte.lessThan:
        throw fault(.lessThanInAttributeValue(name), at: position)
      case Byte.ampersand:
        scratch.append(contentsOf: input[start..<position])
        try reference()
        start = position
      case Byte.tab, Byte.lineFeed, Byte.carriageReturn:
        scratch.append(contentsOf: input[start..<position])
        scratch.append(Byte.space)
        position += 1
        if byte == Byte.carriageReturn, position < input.count, input[position] == Byte.lineFeed {
          position += 1
        }
        start = position
      default:
        try checkCharacter(byte, at: position)
        position += 1
      }
    }
  }

  // MARK: Comments, processing instructions, CDATA

  private mutating func comment() throws(XMLStreamError) {
    let start = position
    var index = position + 4
    let count = input.count
    while index < count {
      let byte = input[index]
      if byte == Byte.hyphen, index + 1 < count, input[index + 1] == Byte.hyphen {
        guard index + 2 < count else { break }
        guard input[index + 2] == Byte.greaterThan else {
          throw fault(.doubleHyphenInComment, at: index)
        }
        position = index + 3
        return
      }
      try checkCharacter(byte, at: index)
      index += 1
    }
    throw fault(.commentNotClosed, at: start)
  }

  private mutating func processingInstruction(atDocumentStart: Bool) throws(XMLStreamError) {
    let start = position
    let targetStart = position + 2
    let targetEnd = scanName(from: targetStart)
    guard targetEnd > targetStart else { throw fault(.badProcessingInstruction, at: targetStart) }
    let target = input[targetStart..<targetEnd]
    if target.count == 3, target.elementsEqual("xml".utf8, by: { $0 | 0x20 == $1 }),
      !atDocumentStart || !target.elementsEqual("xml".utf8)
    {
      throw fault(.misplacedXMLDeclaration, at: start)
    }
    var index = targetEnd
    let count = input.count
    if index < count, !Self.isSpace(input[index]), !starts(with: "?>", at: index) {
      throw fault(.badProcessingInstruction, at: index)
    }
    while index < count {
      let byte = input[index]
      if byte == Byte.question, index + 1 < count, input[index + 1] == Byte.greaterThan {
        position = index + 2
        return
      }
      try checkCharacter(byte, at: index)
      index += 1
    }
    throw fault(.processingInstructionNotClosed, at: start)
  }

  private mutating func cdata() throws(XMLStreamError) {
    let start = position
    var index = position + 9
    var pieceStart = index
    let count = input.count
    while index < count {
      let byte = input[index]
      if byte == Byte.closingBracket, index + 2 < count, input[index + 1] == Byte.closingBracket,
        input[index + 2] == Byte.greaterThan
      {
        emit(pieceStart, index)
        position = index + 3
        return
      }
      if byte == Byte.carriageReturn {
        emit(pieceStart, index)
        if index + 1 >= count || input[index + 1] != Byte.lineFeed { emitLineFeed(at: index) }
        pieceStart = index + 1
      } else {
        try checkCharacter(byte, at: index)
      }
      index += 1
    }
    throw fault(.cdataNotClosed, at: start)
  }

  // MARK: Characters and names

  /// Faults on a control character or U+FFFE, U+FFFF (the only characters outside XML's `Char`
  /// that valid UTF-8 can hold).
  @inline(__always)
  private func checkCharacter(_ byte: UInt8, at index: Int) throws(XMLStreamError) {
    if byte < 0x20, byte != Byte.tab, byte != Byte.lineFeed, byte != Byte.carriageReturn {
      throw fault(.invalidCharacter(UInt32(byte)), at: index)
    }
    if byte == 0xEF, index + 2 < input.count, input[index + 1] == 0xBF, input[index + 2] >= 0xBE {
      throw fault(.invalidCharacter(0xFFF0 + UInt32(input[index + 2] & 0x0F)), at: index)
    }
  }

  private static func isCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == Byte.space || byte == Byte.tab || byte == Byte.lineFeed || byte == Byte.carriageReturn
  }

  private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex:
      return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex:
      return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// Skips white space; true when there was some.
  @discardableResult
  private mutating func skipSpaces() -> Bool {
    let start = position
    while position < input.count, Self.isSpace(input[position]) { position += 1 }
    return position > start
  }

  private func starts(with prefix: StaticString, at index: Int? = nil) -> Bool {
    let start = index ?? position
    let count = prefix.utf8CodeUnitCount
    guard start + count <= input.count else { return false }
    return prefix.withUTF8Buffer { input[start..<start + count].elementsEqual($0) }
  }

  /// The end of the XML name starting at `start` (`start` itself when there is none).
  private func scanName(from start: Int) -> Int {
    var index = start
    while index < input.count {
      let byte = input[index]
      if byte < 0x80 {
        let flags = XMLNames.asciiFlags[Int(byte)]
        guard flags & (index == start ? XMLNames.nameStart : XMLNames.nameCharacter) != 0 else {
          break
        }
        index += 1
      } else {
        guard let (scalar, length) = decodeScalar(at: index),
          index == start ? XMLNames.isNameStart(scalar) : XMLNames.isNameCharacter(scalar)
        else { break }
        index += length
      }
    }
    return index
  }

  private func isNameStart(at index: Int) -> Bool {
    let byte = input[index]
    if byte < 0x80 { return XMLNames.asciiFlags[Int(byte)] & XMLNames.nameStart != 0 }
    guard let (scalar, _) = decodeScalar(at: index) else { return false }
    return XMLNames.isNameStart(scalar)
  }

  /// The code point of the multi-byte UTF-8 sequence at `index` and its length, or nil when the
  /// bytes are not UTF-8.
  private func decodeScalar(at index: Int) -> (UInt32, Int)? {
    let lead = input[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard index + length <= input.count else { return nil }
    for offset in 1..<length {
      let byte = input[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return nil
    }
    return (value, length)
  }

  // MARK: Helpers

  private func string(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
  }

  private func emit(_ start: Int, _ end: Int) {
    guard end > start else { return }
    delegate.characters(UnsafeBufferPointer(rebasing: input[start..<end]), at: start)
  }

  private func emitLineFeed(at offset: Int) {
    let delegate = self.delegate
    XMLNames.lineFeed.withUnsafeBufferPointer { delegate.characters($0, at: offset) }
  }

  private func fault(_ kind: XMLStreamError.Kind, at offset: Int) -> XMLStreamError {
    XMLStreamError(kind: kind, offset: offset)
  }
}

/// The bytes the parser looks for.
private enum Byte {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let exclamation = UInt8(ascii: "!")
  static let quote = UInt8(ascii: "\"")
  static let hash = UInt8(ascii: "#")
  static let ampersand = UInt8(ascii: "&")
  static let apostrophe = UInt8(ascii: "'")
  static let hyphen = UInt8(ascii: "-")
  static let slash = UInt8(ascii: "/")
  static let colon = UInt8(ascii: ":")
  static let semicolon = UInt8(ascii: ";")
  static let lessThan = UInt8(ascii: "<")
  static let equals = UInt8(ascii: "=")
  static let greaterThan = UInt8(ascii: ">")
  static let question = UInt8(ascii: "?")
  static let closingBracket = UInt8(ascii: "]")
}

/// XML's name characters, namespaces and limits.
enum XMLNames {
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
  static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"
  /// Deepest nesting of elements the parser accepts. The TTML reader reads only 256 levels as
  /// elements, but deeper ones must still parse (as its text).
  static let maximumDepth = 1_000_000
  static let lineFeed: [UInt8] = [0x0A]

  static let nameStart: UInt8 = 1
  static let nameCharacter: UInt8 = 2
  /// For each ASCII byte: `nameStart`, `nameCharacter`, both or neither.
  static let asciiFlags: [UInt8] = (0..<128).map { byte -> UInt8 in
    switch UInt8(byte) {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "_"), UInt8(ascii: ":"):
      return nameStart | nameCharacter
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
      return nameCharacter
    default: return 0
    }
  }

  /// XML 1.0 (fifth edition) `NameStartChar` above ASCII.
  static func isNameStart(_ value: UInt32) -> Bool {
    switch value {
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
      0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
      0x10000...0xEFFFF:
      return true
    default: return false
    }
  }

  /// XML 1.0 (fifth edition) `NameChar` above ASCII.
  static func isNameCharacter(_ value: UInt32) -> Bool {
    isNameStart(value) || value == 0xB7 || (0x300...0x36F).contains(value)
      || (0x203F...0x2040).contains(value)
  }
}
