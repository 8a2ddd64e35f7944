import CaptionCore

/// Reads TTML (IMSC 1.1 Text and the TTML 1/DFXP documents around it) into a track, and
/// reports every problem as `parse.ttml`: malformed XML, time expressions it cannot read,
/// elements and attributes it does not keep.
///
/// The XML is parsed in-house by `XMLStreamParser` (XML 1.0 with namespaces, in linear time,
/// no Foundation): no entity is declared, loaded or expanded, elements nest at most 1,000,000
/// deep (256 levels are read as elements, deeper ones as text), and the first well-formedness
/// fault stops the parse, every cue read before it (and the one it is in) being kept.
public enum TTMLReader {
  /// The rule id of every finding.
  public static let rule = "parse.ttml"

  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    var bytes = withoutDeclaredEncoding(text.utf8)
    let documentType = blankDocumentType(&bytes)
    let handler = TTMLDocumentHandler(bytes: bytes, file: path)
    if let documentType { handler.reportDocumentType(at: documentType) }
    bytes.withUnsafeBufferPointer { _ = XMLStreamParser.parse($0, delegate: handler) }
    handler.finish()
    var track = Track(
      format: .ttml, language: handler.language, path: path, encoding: text.encoding.rawValue)
    track.cues = handler.cues
    track.header = handler.header
    return ReadResult(track: track, diagnostics: text.diagnostics + handler.diagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
  }

  /// Blanks out a document type declaration (`<!DOCTYPE ...>`, with its internal subset) before
  /// the root element and returns its offset. IMSC allows none, and entity declarations are how
  /// hostile XML expands or loads text: with the declaration gone, no entity is ever expanded
  /// and each reference is an undeclared-entity error. Line breaks are kept so that positions
  /// stay in place.
  static func blankDocumentType(_ bytes: inout [UInt8]) -> Int? {
    let doctype = Array("<!DOCTYPE".utf8)
    var index = 0
    let count = bytes.count
    func skip(past terminator: [UInt8], from start: Int) -> Int {
      var position = start
      while position + terminator.count <= count {
        if bytes[position..<position + terminator.count].elementsEqual(terminator) {
          return position + terminator.count
        }
        position += 1
      }
      return count
    }
    while index < count {
      let byte = bytes[index]
      if byte != UInt8(ascii: "<") {
        index += 1
        continue
      }
      let next = index + 1 < count ? bytes[index + 1] : 0
      if next == UInt8(ascii: "?") {
        index = skip(past: Array("?>".utf8), from: index + 2)
      } else if bytes[index...].starts(with: "<!--".utf8) {
        index = skip(past: Array("-->".utf8), from: index + 4)
      } else if bytes[index...].starts(with: doctype) {
        let start = index
        var position = index + doctype.count
        var quote: UInt8 = 0
        var inSubset = false
        while position < count {
          let current = bytes[position]
          if quote != 0 {
            if current == quote { quote = 0 }
          } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
            quote = current
          } else if inSubset, bytes[position...].starts(with: "<!--".utf8) {
            position = skip(past: Array("-->".utf8), from: position + 4) - 1
          } else if current == UInt8(ascii: "[") {
            inSubset = true
          } else if current == UInt8(ascii: "]") {
            inSubset = false
          } else if current == UInt8(ascii: ">"), !inSubset {
            break
          }
          position += 1
        }
        let end = min(position + 1, count)
        for offset in start..<end where bytes[offset] != 0x0A { bytes[offset] = 0x20 }
        return start
      } else {
        return nil
      }
    }
    return nil
  }

  /// `bytes` with the `encoding` pseudo-attribute of the XML declaration blanked out: the text
  /// is already decoded to UTF-8, which the parser would otherwise decode again as declared.
  /// Spaces keep every position in place.
  static func withoutDeclaredEncoding(_ bytes: [UInt8]) -> [UInt8] {
    let declaration = Array("<?xml".utf8)
    guard bytes.starts(with: declaration) else { return bytes }
    let limit = min(bytes.count, 512)
    guard
      let close = (0..<max(limit - 1, 0)).first(where: {
        bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">")
      })
    else { return bytes }
    let name = Array("encoding".utf8)
    guard
      let start = (declaration.count..<max(close - name.count, declaration.count)).first(where: {
        bytes[$0..<$0 + name.count].elementsEqual(name)
      })
    else { return bytes }
    var end = start + name.count
    var quote: UInt8 = 0
    while end < close {
      let byte = bytes[end]
      end += 1
      if quote == 0, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if quote != 0, byte == quote {
        break
      }
    }
    var result = bytes
    for index in start..<end { result[index] = 0x20 }
    return result
  }
}
