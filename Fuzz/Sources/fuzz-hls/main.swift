import CaptionKit

/// Reads arbitrary bytes as an HLS playlist, with small limits so that they are reached too,
/// and walks what it read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var limits = HLSPlaylistParser.Limits()
  if bytes.first.map({ $0 & 1 == 1 }) ?? false {
    limits.lines = 64
    limits.segments = 8
    limits.lineLength = 256
    limits.entries = 8
  }
  let result = HLSPlaylistParser.parse(bytes, limits: limits)
  switch result.playlist {
  case .media(let media):
    _ = media.segmentStarts
  case .multivariant(let multivariant):
    _ = multivariant.renditions.map(\.characteristics.count)
  case nil:
    break
  }
  return 0
}
