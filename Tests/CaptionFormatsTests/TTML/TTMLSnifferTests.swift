import CaptionFormats
import Testing

/// Which first bytes `TTMLSniffer` takes for TTML.
@Suite struct TTMLSnifferTests {
  private func sniff(_ text: String) -> Bool { TTMLSniffer.looksLikeTTML(Array(text.utf8)) }

  @Test func takesADocumentWhoseFirstElementIsTT() {
    #expect(sniff("<tt xmlns=\"http://www.w3.org/ns/ttml\"><body/></tt>"))
    #expect(sniff("<?xml version=\"1.0\"?>\n<tt>"))
    #expect(sniff("\u{FEFF}<?xml version=\"1.0\"?><!-- a <tt> --><?pi x?>\n<tt:tt xmlns:tt=\"x\">"))
    #expect(sniff("<!DOCTYPE tt>\n<tt\n xml:lang=\"en\">"))
  }

  @Test func takesUTF16ThroughItsASCIIBytes() {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "<?xml version=\"1.0\" encoding=\"UTF-16\"?><tt/>".utf16 {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    #expect(TTMLSniffer.looksLikeTTML(bytes))
  }

  @Test func refusesOtherXMLAndText() {
    #expect(!sniff("<?xml version=\"1.0\"?>\n<CompositionPlaylist xmlns=\"x\"><tt/>"))
    #expect(!sniff("<ttml>"))
    #expect(!sniff("<movie><title>tt</title></movie>"))
    #expect(!sniff(""))
    #expect(!sniff("WEBVTT\n\n00:01.000 --> 00:02.000\n<tt>"))
    #expect(!sniff("<?xml version=\"1.0\"?><!-- never closed"))
  }
}
