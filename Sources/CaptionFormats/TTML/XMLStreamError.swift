/// A fault that makes a document not well-formed XML (or not namespace-well-formed), with the
/// byte offset where `XMLStreamParser` found it. The parse stops at the first fault.
struct XMLStreamError: Error, Equatable {
  enum Kind: Equatable {
    case noRootElement
    case textBeforeRoot
    case contentAfterRoot
    /// The input ends with the element (its qualified name) still open.
    case elementNotClosed(String)
    case closingTagMismatch(found: String, open: String)
    case nameExpected
    case badQualifiedName(String)
    /// A start tag (its element's name) not ended by `>` or `/>`.
    case tagNotClosed(String)
    case closingTagNotClosed(String)
    case attributeNameExpected(element: String)
    case spaceBetweenAttributes(element: String)
    case attributeWithoutValue(String)
    case attributeValueNotQuoted(String)
    case attributeValueNotClosed(String)
    case lessThanInAttributeValue(String)
    case duplicateAttribute(String)
    /// Two attributes (as written) whose prefixes name the same namespace, with the same local
    /// name.
    case sameExpandedName(String, String)
    case undeclaredEntity(String)
    case malformedEntityReference
    case malformedCharacterReference
    /// A character reference to a code point XML does not allow (the code point; over
    /// 0x10FFFF as 0x110000).
    case disallowedCharacterReference(UInt32)
    case undeclaredPrefix(String)
    /// `xmlns:xmlns`, `xml` bound elsewhere, or another prefix bound to one of their namespaces.
    case reservedNamespace(prefix: String)
    case emptyNamespace(prefix: String)
    case commentNotClosed
    case doubleHyphenInComment
    case cdataNotClosed
    case processingInstructionNotClosed
    case badProcessingInstruction
    case misplacedXMLDeclaration
    case declarationNotAllowed
    case cdataEndInText
    /// A character XML does not allow (its code point).
    case invalidCharacter(UInt32)
    case tooDeep(Int)
  }

  var kind: Kind
  /// Where the fault was found: most at the character at fault; an undeclared entity just after
  /// its reference, and a closing tag that does not match just after that tag.
  var offset: Int

  /// A lowercase phrase describing the fault.
  var message: String {
    switch kind {
    case .noRootElement: return "the document has no root element"
    case .textBeforeRoot: return "text before the root element"
    case .contentAfterRoot: return "content after the end of the root element"
    case .elementNotClosed(let name): return "the document ends before <\(name)> is closed"
    case .closingTagMismatch(let found, let open):
      return "closing tag </\(found)> does not match the open <\(open)>"
    case .nameExpected: return "a name is expected here (write < as &lt;)"
    case .badQualifiedName(let name):
      return "'\(name)' is not a name with at most one prefix (prefix:name)"
    case .tagNotClosed(let name): return "tag <\(name)> is not closed with >"
    case .closingTagNotClosed(let name): return "closing tag </\(name)> is not closed with >"
    case .attributeNameExpected(let element):
      return "an attribute name or the end of the tag is expected in <\(element)>"
    case .spaceBetweenAttributes(let element):
      return "attributes of <\(element)> are not separated by a space"
    case .attributeWithoutValue(let name): return "attribute \(name) has no value"
    case .attributeValueNotQuoted(let name): return "the value of attribute \(name) is not quoted"
    case .attributeValueNotClosed(let name):
      return "the value of attribute \(name) is not closed"
    case .lessThanInAttributeValue(let name):
      return "a < in the value of attribute \(name) (write it as &lt;)"
    case .duplicateAttribute(let name): return "attribute \(name) is given twice"
    case .sameExpandedName(let first, let second):
      return "attributes \(first) and \(second) have the same name and namespace"
    case .undeclaredEntity(let name): return "entity &\(name); is not declared (write & as &amp;)"
    case .malformedEntityReference:
      return "an entity reference is not a name ended by ; (write & as &amp;)"
    case .malformedCharacterReference:
      return "a character reference is not digits ended by ; (write & as &amp;)"
    case .disallowedCharacterReference(let value):
      return value > 0x10FFFF
        ? "a character reference is over U+10FFFF"
        : "character reference to \(Self.codePoint(value)), which XML does not allow"
    case .undeclaredPrefix(let prefix): return "namespace prefix \(prefix) is not declared"
    case .reservedNamespace(let prefix):
      return "namespace prefix \(prefix) is declared with a reserved prefix or namespace"
    case .emptyNamespace(let prefix):
      return "namespace prefix \(prefix) is declared with an empty namespace"
    case .commentNotClosed: return "a comment is not closed with -->"
    case .doubleHyphenInComment: return "a comment contains --"
    case .cdataNotClosed: return "a CDATA section is not closed with ]]>"
    case .processingInstructionNotClosed: return "a processing instruction is not closed with ?>"
    case .badProcessingInstruction:
      return "a processing instruction does not start with a name and a space"
    case .misplacedXMLDeclaration: return "an XML declaration not at the start of the document"
    case .declarationNotAllowed:
      return "a <! declaration is not allowed here (only comments and CDATA sections)"
    case .cdataEndInText: return "]]> in text (write > as &gt;)"
    case .invalidCharacter(let value):
      return "character \(Self.codePoint(value)) is not allowed in XML"
    case .tooDeep(let limit): return "elements nest more than \(limit) deep"
    }
  }

  /// `U+0001`: at least four hexadecimal digits.
  private static func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
