import CaptionKit

/// Reads arbitrary bytes as an ASS script, writes the result as WebVTT and SRT.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = ASSReader.read(TextDecoding.decode(bytes))
  var vtt: [UInt8] = []
  WebVTTWriter.write(result.track, into: &vtt)
  var srt: [UInt8] = []
  SRTWriter.write(result.track, into: &srt)
  return 0
}
