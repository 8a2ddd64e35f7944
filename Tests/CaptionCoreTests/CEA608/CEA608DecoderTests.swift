import CaptionCore
import Testing

@Suite("CEA608Decoder")
struct CEA608DecoderTests {
  private func cues(_ captions: CEA608Captions, _ channel: CEA608Channel = .cc1) -> [String] {
    captions[channel].cues.map(describe)
  }

  @Test func popOnCaptionShowsFromEndOfCaptionToErase() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15, indent: 4)
    script.midRow(7)
    script.text("Hello")
    script.at(30)
    script.eoc()
    script.at(90)
    script.edm()
    let captions = script.decode()
    #expect(cues(captions) == ["30-90 line:84.67 position:22.5 <i>Hello</i>"])
    #expect(captions[.cc1].modes == [.popOn])
    #expect(captions.findings.isEmpty)
    #expect(captions.channelsWithCues == [.cc1])
  }

  @Test func nextEndOfCaptionReplacesTheShownCaption() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 14)
    script.text("Top")
    script.pac(row: 15, indent: 8)
    script.text("Bottom")
    script.at(30)
    script.eoc()
    script.enm()
    script.rcl()
    script.pac(row: 1, indent: 28)
    script.text("Next")
    script.at(60)
    script.eoc()
    script.at(120)
    script.edm()
    #expect(
      cues(script.decode()) == [
        "30-60 line:79.33 position:10 Top\nBottom",
        "60-120 line:10 position:80 Next",
      ])
  }

  @Test func eraseNonDisplayedMemoryDropsWhatWasLoaded() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("Junk")
    script.enm()
    script.pac(row: 15)
    script.text("Good")
    script.at(30)
    script.eoc()
    script.at(60)
    script.edm()
    #expect(cues(script.decode()) == ["30-60 line:84.67 position:10 Good"])
  }

  @Test func rollUpMakesACuePerRow() {
    var script = PairScript()
    script.ru(2)
    script.cr()
    script.pac(row: 15)
    script.text("One")
    script.at(30)
    script.cr()
    script.text("Two")
    script.at(60)
    script.cr()
    script.text("Three")
    script.at(90)
    script.edm()
    let captions = script.decode()
    #expect(
      cues(captions) == [
        "2-30 line:84.67 position:10 One",
        "30-60 line:84.67 position:10 Two",
        "60-90 line:84.67 position:10 Three",
      ])
    #expect(captions[.cc1].modes == [.rollUp])
    #expect(
      captions[.cc1].rollUpDepths == [.init(depth: 2, time: PairScript.time(0))])
  }

  @Test func rollUpDepthsAndBaseRowAreKept() {
    var script = PairScript()
    script.ru(3)
    script.pac(row: 12, indent: 4)
    script.text("Base")
    script.at(100)
    script.ru(4)
    script.cr()
    script.text("Up")
    script.at(200)
    script.ru(4)
    script.at(210)
    script.edm()
    let captions = script.decode()
    #expect(
      cues(captions) == [
        "0-102 line:68.67 position:20 Base",
        "102-210 line:68.67 position:10 Up",
      ])
    #expect(
      captions[.cc1].rollUpDepths == [
        .init(depth: 3, time: PairScript.time(0)), .init(depth: 4, time: PairScript.time(100)),
      ])
  }

  @Test func paintOnCaptionEndsWhenTextIsErased() {
    var script = PairScript()
    script.rdc()
    script.pac(row: 1, indent: 8)
    script.text("Hi")
    script.at(30)
    script.text(" there")
    script.at(60)
    script.bs()
    script.at(90)
    script.edm()
    let captions = script.decode()
    #expect(
      cues(captions) == [
        "4-60 line:10 position:30 Hi there",
        "60-90 line:10 position:30 Hi ther",
      ])
    #expect(captions[.cc1].modes == [.paintOn])
  }

  @Test func midRowCodesSetColourAndPlainWhiteEndsIt() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("A")
    script.midRow(5)
    script.text("B")
    script.midRow(0)
    script.text("C")
    script.midRow(7, underline: true)
    script.text("D")
    script.midRow(0)
    script.text("E")
    script.at(30)
    script.eoc()
    script.at(60)
    script.edm()
    #expect(
      cues(script.decode()) == [
        "30-60 line:84.67 position:10 A <c.yellow>B</c> C <i><u>D</u></i> E"
      ])
  }

  @Test func stylePreambleCodesColourAndItalicise() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 14, style: 7)
    script.text("Sung")
    script.pac(row: 15, style: 1, underline: true)
    script.text("Green")
    script.at(30)
    script.eoc()
    script.at(60)
    script.edm()
    #expect(
      cues(script.decode()) == [
        "30-60 line:79.33 position:10 <i>Sung</i>\n<c.green><u>Green</u></c>"
      ])
  }

  @Test func specialAndExtendedCharacters() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.special(0x37)
    script.text(" CAFE")
    script.extended(0x12, 0x21)
    script.text(" o")
    script.extended(0x13, 0x33)
    script.text(" ")
    script.special(0x32)
    script.bytes(0x2A, 0x5C)
    script.bytes(0x5E, 0x5F)
    script.bytes(0x60, 0x7B)
    script.bytes(0x7C, 0x7D)
    script.bytes(0x7E, 0x7F)
    script.at(60)
    script.eoc()
    script.at(90)
    script.edm()
    #expect(cues(script.decode()) == ["60-90 line:84.67 position:10 ♪ CAFÉ ö ½áéíóúç÷Ññ█"])
  }

  @Test func tabOffsetsAndTransparentSpacesMoveTheCursor() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15, indent: 4)
    script.tab(2)
    script.text("X")
    script.special(0x39)
    script.text("Y")
    script.at(30)
    script.eoc()
    script.at(60)
    script.edm()
    #expect(cues(script.decode()) == ["30-60 line:84.67 position:25 X Y"])
  }

  @Test func backspaceAndDeleteToEndOfRow() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("ABCD")
    script.bs()
    script.pac(row: 14)
    script.text("WXYZ")
    script.pac(row: 14)
    script.text("Q")
    script.der()
    script.at(60)
    script.eoc()
    script.at(90)
    script.edm()
    #expect(cues(script.decode()) == ["60-90 line:79.33 position:10 Q\nABC"])
  }

  @Test func secondOfADoubledCodeIsIgnoredButAThirdIsNot() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("ABCDE")
    script.bs()
    script.doubled = false
    script.bs()
    script.bs()
    script.bs()
    script.doubled = true
    script.at(60)
    script.eoc()
    script.at(90)
    script.edm()
    #expect(cues(script.decode()) == ["60-90 line:84.67 position:10 AB"])
  }

  @Test func secondChannelOfFieldOneIsCC2() {
    var script = PairScript(.cc2)
    script.rcl()
    script.pac(row: 15)
    script.text("Second")
    script.at(30)
    script.eoc()
    script.at(60)
    script.edm()
    let captions = script.decode()
    #expect(cues(captions, .cc2) == ["30-60 line:84.67 position:10 Second"])
    #expect(captions[.cc1].cues.isEmpty)
    #expect(captions.channelsWithCues == [.cc2])
  }

  @Test func dataFollowsTheChannelOfTheLastControlCode() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("one")
    script.dataChannel = 2
    script.rcl()
    script.pac(row: 14)
    script.text("two")
    script.dataChannel = 1
    script.at(30)
    script.eoc()
    script.dataChannel = 2
    script.at(40)
    script.eoc()
    script.dataChannel = 1
    script.at(60)
    script.edm()
    script.dataChannel = 2
    script.at(70)
    script.edm()
    let captions = script.decode()
    #expect(cues(captions) == ["30-60 line:84.67 position:10 one"])
    #expect(cues(captions, .cc2) == ["40-70 line:79.33 position:10 two"])
  }

  @Test func fieldTwoCarriesCC3AndCC4() {
    var first = PairScript(.cc1)
    first.rcl()
    first.pac(row: 15)
    first.text("field one")
    first.at(30)
    first.eoc()
    first.at(60)
    first.edm()
    var third = PairScript(.cc3)
    third.rcl()
    third.pac(row: 15)
    third.text("tres")
    third.dataChannel = 2
    third.rcl()
    third.pac(row: 14)
    third.text("cuatro")
    third.at(40)
    third.eoc()
    third.dataChannel = 1
    third.at(45)
    third.eoc()
    third.at(80)
    third.edm()
    third.dataChannel = 2
    third.edm()
    var decoder = CEA608Decoder()
    for pair in (first.pairs + third.pairs).sorted(by: { $0.time < $1.time }) {
      decoder.decode(pair)
    }
    let captions = decoder.finish()
    #expect(cues(captions, .cc1) == ["30-60 line:84.67 position:10 field one"])
    #expect(cues(captions, .cc3) == ["45-80 line:84.67 position:10 tres"])
    #expect(cues(captions, .cc4) == ["40-82 line:79.33 position:10 cuatro"])
    #expect(captions[.cc2].cues.isEmpty)
  }

  @Test func textServiceDataIsNotCaptionText() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("A")
    script.tr()
    script.text("secret text")
    script.rtd()
    script.text("more")
    script.rcl()
    script.text("B")
    script.at(60)
    script.eoc()
    script.at(90)
    script.edm()
    let captions = script.decode()
    #expect(cues(captions) == ["60-90 line:84.67 position:10 AB"])
    #expect(captions[.cc1].modes == [.popOn, .text])
  }

  /// An XDS packet of field 2 with its checksum; `bad` makes the checksum wrong.
  private func xds(
    _ script: inout PairScript, classCode: UInt8, type: UInt8, data: [UInt8], bad: Bool = false
  ) {
    script.bytes(classCode, type)
    var padded = data
    if padded.count % 2 == 1 { padded.append(0) }
    for index in stride(from: 0, to: padded.count, by: 2) {
      script.bytes(padded[index], padded[index + 1])
    }
    let sum = (Int(classCode) + Int(type) + 0x0F + data.reduce(0) { $0 + Int($1) }) % 128
    let checksum = UInt8((128 - sum) % 128)
    script.bytes(0x0F, bad ? checksum ^ 1 : checksum)
  }

  @Test func xdsProgramNameAndRating() {
    var script = PairScript(.cc3)
    xds(&script, classCode: 0x01, type: 0x03, data: Array("Nova Now".utf8))
    script.rcl()
    script.pac(row: 15)
    script.text("Hi")
    script.at(30)
    script.eoc()
    xds(&script, classCode: 0x01, type: 0x05, data: [0x68, 0x4C])
    script.at(60)
    script.edm()
    let captions = script.decode()
    #expect(captions.programName == "Nova Now")
    #expect(captions.contentAdvisory == "TV-PG (D, L)")
    #expect(captions.xdsPackets.map(\.type) == [0x03, 0x05])
    #expect(cues(captions, .cc3) == ["30-60 line:84.67 position:10 Hi"])
    #expect(captions.findings.isEmpty)
  }

  @Test func xdsPacketWithABadChecksumIsReportedAndNotUsed() {
    var script = PairScript(.cc3)
    xds(&script, classCode: 0x01, type: 0x03, data: Array("Bad".utf8), bad: true)
    xds(&script, classCode: 0x01, type: 0x05, data: [0x40 | 0x03, 0x40])
    let captions = script.decode()
    #expect(captions.programName == nil)
    #expect(captions.contentAdvisory == "MPA PG-13")
    #expect(captions.findings.map(\.kind) == [.xdsChecksum])
    #expect(captions.findings.first?.time == PairScript.time(3))
  }

  @Test func parityErrorsBlockCharactersAndDropControlCodes() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.raw(0x48, PairScript.parity(0x69))
    script.raw(0x14, 0x2F)
    script.raw(0x14, 0x2F)
    script.at(30)
    script.eoc()
    script.at(60)
    script.edm()
    let captions = script.decode()
    #expect(cues(captions) == ["30-60 line:84.67 position:10 █i"])
    #expect(captions.findings.map(\.kind) == [.parity, .parity, .parity])
    #expect(captions.findings.map(\.time) == [4, 5, 6].map(PairScript.time))
    #expect(
      captions.findings.map(\.message) == [
        "parity error in the first byte of pair 48e9; shown as a solid block",
        "parity error in the first byte of pair 142f; the pair is dropped; no copy of it "
          + "followed, so a command was lost",
        "parity error in the first byte of pair 142f; the pair is dropped",
      ])
    // Both copies of the command were lost: the first finding says so.
    #expect(captions.findings.map(\.losesText) == [false, true, false])
  }

  @Test func aControlPairDroppedForItsParityLosesNothingWhenItsCopyCame() {
    for badFirst in [true, false] {
      var script = PairScript()
      script.rcl()
      script.pac(row: 15)
      script.text("Hi")
      script.at(30)
      let good = PairScript.parity(0x14)
      if badFirst {
        script.raw(0x14, 0x2F)
        script.raw(good, 0x2F)
      } else {
        script.raw(good, 0x2F)
        script.raw(0x14, 0x2F)
      }
      script.at(60)
      script.edm()
      let captions = script.decode()
      #expect(cues(captions).count == 1)
      #expect(captions.findings.map(\.kind) == [.parity])
      #expect(captions.findings.map(\.losesText) == [false])
    }
  }

  @Test func aLostEndOfCaptionIsReportedAsLost() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("Never shown")
    script.at(30)
    script.raw(0x14, 0x2F)
    script.text("x")
    let captions = script.decode()
    #expect(captions[.cc1].cues.isEmpty)
    #expect(captions.findings.map(\.losesText) == [true])
  }

  @Test func textPastColumn32IsDroppedAndReported() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text(String(repeating: "abcdefgh", count: 5))
    script.at(60)
    script.eoc()
    script.at(90)
    script.edm()
    let captions = script.decode()
    #expect(
      cues(captions) == ["60-90 line:84.67 position:10 " + String(repeating: "abcdefgh", count: 4)]
    )
    #expect(captions[.cc1].droppedPastLastColumn == 8)
    #expect(captions.findings.map(\.kind) == [.pastLastColumn])
    #expect(captions.findings.first?.time == PairScript.time(20))
  }

  @Test func captionOfFiveRowsIsReported() {
    var script = PairScript()
    script.rcl()
    for row in 11...15 {
      script.pac(row: row)
      script.text("r\(row)")
    }
    script.at(60)
    script.eoc()
    script.at(90)
    script.edm()
    let captions = script.decode()
    #expect(cues(captions) == ["60-90 line:63.33 position:10 r11\nr12\nr13\nr14\nr15"])
    #expect(captions.findings.map(\.kind) == [.tooManyRows])
    #expect(captions[.cc1].captionsOverFourRows == 1)
  }

  @Test func captionStillShownAtTheEndIsReported() {
    var script = PairScript()
    script.rcl()
    script.pac(row: 15)
    script.text("End")
    script.at(30)
    script.eoc()
    #expect(cues(script.decode()) == ["30-5001ms line:84.67 position:10 End"])
    let ended = script.decode(finishingAt: 300)
    #expect(cues(ended) == ["30-300 line:84.67 position:10 End"])
    #expect(ended.findings.map(\.kind) == [.stillShown])
    #expect(
      ended.findings.first?.message
        == "CC1 caption shown at 00:00:01.001 is still on screen at the end")
  }

  @Test func garbageNeverBreaksTheDecoder() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt8 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: seed >> 33)
    }
    for run in 0..<50 {
      var decoder = CEA608Decoder()
      for frame in 0..<2000 {
        var first = next()
        // Bias towards control codes so that every mode is reached.
        if frame % 3 == 0 { first = PairScript.parity(0x10 | first & 0x0F) }
        decoder.decode(
          CEA608Pair(
            first, next(), field: frame % 2 + 1, time: PairScript.time(frame + run)))
      }
      let captions = decoder.finish()
      for channel in captions.channels {
        for cue in channel.cues {
          #expect(cue.start < cue.end)
          #expect((10...90).contains(cue.settings.line ?? -1))
          #expect((10...87.5).contains(cue.settings.position ?? -1))
          #expect(!cue.rawText.isEmpty)
        }
      }
    }
  }
}
