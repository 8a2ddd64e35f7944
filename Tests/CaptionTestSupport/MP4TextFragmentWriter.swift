/// Writes timed text in fragmented MP4 (ISO/IEC 14496-12 and -30) for tests: an
/// initialization segment with one `wvtt` or `stpp` track, and media segments of `moof` and
/// `mdat` boxes. FFmpeg cannot write these, so the tests write their own; FFmpeg's MP4 reader
/// reads them back, which checks the layout independently of captionkit's box reader.
public enum MP4TextFragmentWriter {
  public enum Codec: Sendable {
    case wvtt
    case stpp
  }

  /// A sample: its decode time and duration in the track's ticks, and its bytes.
  public struct Sample: Sendable {
    public var time: Int64
    public var duration: Int64
    public var bytes: [UInt8]

    public init(time: Int64, duration: Int64, bytes: [UInt8]) {
      self.time = time
      self.duration = duration
      self.bytes = bytes
    }
  }

  public static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
    uint32(UInt32(8 + content.count)) + Array(type.utf8) + content
  }

  public static func fullBox(
    _ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ content: [UInt8]
  )
    -> [UInt8]
  {
    box(type, [version] + Array(uint32(flags).dropFirst()) + content)
  }

  public static func uint16(_ value: UInt16) -> [UInt8] {
    [UInt8(value >> 8), UInt8(value & 0xFF)]
  }

  public static func uint32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) }
  }

  public static func uint64(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) }
  }

  static let matrix: [UInt8] = [
    0x00, 0x01, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x01, 0x00, 0x00, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0x00, 0x00, 0x00,
  ]

  /// The initialization segment: `ftyp` and a `moov` with the text track and its `trex`.
  public static func initialization(
    codec: Codec, timescale: UInt32, trackID: UInt32 = 1, configuration: String = "WEBVTT"
  ) -> [UInt8] {
    let ftyp = box("ftyp", Array("iso6".utf8) + uint32(0) + Array("iso6dashcmfc".utf8))
    let mvhd = fullBox(
      "mvhd",
      uint32(0) + uint32(0) + uint32(1000) + uint32(0) + uint32(0x0001_0000) + uint16(0x0100)
        + [UInt8](repeating: 0, count: 10) + matrix + [UInt8](repeating: 0, count: 24)
        + uint32(trackID + 1))
    let tkhd = fullBox(
      "tkhd", flags: 3,
      uint32(0) + uint32(0) + uint32(trackID) + uint32(0) + uint32(0)
        + [UInt8](repeating: 0, count: 8) + uint16(0) + uint16(0) + uint16(0) + uint16(0)
        + matrix + uint32(0) + uint32(0))
    let mdhd = fullBox(
      "mdhd",
      uint32(0) + uint32(0) + uint32(timescale) + uint32(0) + uint16(0x55C4) + uint16(0))
    let handler = codec == .wvtt ? "text" : "subt"
    let hdlr = fullBox(
      "hdlr", uint32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 12) + [0])
    let header = codec == .wvtt ? fullBox("nmhd", []) : fullBox("sthd", [])
    let dinf = box("dinf", fullBox("dref", uint32(1) + fullBox("url ", flags: 1, [])))
    let entry: [UInt8]
    switch codec {
    case .wvtt:
      entry = box(
        "wvtt",
        [UInt8](repeating: 0, count: 6) + uint16(1) + box("vttC", Array(configuration.utf8)))
    case .stpp:
      entry = box(
        "stpp",
        [UInt8](repeating: 0, count: 6) + uint16(1) + Array("http://www.w3.org/ns/ttml".utf8)
          + [0, 0, 0])
    }
    let stbl = box(
      "stbl",
      fullBox("stsd", uint32(1) + entry) + fullBox("stts", uint32(0))
        + fullBox("stsc", uint32(0)) + fullBox("stsz", uint32(0) + uint32(0))
        + fullBox("stco", uint32(0)))
    let trak = box(
      "trak", tkhd + box("mdia", mdhd + hdlr + box("minf", header + dinf + stbl)))
    let trex = fullBox(
      "trex", uint32(trackID) + uint32(1) + uint32(0) + uint32(0) + uint32(0))
    return ftyp + box("moov", mvhd + trak + box("mvex", trex))
  }

  /// A media segment: `styp`, then a `moof` (its `tfdt` the first sample's time) and an
  /// `mdat` with `samples`, which must follow each other in time.
  public static func segment(sequence: UInt32, trackID: UInt32 = 1, samples: [Sample]) -> [UInt8] {
    let styp = box("styp", Array("msdh".utf8) + uint32(0) + Array("msdhmsix".utf8))
    func moof(dataOffset: UInt32) -> [UInt8] {
      let tfhd = fullBox("tfhd", flags: 0x02_0000, uint32(trackID))
      let tfdt = fullBox("tfdt", version: 1, uint64(UInt64(samples.first?.time ?? 0)))
      var entries: [UInt8] = []
      for sample in samples {
        entries += uint32(UInt32(sample.duration)) + uint32(UInt32(sample.bytes.count))
      }
      let trun = fullBox(
        "trun", flags: 0x301, uint32(UInt32(samples.count)) + uint32(dataOffset) + entries)
      return box("moof", fullBox("mfhd", uint32(sequence)) + box("traf", tfhd + tfdt + trun))
    }
    let size = moof(dataOffset: 0).count
    let data = samples.flatMap(\.bytes)
    return styp + moof(dataOffset: UInt32(size + 8)) + box("mdat", data)
  }

  /// A `wvtt` sample: a `vttc` box a cue, or `vtte` when there is none.
  public static func webVTTSample(_ cues: [(id: String, settings: String, payload: String)])
    -> [UInt8]
  {
    guard !cues.isEmpty else { return box("vtte", []) }
    return cues.flatMap { cue in
      box(
        "vttc",
        (cue.id.isEmpty ? [] : box("iden", Array(cue.id.utf8)))
          + (cue.settings.isEmpty ? [] : box("sttg", Array(cue.settings.utf8)))
          + box("payl", Array(cue.payload.utf8)))
    }
  }
}
