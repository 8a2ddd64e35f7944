import CaptionCore
import CaptionFormats
import Testing

/// ASS files through `CaptionFileReader`: found by extension or content, decoded as every
/// caption file is, and named as sidecars.
@Suite struct ASSFileTests {
  private let script =
    "[Script Info]\nScriptType: v4.00+\n\n[Events]\n"
    + "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
    + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,"

  @Test func readsByExtensionAndByContent() throws {
    for path in ["a.ass", "a.SSA", "a.txt", "-"] {
      let result = try CaptionFileReader().read(bytes: Array((script + "x\n").utf8), path: path)
      #expect(result.track.format == .ass, "\(path)")
      #expect(result.track.cues.map(\.rawText) == ["x"], "\(path)")
    }
    #expect(FormatRegistry.entry(forPath: "movie.en.ssa")?.format == .ass)
    #expect(FormatRegistry.entry(named: "ass")?.canRead == true)
  }

  @Test func refusesAnASSFileWithoutAScript() {
    #expect(
      throws: CaptionFileReader.Failure.notCaptionFile(path: "a.ass", reason: "no cues found")
    ) {
      try CaptionFileReader().read(bytes: Array("just words\n".utf8), path: "a.ass")
    }
  }

  @Test func decodesUTF16AndLegacyCodePages() throws {
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in (script + "héllo\n").utf16 {
      utf16.append(UInt8(unit & 0xFF))
      utf16.append(UInt8(unit >> 8))
    }
    let wide = try CaptionFileReader().read(bytes: utf16, path: "a.ass")
    #expect(wide.track.encoding == "UTF-16LE")
    #expect(wide.track.cues.map(\.rawText) == ["héllo"])

    // "천둥" in CP949: two Hangul syllables are little to go on; the language of the file name
    // settles the guess.
    let cp949 = Array(script.utf8) + [0xC3, 0xB5, 0xB5, 0xD5, 0x0A]
    let legacy = try CaptionFileReader().read(bytes: cp949, path: "movie.ko.ass")
    #expect(legacy.track.encoding == "CP949")
    #expect(legacy.track.language == LanguageTag("ko"))
    #expect(legacy.track.cues.map(\.rawText) == ["천둥"])
    #expect(
      legacy.diagnostics.map(\.summary) == [
        "6:54: warning: file is not UTF-8; decoded as CP949 (guessed from the content and "
          + "language ko, confidence 0.52)"
      ])
  }

  @Test func namesASSSidecars() throws {
    let name = try #require(SidecarName(fileName: "movie.en.sdh.ass", mediaFileName: "movie.mkv"))
    #expect(name.format == .ass)
    #expect(name.language == LanguageTag("en"))
    #expect(name.kind == .sdh)
    #expect(SidecarName(fileName: "movie.ja.ssa")?.format == .ass)
    #expect(
      SidecarName(baseName: "movie", language: LanguageTag("fr"), format: .ass).fileName
        == "movie.fr.ass")
  }
}
