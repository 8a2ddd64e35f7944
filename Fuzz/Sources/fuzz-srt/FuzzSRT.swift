import CaptionKit

/// Reads arbitrary bytes as SRT, writes the result as SRT and as WebVTT.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = SRTReader.read(TextDecoding.decode(bytes))
  var srt: [UInt8] = []
  SRTWriter.write(result.track, into: &srt)
  _ = SRTReader.read(TextDecoding.decode(srt))
  var vtt: [UInt8] = []
  WebVTTWriter.write(result.track, into: &vtt)
  return 0
}
