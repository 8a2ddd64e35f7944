import CaptionKit

/// Parses arbitrary text as the text of one WebVTT cue.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let range = TimeRange(start: .zero, end: MediaTime(milliseconds: 10_000))
  let parsed = CueTextParser.parse(text, location: nil, cueRange: range)
  _ = parsed.text.visibleText
  return 0
}
