import CaptionKit

/// Reads arbitrary bytes as TTML, writes the result as TTML and reads that again, and writes it
/// as WebVTT.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = TTMLReader.read(TextDecoding.decode(bytes))
  var ttml: [UInt8] = []
  TTMLWriter.write(result.track, into: &ttml)
  _ = TTMLReader.read(TextDecoding.decode(ttml))
  var vtt: [UInt8] = []
  WebVTTWriter.write(result.track, into: &vtt)
  return 0
}
