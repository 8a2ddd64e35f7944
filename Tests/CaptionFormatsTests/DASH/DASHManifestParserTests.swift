import CaptionCore
import Testing

@testable import CaptionFormats

/// DASH manifests read into their model: adaptation sets, descriptors, addresses, lines.
@Suite struct DASHManifestParserTests {
  static let manifest = """
    <?xml version="1.0" encoding="utf-8"?>
    <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1H2M3.5S">
      <Period id="0">
        <AdaptationSet id="1" contentType="text" mimeType="text/vtt" lang="en">
          <Role schemeIdUri="urn:mpeg:dash:role:2011" value="caption"/>
          <Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="2"/>
          <Representation id="t1"><BaseURL> subs/en.vtt </BaseURL></Representation>
        </AdaptationSet>
        <AdaptationSet id="2" contentType="audio">
          <SegmentTemplate initialization="init-$RepresentationID$.m4s" media="c-$Number$.m4s"/>
          <Representation id="a1" mimeType="audio/mp4"/>
        </AdaptationSet>
      </Period>
    </MPD>

    """

  @Test func readsSetsDescriptorsAndAddresses() throws {
    let result = DASHManifestParser.parse(Array(Self.manifest.utf8), path: "m.mpd")
    #expect(result.diagnostics == [])
    let manifest = try #require(result.manifest)
    #expect(manifest.type == "static")
    #expect(manifest.duration == MediaTime(milliseconds: 3_723_500))
    let sets = try #require(manifest.periods.first?.adaptationSets)
    #expect(sets.map(\.line) == [4, 9])
    #expect(sets[0].language == "en")
    #expect(sets[0].roles.map(\.value) == ["caption"])
    #expect(sets[0].accessibility.map(\.value) == ["2"])
    #expect(sets[0].representations.first?.baseURL == "subs/en.vtt")
    #expect(sets[1].representations.first?.initialization == "init-$RepresentationID$.m4s")
    #expect(sets[1].representations.first?.media == "c-$Number$.m4s")
    // Each set's bytes run from its start tag to the end of its end tag.
    let bytes = Array(Self.manifest.utf8)
    let text = String(decoding: bytes[sets[0].byteRange], as: UTF8.self)
    #expect(text.hasPrefix("<AdaptationSet id=\"1\"") && text.hasSuffix("</AdaptationSet>"))
  }

  @Test func notAManifestGivesNone() {
    for text in ["<MPD><Period></MPD>", "<tt/>", "not xml"] {
      let result = DASHManifestParser.parse(Array(text.utf8))
      #expect(result.manifest == nil, "\(text)")
      #expect(result.diagnostics.contains { $0.severity == .error })
    }
  }

  @Test func durationsAreXMLSchemaDurations() {
    #expect(DASHManifestParser.duration("PT20.0S") == MediaTime(milliseconds: 20_000))
    #expect(DASHManifestParser.duration("P1DT1M") == MediaTime(milliseconds: 86_460_000))
    for bad in ["20S", "PT", "PT1.5", "PTxS"] {
      #expect(DASHManifestParser.duration(bad) == nil, "\(bad)")
    }
  }
}
