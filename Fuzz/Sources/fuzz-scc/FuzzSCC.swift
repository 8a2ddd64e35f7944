import CaptionKit

/// Reads arbitrary bytes two ways, chosen by the first byte: as an SCC file (`SCCReader`,
/// its pairs as `mux` passes them into c608, then `SCCWriter` pop-on and roll-up, and the
/// output read again), or as CEA-608 pairs
/// straight into `CEA608Decoder` (three bytes a pair: field, first byte, second byte), its
/// cues encoded again by `CEA608Encoder`, or as CEA-708 service blocks straight into
/// `CEA708Decoder` (a byte giving the block's size and the time step, then the block).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let mode = bytes.first else { return 0 }
  if mode & 1 == 0 {
    let text = TextDecoding.decode(Array(bytes.dropFirst()))
    let result = SCCReader.read(text)
    _ = SCCReader.blocks(text)
    for sccMode in [CEA608Encoder.Mode.popOn, .rollUp(rows: 3)] {
      var scc: [UInt8] = []
      SCCWriter.write(result.track, mode: sccMode, into: &scc)
      _ = SCCReader.read(TextDecoding.decode(scc))
    }
    return 0
  }
  if mode & 2 == 2 {
    var decoder = CEA708Decoder(service: 1)
    var index = 1
    var frame: Int64 = 0
    while index < bytes.count {
      let size = Int(bytes[index] & 0x1F)
      frame += Int64(bytes[index] >> 5)
      let end = min(bytes.count, index + 1 + size)
      decoder.decode(
        Array(bytes[(index + 1)..<end]), at: MediaTime(value: frame * 1001, timescale: 30000))
      index = end
    }
    _ = decoder.finish(at: MediaTime(value: frame * 1001 + 30000, timescale: 30000))
    return 0
  }
  var decoder = CEA608Decoder()
  var index = 1
  var frame: Int64 = 0
  while index + 2 < bytes.count {
    decoder.decode(
      CEA608Pair(
        bytes[index + 1], bytes[index + 2], field: Int(bytes[index] & 1) + 1,
        time: MediaTime(value: frame * 1001, timescale: 30000)))
    frame += Int64(bytes[index] >> 6)
    frame += 1
    index += 3
  }
  let captions = decoder.finish()
  for channel in captions.channels {
    _ = CEA608Encoder(mode: .popOn).encode(channel.cues)
  }
  return 0
}
