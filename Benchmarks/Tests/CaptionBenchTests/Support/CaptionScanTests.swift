import Testing

/// The scanner the generator's tests rely on finds the faults it looks for.
@Suite struct CaptionScanTests {
  @Test func findsFaultsInWebVTT() {
    let text = """
      WEBVTT

      00:00:01.000 --> 00:00:03.000
      <i>open

      STYLE
      ::cue { color: red; }

      00:00:02.000 --> 00:00:01.500
      Tom & Jerry

      """
    #expect(
      CaptionScan.webVTT(Array(text.utf8)).problems == [
        "cue 1: <i> left open in <i>open", "STYLE after a cue", "cue 2 ends before it starts",
        "cue 2 overlaps the one before", "cue 2: bare & in Tom & Jerry",
      ])
  }

  @Test func findsFaultsInSRT() {
    let text = """
      1
      00:00:01,000 --> 00:00:02,000
      <v Anna>Hi

      3
      00:00:03.000 --> 00:00:04,000
      Bye

      """
    #expect(
      CaptionScan.srt(Array(text.utf8)).problems == [
        "cue 1: unexpected tag <v Anna>", "counter 3 where 2 belongs",
        "bad timing line 00:00:03.000 --> 00:00:04,000",
      ])
  }
}
