/// Phrases for the error codes of the XML parser (libxml2's, which `XMLParser` passes on
/// without a message on Linux).
enum TTMLXMLError {
  /// A lowercase phrase describing the error `code`.
  static func phrase(_ code: Int) -> String {
    switch code {
    case 1: return "the XML parser stopped at one of its limits"
    case 2: return "out of memory while parsing XML"
    case 4: return "the document is empty"
    case 5: return "the document ends early: an element is not closed or text follows the root"
    case 6, 7, 8: return "a character reference is malformed"
    case 9: return "a character not allowed in XML"
    case 22, 23, 24, 25: return "an entity reference is malformed (write & as &amp;)"
    case 26, 27: return "an entity is used but not declared (write & as &amp;)"
    case 29: return "an external entity is used, which is never loaded"
    case 33, 34: return "an attribute value is not quoted or not closed"
    case 38: return "a < inside an attribute value (write it as &lt;)"
    case 39, 40: return "an attribute value is not quoted or not closed"
    case 41: return "an attribute has no value"
    case 42: return "an attribute is given twice"
    case 45: return "a comment is not closed"
    case 46, 47: return "a processing instruction is not closed"
    case 57: return "the XML declaration is not closed"
    case 61: return "the document type declaration is not closed"
    case 63: return "a CDATA section is not closed"
    case 64: return "an XML declaration not at the start of the document"
    case 65: return "a space is required here"
    case 68: return "a name is expected here (write < as &lt;)"
    case 73: return "a tag is not closed with >"
    case 74: return "a closing tag is expected"
    case 76: return "a closing tag does not match the open element"
    case 77: return "a tag is not finished"
    case 80: return "a comment contains --"
    case 85: return "the elements are not well balanced"
    case 86: return "content after the end of the root element"
    case 89: return "entity references loop or expand too much"
    case 201, 202, 203: return "a namespace prefix is not declared"
    default: return "the XML is not well-formed (parser error \(code))"
    }
  }
}
