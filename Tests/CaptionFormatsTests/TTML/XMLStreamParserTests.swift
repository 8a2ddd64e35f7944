import CaptionCore
import Testing

@testable import CaptionFormats

/// The in-house XML parser the TTML reader uses: its events with their positions, namespaces,
/// references, and a message and position for each well-formedness fault.
@Suite(.timeLimit(.minutes(hangGuardMinutes))) struct XMLStreamParserTests {
  /// Writes each event as a line, with positions as line:column; text pieces in a row are
  /// joined.
  final class Recorder: XMLStreamDelegate {
    let map: TTMLSourceMap
    var events: [String] = []
    private var text: [UInt8] = []
    private var textOffset = 0

    init(_ bytes: [UInt8]) { map = TTMLSourceMap(bytes: bytes) }

    func place(_ offset: Int) -> String {
      let location = map.location(ofByte: offset)
      return "\(location.line):\(location.column)"
    }

    func flush() {
      guard !text.isEmpty else { return }
      events.append(
        "text \(String(decoding: text, as: UTF8.self).debugDescription) @\(place(textOffset))")
      text = []
    }

    func startMapping(prefix: String, namespace: String) {
      flush()
      events.append("map \(prefix)=\(namespace)")
    }

    func endMapping(prefix: String) {
      flush()
      events.append("unmap \(prefix)")
    }

    func startElement(_ tag: XMLStartTag) {
      flush()
      var line = "<\(tag.qualifiedName)> \(tag.localName){\(tag.namespace)} @\(place(tag.offset))"
      line += "-\(place(tag.endOffset))"
      for attribute in tag.attributes {
        line += " \(attribute.qualifiedName)=\(attribute.value.debugDescription)"
        line += " \(attribute.localName){\(attribute.namespace)}@\(place(attribute.offset))"
      }
      events.append(line)
    }

    func endElement(_ tag: XMLEndTag) {
      flush()
      events.append(
        "</\(tag.qualifiedName)> \(tag.localName){\(tag.namespace)} @\(place(tag.offset))")
    }

    func characters(_ piece: UnsafeBufferPointer<UInt8>, at offset: Int) {
      if text.isEmpty { textOffset = offset }
      text.append(contentsOf: piece)
    }

    func fault(_ error: XMLStreamError) {
      flush()
      events.append("fault \(place(error.offset)): \(error.message)")
    }
  }

  private func events(_ xml: String, maximumDepth: Int = XMLNames.maximumDepth) -> [String] {
    let bytes = Array(xml.utf8)
    let recorder = Recorder(bytes)
    bytes.withUnsafeBufferPointer {
      _ = XMLStreamParser.parse($0, delegate: recorder, maximumDepth: maximumDepth)
    }
    recorder.flush()
    return recorder.events
  }

  /// The fault of `xml` as `line:column: message`, or nil when it is well-formed.
  private func fault(_ xml: String) -> String? {
    events(xml).last.flatMap { $0.hasPrefix("fault ") ? String($0.dropFirst(6)) : nil }
  }

  @Test func reportsEventsWithTheirPositions() {
    let xml = """
      <?xml version="1.0"?>
      <!-- a comment -->
      <a x="1" y = 'two'>
        <b/>té<?target data?>xt
      </a>
      <!-- after -->

      """
    #expect(
      events(xml) == [
        #"<a> a{} @3:1-3:20 x="1" x{}@3:4 y="two" y{}@3:10"#,
        #"text "\n  " @3:20"#,
        "<b> b{} @4:3-4:7",
        "</b> b{} @4:3",
        // The processing instruction is skipped: the text around it comes as one.
        #"text "téxt\n" @4:7"#,
        "</a> a{} @5:1",
      ])
  }

  @Test func resolvesNamespacesAndReportsTheirScopes() {
    let xml = """
      <tt xmlns="urn:tt" xmlns:tts="urn:s" xml:lang="en"><p tts:color="red" xml:space="preserve">\
      <x:y xmlns:x="urn:x" xmlns="" a="1" x:b="2"/><z/></p></tt>
      """
    #expect(
      events(xml) == [
        "map =urn:tt",
        "map tts=urn:s",
        #"<tt> tt{urn:tt} @1:1-1:52 xml:lang="en" lang{http://www.w3.org/XML/1998/namespace}@1:38"#,
        #"<p> p{urn:tt} @1:52-1:92 tts:color="red" color{urn:s}@1:55"#
          + #" xml:space="preserve" space{http://www.w3.org/XML/1998/namespace}@1:71"#,
        "map x=urn:x",
        "map =",
        #"<x:y> y{urn:x} @1:92-1:137 a="1" a{}@1:122 x:b="2" b{urn:x}@1:128"#,
        "</x:y> y{urn:x} @1:92",
        "unmap ",
        "unmap x",
        "<z> z{urn:tt} @1:137-1:141",
        "</z> z{urn:tt} @1:137",
        "</p> p{urn:tt} @1:141",
        "</tt> tt{urn:tt} @1:145",
        "unmap tts",
        "unmap ",
      ])
  }

  @Test func decodesReferencesAndLineEnds() {
    #expect(
      events("<a>&lt;&gt;&amp;&apos;&quot; &#65;&#x42;&#x1f600;&#13; é</a>") == [
        "<a> a{} @1:1-1:4",
        #"text "<>&\'\" AB😀\r é" @1:4"#,
        "</a> a{} @1:58",
      ])
    // Line ends in text become line feeds; in attribute values, each white space character (a
    // CR LF pair as one) becomes a space, while references are kept as written.
    #expect(
      events("<a v=\"a&#10;b\tc\r\nd\re\">x\r\ny\rz</a>") == [
        #"<a> a{} @1:1-2:6 v="a\nb c d e" v{}@1:4"#,
        #"text "x\ny\nz" @2:6"#,
        "</a> a{} @3:4",
      ])
  }

  @Test func readsCDATASectionsAsText() {
    #expect(
      events("<a>1<![CDATA[<b>&amp;]]]]>2<![CDATA[]]></a>") == [
        "<a> a{} @1:1-1:4",
        #"text "1<b>&amp;]]2" @1:4"#,
        "</a> a{} @1:40",
      ])
  }

  @Test func skipsCommentsAndProcessingInstructions() {
    let xml = "\u{FEFF}<?xml version=\"1.0\"?><?a?><!----><r><!-- <x> --><?b <y>?></r><?c?>"
    #expect(events(xml) == ["<r> r{} @1:37-1:40", "</r> r{} @1:61"])
  }

  @Test(arguments: [
    // Structure.
    ("", "1:1: the document has no root element"),
    ("<?xml version=\"1.0\"?>\n<!-- only -->\n", "3:1: the document has no root element"),
    ("text<a/>", "1:1: text before the root element"),
    ("<a/>\n<b/>", "2:1: content after the end of the root element"),
    ("<a/>x", "1:5: content after the end of the root element"),
    ("<a><b>", "1:7: the document ends before <b> is closed"),
    ("<a><b></a>", "1:11: closing tag </a> does not match the open <b>"),
    ("<a></a >x", "1:9: content after the end of the root element"),
    ("<a></a x>", "1:8: closing tag </a> is not closed with >"),
    ("<a></>", "1:4: a name is expected here (write < as &lt;)"),
    ("<a>1 < 2</a>", "1:6: a name is expected here (write < as &lt;)"),
    ("<1a/>", "1:1: a name is expected here (write < as &lt;)"),
    ("<a:b:c/>", "1:2: 'a:b:c' is not a name with at most one prefix (prefix:name)"),
    ("<a:/>", "1:2: 'a:' is not a name with at most one prefix (prefix:name)"),
    (
      "<a><!DOCTYPE a></a>",
      "1:4: a <! declaration is not allowed here (only comments and CDATA sections)"
    ),
    (
      "<!ELEMENT a ANY><a/>",
      "1:1: a <! declaration is not allowed here (only comments and CDATA sections)"
    ),
    // Tags and attributes.
    ("<a", "1:1: tag <a> is not closed with >"),
    ("<a b=\"1\"", "1:1: tag <a> is not closed with >"),
    ("<a/ >", "1:3: tag <a> is not closed with >"),
    ("<a <b/>", "1:4: tag <a> is not closed with >"),
    ("<a =\"1\"/>", "1:4: an attribute name or the end of the tag is expected in <a>"),
    ("<a b=\"1\"c=\"2\"/>", "1:9: attributes of <a> are not separated by a space"),
    ("<a b/>", "1:5: attribute b has no value"),
    ("<a b=1/>", "1:6: the value of attribute b is not quoted"),
    ("<a b=\"1/>", "1:6: the value of attribute b is not closed"),
    ("<a b=\"1<2\"/>", "1:8: a < in the value of attribute b (write it as &lt;)"),
    ("<a b=\"1\" b='2'/>", "1:10: attribute b is given twice"),
    (
      "<a xmlns:p=\"urn:x\" xmlns:q=\"urn:x\" p:b=\"1\" q:b=\"2\"/>",
      "1:44: attributes p:b and q:b have the same name and namespace"
    ),
    // References.
    ("<a>&nbsp;</a>", "1:10: entity &nbsp; is not declared (write & as &amp;)"),
    ("<a b=\"&x;\"/>", "1:10: entity &x; is not declared (write & as &amp;)"),
    ("<a>AT&T</a>", "1:6: an entity reference is not a name ended by ; (write & as &amp;)"),
    ("<a>& b</a>", "1:4: an entity reference is not a name ended by ; (write & as &amp;)"),
    ("<a>&#;</a>", "1:4: a character reference is not digits ended by ; (write & as &amp;)"),
    ("<a>&#x41</a>", "1:4: a character reference is not digits ended by ; (write & as &amp;)"),
    ("<a>&#0;</a>", "1:4: character reference to U+0000, which XML does not allow"),
    ("<a>&#xD800;</a>", "1:4: character reference to U+D800, which XML does not allow"),
    ("<a>&#xFFFE;</a>", "1:4: character reference to U+FFFE, which XML does not allow"),
    ("<a>&#99999999999999999999;</a>", "1:4: a character reference is over U+10FFFF"),
    // Namespaces.
    ("<p:a/>", "1:2: namespace prefix p is not declared"),
    ("<a p:b=\"1\"/>", "1:4: namespace prefix p is not declared"),
    ("<a xmlns:p=\"\"/>", "1:4: namespace prefix p is declared with an empty namespace"),
    ("<a xmlns:=\"urn:x\"/>", "1:4: 'xmlns:' is not a name with at most one prefix (prefix:name)"),
    (
      "<a xmlns:p:q=\"urn:x\"/>",
      "1:4: 'xmlns:p:q' is not a name with at most one prefix (prefix:name)"
    ),
    (
      "<a xmlns:xml=\"urn:x\"/>",
      "1:4: namespace prefix xml is declared with a reserved prefix or namespace"
    ),
    (
      "<a xmlns:xmlns=\"urn:x\"/>",
      "1:4: namespace prefix xmlns is declared with a reserved prefix or namespace"
    ),
    (
      "<a xmlns:p=\"http://www.w3.org/XML/1998/namespace\"/>",
      "1:4: namespace prefix p is declared with a reserved prefix or namespace"
    ),
    ("<a xmlns:p=\"urn:p\"/><p:b/>", "1:21: content after the end of the root element"),
    ("<a><b xmlns:p=\"urn:p\"/><p:c/></a>", "1:25: namespace prefix p is not declared"),
    // Comments, processing instructions, CDATA.
    ("<a><!-- x</a>", "1:4: a comment is not closed with -->"),
    ("<a><!-- a -- b --></a>", "1:11: a comment contains --"),
    ("<a><!-- a ---></a>", "1:11: a comment contains --"),
    ("<a><?pi x</a>", "1:4: a processing instruction is not closed with ?>"),
    ("<a><? x?></a>", "1:6: a processing instruction does not start with a name and a space"),
    ("<a><?pi!?></a>", "1:8: a processing instruction does not start with a name and a space"),
    (" <?xml version=\"1.0\"?><a/>", "1:2: an XML declaration not at the start of the document"),
    ("<a><?xml version=\"1.0\"?></a>", "1:4: an XML declaration not at the start of the document"),
    ("<a><![CDATA[x</a>", "1:4: a CDATA section is not closed with ]]>"),
    (
      "<![CDATA[x]]><a/>",
      "1:1: a <! declaration is not allowed here (only comments and CDATA sections)"
    ),
    ("<a>x]]>y</a>", "1:5: ]]> in text (write > as &gt;)"),
    // Characters.
    ("<a>\u{1}</a>", "1:4: character U+0001 is not allowed in XML"),
    ("<a b=\"\u{1B}\"/>", "1:7: character U+001B is not allowed in XML"),
    ("<a>\u{FFFF}</a>", "1:4: character U+FFFF is not allowed in XML"),
    ("<a><!-- \u{0} --></a>", "1:9: character U+0000 is not allowed in XML"),
  ])
  func reportsEachFaultWithItsPosition(_ xml: String, _ expected: String) {
    #expect(fault(xml) == expected, "\(xml.debugDescription)")
  }

  @Test func acceptsNamesBeyondASCII() {
    #expect(
      events("<été ñ=\"1\" xmlns:日本=\"urn:j\"><日本:語/></été>") == [
        "map 日本=urn:j",
        #"<été> été{} @1:1-1:36 ñ="1" ñ{}@1:8"#,
        "<日本:語> 語{urn:j} @1:36-1:49",
        "</日本:語> 語{urn:j} @1:36",
        "</été> été{} @1:49",
        "unmap 日本",
      ])
    #expect(fault("<a\u{B7}/>") == nil)
    #expect(fault("<\u{B7}a/>") == "1:1: a name is expected here (write < as &lt;)")
  }

  @Test func boundsTheNesting() {
    let nested = String(repeating: "<a>", count: 4) + String(repeating: "</a>", count: 4)
    #expect(events(nested, maximumDepth: 4).last == "</a> a{} @1:25")
    #expect(events(nested, maximumDepth: 3).last == "fault 1:10: elements nest more than 3 deep")
    // The default bound is far above what the TTML reader reads as elements.
    let depth = XMLNames.maximumDepth + 1
    let bytes = Array(
      (String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)).utf8)
    let counter = Counter()
    let error = bytes.withUnsafeBufferPointer { XMLStreamParser.parse($0, delegate: counter) }
    #expect(error == XMLStreamError(kind: .tooDeep(XMLNames.maximumDepth), offset: 3_000_000))
    #expect(counter.elements == XMLNames.maximumDepth)
  }

  /// Counts events without keeping them.
  final class Counter: XMLStreamDelegate {
    var elements = 0
    var ends = 0
    var attributes = 0
    var textBytes = 0
    var pieces = 0
    func startMapping(prefix: String, namespace: String) {}
    func endMapping(prefix: String) {}
    func startElement(_ tag: XMLStartTag) {
      elements += 1
      attributes += tag.attributes.count
    }
    func endElement(_ tag: XMLEndTag) { ends += 1 }
    func characters(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) {
      textBytes += text.count
      pieces += 1
    }
    func fault(_ error: XMLStreamError) {}
  }

  /// Inputs a quadratic step would not finish within the time limit: each is read whole.
  @Test func readsLargeInputsInLinearTime() {
    func parse(_ xml: String) -> (Counter, XMLStreamError?) {
      let counter = Counter()
      let bytes = Array(xml.utf8)
      let error = bytes.withUnsafeBufferPointer { XMLStreamParser.parse($0, delegate: counter) }
      return (counter, error)
    }
    // A 16 MiB text run, handed over as one slice of the input.
    let size = 16 << 20
    var (counter, error) = parse("<a>" + String(repeating: "x", count: size) + "</a>")
    #expect(error == nil)
    #expect(counter.textBytes == size)
    #expect(counter.pieces == 1)
    // 50,000 attributes in one tag, and one more repeating the first.
    let many = 50_000
    let attributes = (0..<many).map { " a\($0)=\"\($0)\"" }.joined()
    (counter, error) = parse("<a" + attributes + "/>")
    #expect(error == nil)
    #expect(counter.attributes == many)
    (counter, error) = parse("<a" + attributes + " a0=\"again\"/>")
    #expect(error?.kind == .duplicateAttribute("a0"))
    // 50,000 prefixed attributes, checked for the same namespace and local name.
    let prefixed = (0..<many).map { " p:a\($0)=\"\($0)\"" }.joined()
    (counter, error) = parse("<a xmlns:p=\"urn:p\"" + prefixed + "/>")
    #expect(error == nil)
    #expect(counter.attributes == many)
    // A 3 MiB attribute value full of references, and 100,000 elements.
    (counter, error) = parse(
      "<a v=\"" + String(repeating: "&amp;\t", count: 1 << 19) + "\">"
        + String(repeating: "<b>&#233;</b>", count: 100_000) + "</a>")
    #expect(error == nil)
    #expect(counter.elements == 100_001)
    #expect(counter.ends == 100_001)
    #expect(counter.textBytes == 200_000)
  }
}
