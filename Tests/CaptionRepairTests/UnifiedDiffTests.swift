import CaptionRepair
import Testing

struct UnifiedDiffTests {
  @Test func theSameTextsGiveNoDiff() {
    #expect(UnifiedDiff.make(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "y") == "")
  }

  @Test func aChangedLineIsShownWithItsContext() {
    let old =
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHello there\n\n2\n00:00:03.000 --> 00:00:04.000\nBye\n"
    let new =
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello there\n\n2\n00:00:03.000 --> 00:00:04.000\nBye\n"
    #expect(
      UnifiedDiff.make(old: old, new: new, oldName: "a.vtt", newName: "a.vtt (fixed)") == """
        --- a.vtt
        +++ a.vtt (fixed)
        @@ -1,7 +1,7 @@
         WEBVTT
         
         1
        -00:00:01.000 --> 00:00:02.000
        +00:00:01.000 --> 00:00:02.500
         Hello there
         
         2

        """)
  }

  @Test func changesFarApartMakeTwoHunks() {
    let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
    var lines = (1...20).map { "line \($0)" }
    lines[1] = "changed 2"
    lines.insert("new", at: 18)
    let new = lines.joined(separator: "\n") + "\n"
    #expect(
      UnifiedDiff.make(old: old, new: new, oldName: "a", newName: "b") == """
        --- a
        +++ b
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +changed 2
         line 3
         line 4
         line 5
        @@ -16,5 +16,6 @@
         line 16
         line 17
         line 18
        +new
         line 19
         line 20

        """)
  }

  @Test func aMissingFinalBreakIsMarked() {
    #expect(
      UnifiedDiff.make(old: "a\nb", new: "a\nb\n", oldName: "x", newName: "y") == """
        --- x
        +++ y
        @@ -1,2 +1,2 @@
         a
        -b
        \\ No newline at end of file
        +b

        """)
  }

  @Test func addingToAnEmptyTextStartsAtLineZero() {
    #expect(
      UnifiedDiff.make(old: "", new: "a\n", oldName: "x", newName: "y") == """
        --- x
        +++ y
        @@ -0,0 +1 @@
        +a

        """)
  }

  /// Applying the diff's hunks to the old lines gives the new lines, for random edits.
  @Test func theDiffTurnsTheOldTextIntoTheNew() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<300 {
      let old = (0..<next(40)).map { _ in "l\(next(12))" }
      var new = old
      for _ in 0..<next(8) {
        switch next(3) {
        case 0 where !new.isEmpty: new.remove(at: next(new.count))
        case 1: new.insert("n\(next(5))", at: next(new.count + 1))
        default: if !new.isEmpty { new[next(new.count)] = "c\(next(5))" }
        }
      }
      let oldText = old.map { $0 + "\n" }.joined()
      let newText = new.map { $0 + "\n" }.joined()
      let diff = UnifiedDiff.make(old: oldText, new: newText, oldName: "a", newName: "b")
      #expect(apply(diff, to: old) == new, "\(old) -> \(new)\n\(diff)")
    }
  }

  /// The hunks of `diff` applied to `lines`, checking the context and removed lines.
  private func apply(_ diff: String, to lines: [String]) -> [String]? {
    if diff.isEmpty { return lines }
    var result: [String] = []
    var cursor = 0
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
      if line.hasPrefix("@@") {
        let old = line.split(separator: " ")[1].dropFirst().split(separator: ",")
        guard let start = Int(old[0]), let count = old.count > 1 ? Int(old[1]) : 1 else {
          return nil
        }
        let first = count == 0 ? start : start - 1
        while cursor < first {
          result.append(lines[cursor])
          cursor += 1
        }
      } else if line.hasPrefix(" ") || line.hasPrefix("-") {
        guard cursor < lines.count, lines[cursor] == line.dropFirst() else { return nil }
        if line.hasPrefix(" ") { result.append(lines[cursor]) }
        cursor += 1
      } else if line.hasPrefix("+") {
        result.append(String(line.dropFirst()))
      }
    }
    result.append(contentsOf: lines[cursor...])
    return result
  }
}
