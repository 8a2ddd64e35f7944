import CaptionFormats
import Testing

struct LineScannerTests {
  private func lines(_ text: String, lineFeedsOnly: Bool = false) -> [TextLine] {
    var scanner = LineScanner(Array(text.utf8))
    scanner.lineFeedsOnly = lineFeedsOnly
    return Array(scanner)
  }

  @Test func splitsAtEveryTerminator() {
    let found = lines("a\r\nbc\rd\n\ne")
    #expect(found.map(\.range) == [0..<1, 3..<5, 6..<7, 8..<8, 9..<10])
    #expect(found.map(\.terminator) == [.crlf, .cr, .lf, .lf, .none])
    #expect(found.map(\.number) == [1, 2, 3, 4, 5])
  }

  @Test func readsLinesEndedByLineFeedsAloneTheSameWayWhenToldSo() {
    let found = lines("a\n\nwords\n", lineFeedsOnly: true)
    #expect(found.map(\.range) == [0..<1, 2..<2, 3..<8])
    #expect(found.map(\.terminator) == [.lf, .lf, .lf])
  }

  /// Without carriage returns, the lines found with `memchr` are those found byte by byte,
  /// on random mixes of short and long lines, empty ones, non-ASCII text and NUL bytes.
  @Test func findsTheSameLinesEitherWayWithoutCarriageReturns() {
    let pieces = [
      "a", "words and more words", "\n", "\n\n", "한국어 자막", " ", String(repeating: "x", count: 41),
      "\u{0}", "-->",
    ]
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<next(40) { text += pieces[next(pieces.count)] }
      let general = lines(text)
      #expect(lines(text, lineFeedsOnly: true) == general, "\(text.debugDescription)")
      #expect(general.last.map { $0.range.upperBound <= text.utf8.count } ?? text.isEmpty)
    }
  }
}
