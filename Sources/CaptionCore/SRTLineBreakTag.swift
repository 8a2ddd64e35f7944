/// HTML's line break tag in SRT text (`<br>`, `<BR/>`, `<br />`), which FFmpeg's and VLC's
/// SRT readers show as a line break. The SRT reader and the text scanner of the rules read it
/// alike through this one type.
package enum SRTLineBreakTag {
  /// Whether the tag `<content>` is a line break: `br` in any case, then nothing, spaces, or
  /// a `/` at the end after optional spaces.
  package static func matches(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    guard content.count >= 2, content[0] | 0x20 == 0x62, content[1] | 0x20 == 0x72 else {
      return false
    }
    var index = 2
    while index < content.count, content[index] == 0x20 || content[index] == 0x09 { index += 1 }
    return index == content.count || (index == content.count - 1 && content[index] == 0x2F)
  }

  /// Whether a tag that ends before `end` in `bytes` breaks the line: not when only spaces
  /// and tabs come between it and a line break or the end of the text, where the line ends
  /// anyway (so `one<br>` and `one<br>` before a line break add no empty line).
  package static func breaksLine(_ bytes: UnsafeBufferPointer<UInt8>, after end: Int) -> Bool {
    var index = end
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    return index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D
  }
}
