import CaptionCore
import Testing

@testable import CaptionFormats

/// Documents built to make a reader crash, hang or use unbounded memory: each is read in
/// bounded time and gives findings, not a crash.
@Suite(.timeLimit(.minutes(hangGuardMinutes))) struct TTMLReaderHostileInputTests {
  @Test func boundsDeepNesting() {
    let depth = 100_000
    let text = TTMLTestSupport.document(
      "<p begin=\"1s\" end=\"2s\">" + String(repeating: "<span>", count: depth) + "deep"
        + String(repeating: "</span>", count: depth) + "</p>")
    let result = TTMLReader.read(text)
    #expect(result.track.cues.map(\.text.plainString) == ["deep"])
    #expect(
      result.diagnostics.map(\.summary) == [
        "4:1548: error: elements nest more than 256 deep; deeper ones are read as text"
      ])
  }

  @Test func refusesBillionLaughs() {
    var declarations = "<!ENTITY a0 \"laugh\">"
    for level in 1...9 {
      declarations +=
        "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
    }
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [\(declarations)]>
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body>
      <p begin="0s" end="1s">before</p>
      <p begin="1s" end="2s">&a9;</p>
      </body></tt>
      """
    let result = TTMLReader.read(text)
    // The declarations are never read, so nothing expands: the reference is an error.
    #expect(result.track.cues.map(\.text.plainString) == ["before", ""])
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:1: warning: the document type declaration is ignored; IMSC allows none",
        "5:28: error: malformed XML: entity &a9; is not declared (write & as &amp;)",
      ])
  }

  @Test func neverLoadsExternalEntities() {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body>
      <p begin="0s" end="1s">[&secret;]</p>
      </body></tt>
      """
    let result = TTMLReader.read(text)
    // Nothing is loaded; the parse stops at the reference, and its cue keeps the text before it.
    #expect(result.track.cues.map(\.text.plainString) == ["["])
    #expect(
      result.diagnostics.map(\.summary) == [
        "2:1: warning: the document type declaration is ignored; IMSC allows none",
        "4:33: error: malformed XML: entity &secret; is not declared (write & as &amp;)",
      ])
  }

  @Test func ignoresADocumentTypeWithoutEntities() {
    let text = """
      <?xml version="1.0"?>
      <!-- a comment -->
      <!DOCTYPE tt PUBLIC "-//W3C//DTD TT 1.0//EN" "tt.dtd">
      <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body>
      <p begin="0s" end="1s">kept</p>
      </body></tt>
      """
    let result = TTMLReader.read(text)
    #expect(result.track.cues.map(\.text.plainString) == ["kept"])
    #expect(
      result.diagnostics.map(\.summary) == [
        "3:1: warning: the document type declaration is ignored; IMSC allows none"
      ])
  }

  @Test func boundsAHugeTextNode() {
    let size = 10 * 1024 * 1024
    let text = TTMLTestSupport.document(
      "<p begin=\"0s\" end=\"1s\">first</p><p begin=\"1s\" end=\"2s\">"
        + String(repeating: "a", count: size) + "</p>")
    let result = TTMLReader.read(text)
    // Read whole, in linear time, the text node handed over as one slice of the input.
    #expect(result.diagnostics.isEmpty)
    #expect(result.track.cues.map { $0.text.plainString?.utf8.count } == [5, size])
  }

  @Test func readsATagWithManyAttributesInLinearTime() {
    let count = 50_000
    let attributes = (0..<count).map { " a\($0)=\"\"" }.joined()
    let text = TTMLTestSupport.document("<p begin=\"0s\" end=\"1s\"\(attributes)>x</p>")
    let result = TTMLReader.read(text)
    #expect(result.track.cues.map(\.text.plainString) == ["x"])
    // One remark for each attribute not read, each at its attribute.
    #expect(result.diagnostics.count == count)
    #expect(result.diagnostics.first?.summary == "4:30: remark: attribute a0 is not read")
    // a49999 follows 10 attributes of 6 bytes, 90 of 7, 900 of 8, 9,000 of 9, 39,999 of 10.
    #expect(result.diagnostics.last?.location?.column == 30 + 488_880)
  }

  @Test func survivesEveryPrefixOfADocument() {
    let text = TTMLTestSupport.document(
      "<div begin=\"1s\"><p begin=\"1s\" end=\"2s\" tts:fontStyle=\"italic\">a<br/>b</p></div>")
    let bytes = Array(text.utf8)
    for end in 0...bytes.count {
      let result = TTMLReader.read(DecodedText(utf8: Array(bytes[..<end])))
      if end < bytes.count - 8 {
        #expect(!result.diagnostics.isEmpty, "\(end)")
      }
    }
  }
}
