import CaptionCore
import CaptionFormats
import Foundation

/// Helpers the TTML tests share.
enum TTMLTestSupport {
  static func sample(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: SRTTestSupport.root.appendingPathComponent("Samples/ttml/\(name)")))
  }

  /// A document with the usual namespaces around `body` (and `head` when given).
  static func document(
    _ body: String, head: String = "", attributes: String = "xml:lang=\"en\""
  ) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
    xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" \
    \(attributes)>
    <head>\(head)</head>
    <body>\(body)</body>
    </tt>

    """
  }
}
