import CaptionCore

/// Writes cue text kept as written straight in SRT's form, without building its tree: the
/// bytes and the phrases of what SRT loses are those `SRTWriter` makes from the tree.
enum SRTTextTranslation {
  /// Appends the SRT form of the WebVTT cue text `bytes`, adding what it loses to `lost`, when
  /// the text is in the form `CueTextSerializer.appendCanonical` copies (`<b>`, `<i>`, `<u>`,
  /// `<c>` and `<v>` with classes, `&amp;`, `&lt;`, `&gt;`); else appends nothing and
  /// returns false. `checked` says that the reader found it in that form already.
  static func appendWebVTT(
    _ bytes: UnsafeBufferPointer<UInt8>, checked: Bool = false, to output: inout [UInt8],
    lost: inout [String]
  ) -> Bool {
    guard checked || CueTextSerializer.openTags(ofCanonical: bytes, webVTT: true) != nil else {
      return false
    }
    // The end tag each open tag writes: 0 none, 1 `b`, 2 `i`, 3 `u`, 4 `font`.
    var closings: UInt64 = 0
    var depth = 0
    var index = 0
    var runStart = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if !CueTextSerializer.isMarkupOrControl(byte) {
        index = CueTextSerializer.skipPlain(bytes, from: index + 1)
      } else if byte == UInt8(ascii: "<") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        if bytes[index + 1] == UInt8(ascii: "/") {
          appendEndTag(Int(closings & 7), to: &output)
          closings >>= 3
          depth -= 1
          index += 4
        } else {
          let name = bytes[index + 1]
          var next = index + 2
          while next < count, bytes[next] == UInt8(ascii: ".") {
            next += 1
            while next < count, !isNotInClass(bytes[next]) { next += 1 }
          }
          let classes = index + 2..<next
          var annotation = next..<next
          if name == UInt8(ascii: "v") {
            next += 1
            let start = next
            while bytes[next] != UInt8(ascii: ">") { next += 1 }
            annotation = start..<next
          }
          index = next + 1
          var closing: UInt64 = 0
          switch name {
          case UInt8(ascii: "c"):
            var colour: String?
            forEachClass(bytes, classes) { className in
              if colour == nil, let value = SRTColor.value(forClass: className) {
                colour = value
              } else {
                lost.append("class '\(className)'")
              }
            }
            if let colour {
              output.append(contentsOf: "<font color=\"\(colour)\">".utf8)
              closing = 4
            }
          case UInt8(ascii: "v"):
            let voice = String(
              decoding: UnsafeBufferPointer(rebasing: bytes[annotation]), as: UTF8.self)
            lost.append("voice '\(voice)'")
            forEachClass(bytes, classes) { lost.append("class '\($0)'") }
          default:
            closing = name == UInt8(ascii: "b") ? 1 : name == UInt8(ascii: "i") ? 2 : 3
            output.append(contentsOf: [UInt8(ascii: "<"), name, UInt8(ascii: ">")])
            forEachClass(bytes, classes) { lost.append("class '\($0)'") }
          }
          closings = closings << 3 | closing
          depth += 1
        }
        runStart = index
      } else if byte == UInt8(ascii: "&") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        switch bytes[index + 1] {
        case UInt8(ascii: "a"):
          output.append(UInt8(ascii: "&"))
          index += 5
        case UInt8(ascii: "l"):
          output.append(UInt8(ascii: "<"))
          index += 4
        default:
          output.append(UInt8(ascii: ">"))
          index += 4
        }
        runStart = index
      } else {
        index += 1
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    while depth > 0 {
      appendEndTag(Int(closings & 7), to: &output)
      closings >>= 3
      depth -= 1
    }
    return true
  }

  /// Appends the SRT form of the SRT cue text `bytes` when its markup needs no repair (see
  /// `SRTMarkup.cleanSettings`): the text without its `{\anN}`, which the writer puts back
  /// from the settings; else appends nothing and returns false. `checked` says that the reader
  /// found it in that form already.
  static func appendSRT(
    _ bytes: UnsafeBufferPointer<UInt8>, checked: Bool = false, to output: inout [UInt8]
  ) -> Bool {
    guard checked || SRTMarkup.cleanSettings(bytes) != nil else { return false }
    var index = 0
    var runStart = 0
    let count = bytes.count
    while index < count {
      if bytes[index] == UInt8(ascii: "{") {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        index += 6
        runStart = index
      } else {
        index += 1
      }
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    return true
  }

  private static func appendEndTag(_ closing: Int, to output: inout [UInt8]) {
    switch closing {
    case 1: output.append(contentsOf: "</b>".utf8)
    case 2: output.append(contentsOf: "</i>".utf8)
    case 3: output.append(contentsOf: "</u>".utf8)
    case 4: output.append(contentsOf: "</font>".utf8)
    default: break
    }
  }

  /// Calls `body` with each class name of `.a.b` in `range`.
  private static func forEachClass(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (String) -> Void
  ) {
    var start = range.lowerBound
    while start < range.upperBound {
      var end = start + 1
      while end < range.upperBound, bytes[end] != UInt8(ascii: ".") { end += 1 }
      body(String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 1..<end]), as: UTF8.self))
      start = end
    }
  }

  /// True for the bytes a class name cannot hold: white space, `.`, `<`, `>` and `&`.
  private static func isNotInClass(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x09, 0x0A, 0x0C, 0x0D, 0x20, UInt8(ascii: "."), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "&"):
      return true
    default: return false
    }
  }
}
