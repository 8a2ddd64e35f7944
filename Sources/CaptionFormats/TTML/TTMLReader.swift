public import CaptionCore
import Foundation
import FoundationXML

/// Reads TTML (IMSC 1.1 Text and the TTML 1/DFXP documents around it) into a track, and
/// reports every problem as `parse.ttml`: malformed XML, time expressions it cannot read,
/// elements and attributes it does not keep.
///
/// Parsing uses `XMLParser` (libxml2): external entities are never loaded, entity expansion
/// and element nesting are bounded, and a malformed document still gives every cue read
/// before the fault.
public enum TTMLReader {
  /// The rule id of every finding.
  public static let rule = "parse.ttml"

  public static func read(_ text: DecodedText, path: String? = nil) -> ReadResult {
    let bytes = withoutDeclaredEncoding(text.utf8)
    let handler = TTMLDocumentHandler(bytes: bytes, file: path)
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = true
    parser.shouldResolveExternalEntities = false
    parser.delegate = handler
    let finished = parser.parse()
    handler.finish(parser: parser, finished: finished)
    var track = Track(
      format: .ttml, language: handler.language, path: path, encoding: text.encoding.rawValue)
    track.cues = handler.cues
    track.header = handler.header
    return ReadResult(track: track, diagnostics: text.diagnostics + handler.diagnostics)
  }

  public static func read(_ string: String, path: String? = nil) -> ReadResult {
    read(DecodedText(string), path: path)
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
