import CaptionCore
import CaptionTestSupport
import Testing

@Suite("CEA708Decoder")
struct CEA708DecoderTests {
  /// Decodes blocks given as (milliseconds, bytes) and ends at `end` milliseconds.
  private func decode(_ blocks: [(Int, [UInt8])], end: Int? = nil) -> CEA708ServiceCaptions {
    var decoder = CEA708Decoder(service: 1)
    for (time, bytes) in blocks {
      decoder.decode(bytes, at: MediaTime(value: Int64(time), timescale: 1000))
    }
    return decoder.finish(at: end.map { MediaTime(value: Int64($0), timescale: 1000) })
  }

  private func cues(_ captions: CEA708ServiceCaptions) -> [String] {
    captions.cues.map { "\($0.start.milliseconds)-\($0.end.milliseconds) \($0.rawText)" }
  }

  @Test func popOnWindowsSwappedShowEachCaptionUntilTheNext() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, rows: 2)
    writer.text("Hello there,\nfriend.")
    writer.display([0])
    let first = writer.take()
    writer.defineWindow(1, rows: 1)
    writer.text("Good night.")
    let loaded = writer.take()
    writer.toggle([0, 1])
    let swap = writer.take()
    writer.clear([1])
    writer.hide([1])
    let erase = writer.take()
    let captions = decode([(1000, first), (1500, loaded), (3000, swap), (4200, erase)])
    #expect(cues(captions) == ["1000-3000 Hello there,\nfriend.", "3000-4200 Good night."])
    #expect(captions.findings.isEmpty)
  }

  @Test func rollUpRowsEachBecomeOneCueWithoutRepeats() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, visible: true, rows: 2, windowStyle: 4)
    writer.text("FIRST LINE")
    let one = writer.take()
    writer.carriageReturn()
    writer.text("SECOND")
    let two = writer.take()
    writer.carriageReturn()
    let roll = writer.take()
    writer.text("THIRD")
    let three = writer.take()
    writer.clear([0])
    let clear = writer.take()
    let captions = decode([
      (0, one), (2000, two), (4000, roll), (4500, three), (6000, clear),
    ])
    #expect(
      cues(captions) == [
        "0-2000 FIRST LINE", "2000-4000 SECOND", "4500-6000 THIRD",
      ])
  }

  @Test func paintOnTextGrowsOneCue() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, visible: true)
    writer.text("Wait")
    let first = writer.take()
    writer.text(" for it")
    let second = writer.take()
    writer.formFeed()
    let erase = writer.take()
    let captions = decode([(100, first), (600, second), (2000, erase)])
    #expect(cues(captions) == ["100-2000 Wait for it"])
  }

  @Test func stylesCharactersAndPlacement() {
    var writer = DTVCCWriter()
    writer.defineWindow(
      2, visible: false, rows: 1, columns: 40, relative: true, anchorVertical: 10,
      anchorHorizontal: 50, anchorPoint: 1, windowStyle: 3)
    writer.penAttributes(italic: true)
    writer.text("\u{266A} Caf\u{00E9} ")
    writer.penAttributes()
    writer.text("\u{201C}hi\u{201D}\u{2026}")
    writer.display([2])
    writer.hide([2])
    writer.display([2])
    let captions = decode([(0, writer.take())], end: 1000)
    #expect(cues(captions) == ["0-1000 <i>\u{266A} Caf\u{00E9}</i> \u{201C}hi\u{201D}\u{2026}"])
    let settings = captions.cues.first?.settings
    #expect(settings?.line == 18)
    #expect(settings?.position == 50)
    #expect(settings?.lineAlign == .start)
    #expect(settings?.positionAlign == .center)
    #expect(settings?.align == .center)
  }

  @Test func absoluteAnchorsAreReadOnTheGridOfThePicture() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, visible: true, anchorVertical: 0, anchorHorizontal: 80, anchorPoint: 1)
    writer.text("Centred on 4:3")
    let bytes = writer.take()
    for (wide, position) in [(true, 40.48), (false, 50.0)] {
      var decoder = CEA708Decoder(service: 1, wide: wide)
      decoder.decode(bytes, at: .zero)
      let captions = decoder.finish(at: MediaTime(value: 1, timescale: 1))
      #expect(captions.cues.first?.settings.position == position)
      #expect(captions.cues.first?.settings.line == 10)
    }
  }

  @Test func delayHoldsCommandsUntilItEndsOrIsCancelled() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, rows: 1)
    writer.text("Later")
    writer.delay(tenths: 15)
    writer.display([0])
    let held = writer.take()
    writer.clear([0])
    let clear = writer.take()
    var captions = decode([(1000, held), (4000, clear)])
    #expect(cues(captions) == ["2500-4000 Later"])

    writer.defineWindow(0, rows: 1)
    writer.text("Now")
    writer.delay(tenths: 50)
    writer.display([0])
    let long = writer.take()
    writer.delayCancel()
    let cancel = writer.take()
    writer.hide([0])
    let hide = writer.take()
    captions = decode([(1000, long), (1200, cancel), (3000, hide)])
    #expect(cues(captions) == ["1200-3000 Now"])
  }

  @Test func commandSplitAcrossBlocksIsReadWhole() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, visible: true)
    writer.text("Split")
    let bytes = writer.take()
    let captions = decode([(0, Array(bytes[..<3])), (0, Array(bytes[3...]))], end: 900)
    #expect(cues(captions) == ["0-900 Split"])
    #expect(captions.findings.isEmpty)
  }

  @Test func lostTextIsReported() {
    var writer = DTVCCWriter()
    writer.text("orphan")
    writer.setWindow(3)
    writer.defineWindow(0, visible: true, columns: 4)
    writer.text("toolong")
    writer.raw([0x10, 0x50])
    writer.raw([0x93])
    let first = writer.take()
    writer.delete([0])
    writer.setWindow(0)
    writer.text("gone")
    let captions = decode([(500, first), (2000, writer.take())], end: 3000)
    #expect(cues(captions) == ["500-2000 tool"])
    #expect(
      captions.findings.map(\.message) == [
        "text comes before the service defines a window (the data may begin in the middle of "
          + "a caption); it is left out",
        "text is written past the last column of window 0 (4 columns); it is dropped",
        "G2 character 0x50 is not read; shown as _",
        "C1 code 0x93 is not a 708 command; ignored",
        "window 0 is chosen while it is not defined; the command is ignored",
        "text comes while no window is current; it is dropped",
      ])
    #expect(captions.findings.map(\.severity) == [.remark] + Array(repeating: .warning, count: 5))
    #expect(captions.findings.map(\.losesText) == [false, true, true, false, false, true])
  }

  @Test func backspaceAndHorizontalReturnRewriteTheRow() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, rows: 1)
    writer.text("Helo")
    writer.backspace()
    writer.text("lo")
    writer.horizontalCarriageReturn()
    writer.text("Hello")
    writer.display([0])
    let captions = decode([(0, writer.take())], end: 700)
    #expect(cues(captions) == ["0-700 Hello"])
  }

  @Test func captionShownAtTheEndEndsAtTheMediaEndOrTheLastBlock() {
    var writer = DTVCCWriter()
    writer.defineWindow(0, visible: true)
    writer.text("Still here")
    let shown = writer.take()
    writer.defineWindow(1)
    writer.text("Loaded, never shown")
    let hidden = writer.take()
    #expect(cues(decode([(200, shown), (900, hidden)], end: 5000)) == ["200-5000 Still here"])
    #expect(cues(decode([(200, shown), (900, hidden)])) == ["200-900 Still here"])
  }

  @Test func hostileBytesEndWithoutACrash() {
    var generator = SeededGenerator(seed: 708)
    var decoder = CEA708Decoder(service: 1)
    for block in 0..<400 {
      let bytes = (0..<Int.random(in: 1...31, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      decoder.decode(bytes, at: MediaTime(value: Int64(block * 33), timescale: 1000))
    }
    let captions = decoder.finish(at: MediaTime(value: 20, timescale: 1))
    for cue in captions.cues { #expect(cue.start < cue.end) }
    #expect(captions.findings.count <= 51)
  }
}
