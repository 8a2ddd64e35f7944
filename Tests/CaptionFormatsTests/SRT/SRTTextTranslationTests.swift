import CaptionCore
import CaptionFormats
import Foundation
import Testing

/// Writers copy or translate a cue text kept as written without building its tree: the bytes
/// and findings must be those of writing its tree, for any text.
@Suite struct SRTTextTranslationTests {
  private static let webVTTPieces = [
    "<b>", "</b>", "<i>", "</i>", "<u>", "</u>", "<c.yellow>", "<c.red.loud>", "<c>", "</c>",
    "<c.color-ff8800>", "<i.x>", "<v Dana>", "<v.loud Bob Smith>", "<v  Ann >", "</v>", "&amp;",
    "&lt;", "&gt;", "&", "&nbsp;", "<", ">", "{", "{\\an8}", "a", "b c", "\n", "é", "<ruby>",
    "<rt>", "</rt>", "</ruby>", "<00:00:01.000>", "<lang en>", "</lang>", "\u{0}",
  ]

  private static let srtPieces = [
    "<i>", "</i>", "<b>", "</b>", "<u>", "</u>", "<I>", "<i >", "<font color=\"red\">",
    "</font>", "{\\an8}", "{\\an1}", "{x}", "{", "&", "&amp;", "<", ">", "a", "b c", "\n", "é",
    "<c.yellow>",
  ]

  /// `count` cue texts made of `pieces`, from a fixed seed, with no empty line.
  private static func texts(_ pieces: [String], count: Int) -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { _ in
      var text = ""
      for _ in 0..<next(12) + 1 { text += pieces[next(pieces.count)] }
      while text.contains("\n\n") { text = text.replacingOccurrences(of: "\n\n", with: "\n") }
      while text.hasPrefix("\n") { text.removeFirst() }
      while text.hasSuffix("\n") { text.removeLast() }
      return text.isEmpty ? "a" : text
    }
  }

  /// The track with every cue's text replaced by its tree, which the writers walk.
  private func withTrees(_ track: Track) -> Track {
    var track = track
    for index in track.cues.indices {
      track.cues[index].text = CueText(nodes: track.cues[index].text.nodes)
    }
    return track
  }

  /// The first line or message where `kept` and `built` differ, with its neighbours.
  private func firstDifference(_ kept: [String], _ built: [String]) -> String? {
    for index in 0..<max(kept.count, built.count) {
      let left = index < kept.count ? kept[index] : "(none)"
      let right = index < built.count ? built[index] : "(none)"
      if left != right {
        let context = kept[max(0, index - 3)..<min(kept.count, index + 1)].joined(separator: "\n")
        return "at \(index): kept \(left.debugDescription), tree \(right.debugDescription)\n"
          + context
      }
    }
    return nil
  }

  private func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  private func expectSameOutput(_ track: Track) {
    let trees = withTrees(track)
    var kept: [UInt8] = []
    var built: [UInt8] = []
    let keptFindings = SRTWriter.write(track, into: &kept)
    let builtFindings = SRTWriter.write(trees, into: &built)
    #expect(firstDifference(lines(kept), lines(built)) == nil)
    #expect(firstDifference(keptFindings.map(\.message), builtFindings.map(\.message)) == nil)
    kept.removeAll()
    built.removeAll()
    let keptVTT = WebVTTWriter.write(track, into: &kept)
    let builtVTT = WebVTTWriter.write(trees, into: &built)
    #expect(firstDifference(lines(kept), lines(built)) == nil)
    #expect(firstDifference(keptVTT.map(\.message), builtVTT.map(\.message)) == nil)
  }

  @Test func writesWebVTTTextKeptAsWrittenAsItsTree() {
    let texts = Self.texts(Self.webVTTPieces, count: 3000)
    var file = "WEBVTT\n"
    for (index, text) in texts.enumerated() {
      file += "\n00:00:\(String(format: "%02d", index % 60)).000 --> 00:01:00.000\n\(text)\n"
    }
    let track = WebVTTReader.read(file).track
    #expect(track.cues.count == texts.count)
    expectSameOutput(track)
  }

  @Test func writesSRTTextKeptAsWrittenAsItsTree() {
    let texts = Self.texts(Self.srtPieces, count: 3000)
    var file = ""
    for (index, text) in texts.enumerated() {
      file += "\(index + 1)\n00:00:01,000 --> 00:00:02,000\n\(text)\n\n"
    }
    let track = SRTReader.read(file).track
    #expect(track.cues.count == texts.count)
    expectSameOutput(track)
  }
}
