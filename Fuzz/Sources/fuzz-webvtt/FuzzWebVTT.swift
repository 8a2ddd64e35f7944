import CaptionKit

/// Reads arbitrary bytes as WebVTT, writes the result and reads it again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let decoded = TextDecoding.decode(bytes)
  let first = WebVTTReader.read(decoded)
  var output: [UInt8] = []
  WebVTTWriter.write(first.track, into: &output)
  _ = WebVTTReader.read(TextDecoding.decode(output))
  return 0
}
