import CaptionCore
import CaptionMerge
import Testing

@testable import CaptionExport

struct TranscriptHTMLWriterTests {
  @Test func writesTheLighthouseDemo() throws {
    let page = TranscriptHTMLWriter.page(
      try SampleTranscripts.lighthouse(), options: SampleTranscripts.lighthouseOptions)
    try expectSnapshot(page, named: "lighthouse.html")
  }

  @Test func writesArabicRightToLeftWithArabicLabels() throws {
    let transcript = TranscriptBuilder().build(
      captions: [try SampleTranscripts.read("Samples/scene/scene.ar.vtt")])
    let page = TranscriptHTMLWriter.page(
      transcript,
      options: TranscriptExportOptions(title: "النص الكامل: scene", mediaLink: "scene.mp4"))
    #expect(page.contains("<html lang=\"ar\" dir=\"rtl\">"))
    #expect(page.contains("<a class=\"skip\" href=\"#transcript\">انتقل إلى النص الكامل</a>"))
    #expect(
      page.contains(
        "<p><a class=\"time\" dir=\"ltr\" href=\"scene.mp4#t=3.6\" aria-label=\"تشغيل من 0:03\">"
          + "0:03</a> <b class=\"speaker\"><bdi>مينا</bdi>:</b> هل انقطعت الكهرباء للتو؟</p>"))
  }

  @Test func marksEnglishLabelsInALanguageWithoutLabels() {
    let page = TranscriptHTMLWriter.page(
      SampleTranscripts.captions(["Hei."], language: "fi"),
      options: TranscriptExportOptions(title: "Tekstitys"))
    #expect(page.contains("<html lang=\"fi\" dir=\"ltr\">"))
    #expect(page.contains("<a class=\"skip\" href=\"#transcript\" lang=\"en\">"))
    #expect(page.contains("<p><span class=\"time\" dir=\"ltr\">0:00</span> Hei.</p>"))
  }

  @Test(arguments: [
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("\"><img src=x onerror=alert(1)>", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"),
    ("&lt;b&gt; & co", "&amp;lt;b&amp;gt; &amp; co"),
    ("it's \"so\"", "it's &quot;so&quot;"),
    ("bell\u{7}\u{85}end", "bellend"),
  ])
  func escapesEveryCueText(text: String, escaped: String) {
    let page = TranscriptHTMLWriter.page(
      SampleTranscripts.captions([text]), options: TranscriptExportOptions(title: text))
    #expect(page.contains("<title>\(escaped)</title>"))
    #expect(page.contains("<h1>\(escaped)</h1>"))
    #expect(page.contains("</span> \(escaped)</p>"))
    #expect(!page.contains(text) || text == escaped)
  }

  @Test func escapesSpeakerNamesAndKeepsThemOutOfLinks() {
    let transcript = SampleTranscripts.captions(["JAVASCRIPT: <b>alert</b>"])
    let page = TranscriptHTMLWriter.page(
      transcript, options: TranscriptExportOptions(title: "t", mediaLink: "a%20b.mp4"))
    #expect(
      page.contains(
        "<b class=\"speaker\"><bdi>JAVASCRIPT</bdi>:</b> &lt;b&gt;alert&lt;/b&gt;</p>"))
    #expect(page.contains("href=\"a%20b.mp4#t=0\""))
    #expect(!page.contains("<b>alert"))
  }

  @Test func keepsAVoiceNamedLikeAScriptAsText() {
    let tree = CueText(nodes: [
      .element(
        CueElement(
          kind: .voice, annotation: "javascript:alert(1)\"><svg onload=x>",
          children: [.text("Hi")]))
    ])
    let cue = Cue(start: .zero, end: MediaTime(milliseconds: 900), text: tree, rawText: "x")
    let transcript = TranscriptBuilder().build(captions: [Track(format: .webvtt, cues: [cue])])
    let page = TranscriptHTMLWriter.page(
      transcript, options: TranscriptExportOptions(title: "t", mediaLink: "m.mp4"))
    #expect(
      page.contains(
        "<b class=\"speaker\"><bdi>javascript:alert(1)&quot;&gt;&lt;svg onload=x&gt;</bdi>:</b> Hi"
      ))
    #expect(page.contains("href=\"m.mp4#t=0\""))
    #expect(!page.contains("<svg"))
  }

  @Test func hasNoJustifiedTextAndAPrintStylesheet() {
    #expect(!TranscriptHTMLWriter.stylesheet.contains("justify"))
    #expect(TranscriptHTMLWriter.stylesheet.contains("@media print"))
    #expect(TranscriptHTMLWriter.stylesheet.contains("@media (prefers-color-scheme:dark)"))
  }
}
