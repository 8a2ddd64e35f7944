public import CaptionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a track as SubRip (SRT): counters 1 to n, `hh:mm:ss,mmm --> hh:mm:ss,mmm`, LF line
/// ends, a blank line after each cue, `<i>`, `<b>`, `<u>`, `<font color>` and `{\anN}`.
public enum SRTWriter {
  /// The rule id of what a writer could not carry.
  public static let lossyRule = "convert.lossy"

  /// The hint of a cue's lossy diagnostic.
  private static let cannotCarry = "SRT cannot carry it; convert to WebVTT to keep it"

  /// Most phrases one lossy diagnostic lists before it counts the rest.
  static let maximumListed = 5

  /// Appends the SRT form of `track` to `output` and returns what SRT could not carry
  /// (`convert.lossy` warnings).
  @discardableResult
  public static func write(_ track: Track, into output: inout [UInt8]) -> [Diagnostic] {
    output.reserveCapacity(output.count + track.cues.count * 64)
    var losses = WriterLosses()
    write(track, into: &output, chunkSize: .max, losses: &losses) { _ in }
    return losses.diagnostics
  }

  /// Writes the SRT form of `track` in chunks: `flush` gets the output each time it holds
  /// `chunkSize` bytes or more, and once at the end, and must empty it. Returns what SRT could
  /// not carry.
  @discardableResult
  public static func write(
    _ track: Track, chunkSize: Int, flush: (inout [UInt8]) -> Void
  ) -> [Diagnostic] {
    write(track, chunkSize: chunkSize, cueLimit: .max, flush: flush).diagnostics
  }

  /// Writes the SRT form of `track` in chunks, as `write(_:chunkSize:flush:)` does, and
  /// returns what SRT could not carry, with the findings about cues past the first
  /// `cueLimit` counted instead of built.
  public static func write(
    _ track: Track, chunkSize: Int, cueLimit: Int, flush: (inout [UInt8]) -> Void
  ) -> WriterLosses {
    var output: [UInt8] = []
    output.reserveCapacity(chunkSize + 4096)
    var losses = WriterLosses(cueLimit: cueLimit)
    write(track, into: &output, chunkSize: chunkSize, losses: &losses, flush: flush)
    flush(&output)
    return losses
  }

  private static func write(
    _ track: Track, into output: inout [UInt8], chunkSize: Int, losses: inout WriterLosses,
    flush: (inout [UInt8]) -> Void
  ) {
    func lossy(_ message: String, _ hint: String, at cue: Cue? = nil, index: Int = 0) {
      losses.add(
        Diagnostic(
          rule: lossyRule, severity: .warning, message: message, file: track.path,
          location: cue?.location, cue: cue?.reference(index: index), hint: hint))
    }
    let keep = "convert to WebVTT to keep it"
    if !track.header.isEmpty { lossy("header text not kept in SRT", keep) }
    if !track.stylesheets.isEmpty {
      let count = track.stylesheets.count
      lossy("\(count) style \(count == 1 ? "sheet" : "sheets") not kept in SRT", keep)
    }
    if !track.regions.isEmpty {
      let count = track.regions.count
      lossy("\(count) \(count == 1 ? "region" : "regions") not kept in SRT", keep)
    }
    if !track.comments.isEmpty {
      let count = track.comments.count
      lossy("\(count) NOTE \(count == 1 ? "comment" : "comments") not kept in SRT", keep)
    }
    var lost: [String] = []
    for (offset, cue) in track.cues.enumerated() {
      let index = offset + 1
      lost.removeAll(keepingCapacity: true)
      appendDecimal(UInt64(index), digits: 1, to: &output)
      output.append(0x0A)
      if !CueTextSerializer.appendTimings(
        cue.start, cue.end, separator: UInt8(ascii: ","), to: &output)
      {
        appendTime(cue.start, to: &output, lost: &lost, role: "start")
        output.append(contentsOf: [0x20, 0x2D, 0x2D, 0x3E, 0x20])
        appendTime(cue.end, to: &output, lost: &lost, role: "end")
      }
      output.append(0x0A)
      let textStart = output.count
      if !cue.hasDefaultSettings {
        let alignment = SRTAlignment.tag(for: cue.settings)
        lost.append(contentsOf: alignment.lost)
        if alignment.n != 2 {
          output.append(contentsOf: [0x7B, 0x5C, 0x61, 0x6E, UInt8(0x30 + alignment.n), 0x7D])
        }
      }
      // Plain text, and text whose tree SRT writes as it was read, is copied as it is.
      let checked = cue.hasMarkupInWrittenForm
      let copied =
        cue.withRawTextBytes { raw, syntax -> Bool in
          guard let syntax else {
            output.append(contentsOf: raw)
            return true
          }
          if syntax === WebVTTCueTextMarkup.shared {
            return SRTTextTranslation.appendWebVTT(
              raw, checked: checked, to: &output, lost: &lost)
          }
          guard syntax === SRTCueTextMarkup.shared else { return false }
          if checked { return SRTTextTranslation.appendSRT(raw, checked: true, to: &output) }
          return CueTextSerializer.appendCanonical(raw, webVTT: false, to: &output)
            || SRTTextTranslation.appendSRT(raw, to: &output)
        } ?? false
      if !copied {
        var text = cue.text
        if let markup = text.markup {
          text = CueText(nodes: markup.syntax.nodes(of: markup.text))  // built once, here
        }
        if let plain = text.plainString {
          output.append(contentsOf: plain.utf8)
        } else {
          appendTree(text.nodes, to: &output, lost: &lost)
        }
      }
      removeEmptyLines(&output, from: textStart, lost: &lost)
      replaceNULs(&output, from: textStart, lost: &lost)
      noteMarkupReadOtherwise(&output, from: textStart, lost: &lost)
      if output.count > textStart { output.append(0x0A) }
      output.append(0x0A)
      if !lost.isEmpty, losses.buildsNextCueFinding() {
        lossy("cue \(index) loses \(list(lost)) in SRT", cannotCarry, at: cue, index: index)
      }
      if output.count >= chunkSize { flush(&output) }
    }
  }

