import CaptionCore
import CaptionFormats
import Testing

private let samples = [
  "", "plain", "This story <b>forget</b> mother.", "<i>Have this run</i>\nsecond line",
  "<b><i>x</i> y</b>\n<u>z</u>", "<b>unclosed", "<i>mis</b>nested</i>", "<b></b>empty",
  "a &amp; b", "a &lt;b&gt;", "1 > 0", "{\\an8}<i>top</i>", "<c.yellow>class</c>",
  "<v Bob>voice</v>", "<00:00:01.000>time", "<B>upper</B>", "<i>tab\tand  spaces </i>",
  "<b >space in tag</b>", "<b", "</i>", "x\r\ny", "<ruby>a<rt>b</rt></ruby>", "<i>ü 한국어</i>",
  "<b><i><u><b><i>deep</i></b></u></i></b>", "<v Dana>hi</v>", "<v Dana>left open",
  "<v Dr. Kim>a <i>b", "<v  Two  spaces>x</v>", "<v Dana >x</v>", "<v>x</v>", "<v Dana></v>",
  "<v.loud.x Officer Reyes>x</v>", "<c.yellow>y</c> &amp; &lt;b&gt; {x}", "<c>x</c>",
  "<c..a>x</c>", "<c.a>x</c.a>", "<v Ann &amp; Bo>x</v>", "&nbsp;x", "&amp", "<b.x>y</b>",
  "<lang en>x</lang>", "<v Dana>", "<i>a</i></b>", "<v A><b>x</v>",
]

@Test(arguments: samples)
func markupIsWrittenLikeItsTree(raw: String) {
  for syntax: any CueTextMarkup in [WebVTTCueTextMarkup.shared, SRTCueTextMarkup.shared] {
    var fromMarkup: [UInt8] = []
    let markupLosses = CueTextSerializer.serialize(
      CueText(markup: raw, syntax: syntax), into: &fromMarkup)
    var fromTree: [UInt8] = []
    let treeLosses = CueTextSerializer.serialize(
      CueText(nodes: syntax.nodes(of: raw)), into: &fromTree)
    #expect(
      String(decoding: fromMarkup, as: UTF8.self) == String(decoding: fromTree, as: UTF8.self),
      "\(syntax)")
    #expect(markupLosses.count == treeLosses.count)
  }
}

@Test func canonicalMarkupIsCopied() {
  let raw = "<v Dr. Kim>This <b>story</b> &amp; <i.x>and <c.yellow>more</c></i></v>\nnext"
  let text = CueText(markup: raw, syntax: WebVTTCueTextMarkup.shared)
  #expect(CueTextSerializer.string(text) == raw)
}

@Test func markupNotInWrittenFormIsRewritten() {
  let cases = [
    ("<b>a &amp; b", "<b>a &amp; b</b>"),
    ("<i>x</b>y</i>", "<i>xy</i>"),
    ("1 > 0 &lt; 2", "1 &gt; 0 &lt; 2"),
    ("<b></b>x", "<b></b>x"),
    ("<v Dana>left <i>open", "<v Dana>left <i>open</i></v>"),
    ("<v  Ann   Lee >x", "<v Ann Lee>x</v>"),
    ("&nbsp;&lt;", "\u{A0}&lt;"),
  ]
  for (raw, written) in cases {
    let text = CueText(markup: raw, syntax: WebVTTCueTextMarkup.shared)
    #expect(CueTextSerializer.string(text) == written, "\(raw)")
  }
}