  public static func string(_ track: Track) -> String {
    var bytes: [UInt8] = []
    write(track, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `phrases` without repeats, at most `maximumListed` of them and a count of the rest.
  private static func list(_ phrases: [String]) -> String {
    if phrases.count == 1 { return phrases[0] }
    var unique: [String] = []
    if phrases.count <= 16 {
      for phrase in phrases where !unique.contains(phrase) { unique.append(phrase) }
    } else {
      var seen: Set<String> = []
      for phrase in phrases where seen.insert(phrase).inserted { unique.append(phrase) }
    }
    guard unique.count > maximumListed else { return unique.joined(separator: ", ") }
    return unique.prefix(maximumListed).joined(separator: ", ")
      + " and \(unique.count - maximumListed) more"
  }

  private static func appendDecimal(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
    var divisor: UInt64 = 1
    var width = 1
    while divisor <= value / 10 {
      divisor *= 10
      width += 1
    }
    for _ in width..<max(digits, width) { output.append(0x30) }
    var rest = value
    while divisor > 0 {
      output.append(0x30 + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  private static func appendTime(
    _ time: MediaTime, to output: inout [UInt8], lost: inout [String], role: String
  ) {
    var milliseconds = time.milliseconds
    if milliseconds < 0 {
      lost.append("negative \(role) time \(time.timestamp(separator: ",")) (written as 0)")
      milliseconds = 0
    }
    if time != MediaTime(milliseconds: milliseconds), time.milliseconds >= 0 {
      lost.append("\(role) time precision finer than a millisecond")
    }
    let total = UInt64(milliseconds)
    let hours = total / 3_600_000
    if hours >= 100 { appendDecimal(hours / 100, digits: 1, to: &output) }
    // `hh:mm:ss,mmm` made in place, appended at once.
    let minutes = total / 60_000 % 60
    let seconds = total / 1000 % 60
    let fraction = total % 1000
    let zero = UInt8(ascii: "0")
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    digits.0 = zero &+ UInt8(truncatingIfNeeded: hours / 10 % 10)
    digits.1 = zero &+ UInt8(truncatingIfNeeded: hours % 10)
    digits.2 = UInt8(ascii: ":")
    digits.3 = zero &+ UInt8(truncatingIfNeeded: minutes / 10)
    digits.4 = zero &+ UInt8(truncatingIfNeeded: minutes % 10)
    digits.5 = UInt8(ascii: ":")
    digits.6 = zero &+ UInt8(truncatingIfNeeded: seconds / 10)
    digits.7 = zero &+ UInt8(truncatingIfNeeded: seconds % 10)
    digits.8 = UInt8(ascii: ",")
    digits.9 = zero &+ UInt8(truncatingIfNeeded: fraction / 100)
    digits.10 = zero &+ UInt8(truncatingIfNeeded: fraction / 10 % 10)
    digits.11 = zero &+ UInt8(truncatingIfNeeded: fraction % 10)
    withUnsafeBytes(of: &digits) { output.append(contentsOf: $0) }
  }

  /// Writes a cue text tree without recursion.
  private static func appendTree(
    _ nodes: [CueNode], to output: inout [UInt8], lost: inout [String]
  ) {
    var stack: [(nodes: ArraySlice<CueNode>, closing: String)] = [(nodes[...], "")]
    while !stack.isEmpty {
      guard let node = stack[stack.count - 1].nodes.popFirst() else {
        if let last = stack.popLast() { output.append(contentsOf: last.closing.utf8) }
        continue
      }
      switch node {
      case .text(let string):
        output.append(contentsOf: string.utf8)
      case .timestamp(let time):
        lost.append("inner timestamp \(time.timestamp())")
      case .element(let element):
        var opening = ""
        var closing = ""
        switch element.kind {
        case .italic, .bold, .underline:
          opening = "<\(element.kind.rawValue)>"
          closing = "</\(element.kind.rawValue)>"
        case .class:
          var colour: String?
          for name in element.classes {
            if colour == nil, let value = SRTColor.value(forClass: name) {
              colour = value
            } else {
              lost.append("class '\(name)'")
            }
          }
          if let colour {
            opening = "<font color=\"\(colour)\">"
            closing = "</font>"
          }
        case .voice:
          lost.append(element.annotation.map { "voice '\($0)'" } ?? "voice")
        case .language:
          lost.append(element.annotation.map { "language '\($0)'" } ?? "language span")
        case .ruby:
          lost.append("ruby (written as text in parentheses)")
        case .rubyText:
          opening = "("
          closing = ")"
        }
        if element.kind != .class {
          for name in element.classes { lost.append("class '\(name)'") }
        }
        output.append(contentsOf: opening.utf8)
        stack.append((element.children[...], closing))
      }
    }
  }

  /// Removes empty lines from the cue text written at `start...`: in SRT they end the cue.
  private static func removeEmptyLines(
    _ output: inout [UInt8], from start: Int, lost: inout [String]
  ) {
    let end = output.count
    guard start < end else { return }
    let needed = output.withUnsafeBufferPointer {
      EmptyLines.exist(in: UnsafeBufferPointer(rebasing: $0[start..<end]))
    }
    guard needed else { return }
    let lines = output[start..<end].split(separator: 0x0A, omittingEmptySubsequences: true)
    output.removeSubrange(start..<end)
    for (position, line) in lines.enumerated() {
      if position > 0 { output.append(0x0A) }
      output.append(contentsOf: line)
    }
    lost.append("empty lines")
  }

  /// Handles text from `start` on that SRT readers do not show as written, and that SRT has
  /// no way to escape. A backslash before `N`, `n` or `h` (a line break and a no-break space
  /// to them, `SRTEscape`) is written as a slash, as the ASS writer does; a `<br>` tag (a line
  /// break, `SRTLineBreakTag`) is written as it is. Both are reported. Text read from SRT
  /// never holds them (they were read so already); text from another format may.
  private static func noteMarkupReadOtherwise(
    _ output: inout [UInt8], from start: Int, lost: inout [String]
  ) {
    guard start < output.count else { return }
    output.withUnsafeMutableBufferPointer { all in
      let text = UnsafeMutableBufferPointer(rebasing: all[start...])
      guard let base = text.baseAddress else { return }
      // Nearly every cue holds neither a backslash nor a `<`: one C call each (the reader's
      // own test for escapes, then `memchr`) rules it out before any byte loop.
      if SRTMarkup.hasEscape(UnsafeBufferPointer(text)) {
        for index in text.indices where text[index] == 0x5C {
          guard SRTEscape.meaning(UnsafeBufferPointer(text), at: index) != nil else { continue }
          text[index] = 0x2F
          lost.append(
            "backslash before \(Character(Unicode.Scalar(text[index + 1]))) (written as /)")
        }
      }
      guard memchr(base, 0x3C, text.count) != nil else { return }
      for index in text.indices where text[index] == 0x3C {
        var end = index + 1
        while end < text.count, text[end] != 0x3E, text[end] != 0x3C, text[end] != 0x0A {
          end += 1
        }
        guard end < text.count, text[end] == 0x3E,
          SRTLineBreakTag.matches(UnsafeBufferPointer(rebasing: text[index + 1..<end]))
        else { continue }
        let written = String(decoding: text[index...end], as: UTF8.self)
        lost.append("'\(SRTText.excerpt(written))' as text (SRT readers show a line break)")
      }
    }
  }

  /// Writes each NUL character of the text from `start` on as U+FFFD, as WebVTT reads it: a
  /// file with zero bytes in it is not read as text again.
  private static func replaceNULs(
    _ output: inout [UInt8], from start: Int, lost: inout [String]
  ) {
    guard start < output.count, output[start...].contains(0) else { return }
    var replaced: [UInt8] = []
    replaced.reserveCapacity(output.count - start + 8)
    for byte in output[start...] {
      if byte == 0 {
        replaced.append(contentsOf: [0xEF, 0xBF, 0xBD])
      } else {
        replaced.append(byte)
      }
    }
    output.replaceSubrange(start..., with: replaced)
    lost.append("a NUL character (written as U+FFFD)")
  }
}
