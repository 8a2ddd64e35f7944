/// Timed text carried in fragmented MP4 (ISO/IEC 14496-30), as DASH packages it: `wvtt`
/// (WebVTT cues in boxes) and `stpp` (a TTML document a sample). The initialization segment's
/// `moov` gives the text track (its id, timescale, codec and sample defaults); each media
/// segment's `moof` and `mdat` give its samples. Every field is read with bounds checks, and
/// counts and sizes are limited, so a damaged or hostile file is a failure with a message.
public enum MP4TextReader {
  public typealias Failure = MP4ByteReader.Failure

  /// At most this many samples in one file, and this many bytes in one sample.
  public static let maximumSamples = 1_000_000
  public static let maximumSampleSize = 16 * 1024 * 1024

  /// The text track of an initialization segment (or of a whole fragmented file).
  public struct TextTrack: Sendable, Hashable {
    public enum Codec: Sendable, Hashable {
      /// `wvtt`: its `vttC` configuration (the WebVTT file's header, from `WEBVTT` on).
      case webvtt(configuration: String)
      /// `stpp`: the TTML namespace(s) it declares.
      case ttml(namespace: String)
    }

    public var trackID: UInt32
    public var timescale: UInt32
    public var codec: Codec
    /// `trex` defaults for the fragments.
    public var defaultDuration: UInt32 = 0
    public var defaultSize: UInt32 = 0
  }

  /// A sample: its presentation time and duration in the track's ticks, and its bytes.
  public struct Sample: Sendable, Hashable {
    public var time: Int64
    public var duration: Int64
    public var bytes: [UInt8]
    /// The size of the sample's first subsample (`subs`), when it has them: for `stpp`, the
    /// TTML document before any images.
    public var firstSubsample: Int?
  }

  /// A `vttc` box: one WebVTT cue of a sample, without times (the sample's are its times).
  public struct WebVTTCue: Sendable, Hashable {
    public var identifier: String
    public var settings: String
    public var payload: String
  }

  /// The first track whose sample entry is `wvtt` or `stpp`.
  public static func textTrack(in bytes: [UInt8]) throws(Failure) -> TextTrack {
    let reader = MP4ByteReader(bytes)
    let all = 0..<bytes.count
    guard let moov = try reader.first("moov", in: all) else {
      throw Failure("it has no 'moov' box: it is not an MP4 initialization segment")
    }
    var found: TextTrack?
    var kinds: [String] = []
    for trak in try reader.boxes(in: moov.content) where trak.type == "trak" {
      guard let tkhd = try reader.first("tkhd", in: trak.content),
        let mdhd = try reader.find(["mdia", "mdhd"], in: trak.content),
        let stsd = try reader.find(["mdia", "minf", "stbl", "stsd"], in: trak.content)
      else { continue }
      let (tkhdVersion, _) = try reader.versionAndFlags(of: tkhd)
      let trackID = try reader.uint32(
        at: tkhd.content.lowerBound + (tkhdVersion == 1 ? 20 : 12), in: tkhd.content)
      let (mdhdVersion, _) = try reader.versionAndFlags(of: mdhd)
      let timescale = try reader.uint32(
        at: mdhd.content.lowerBound + (mdhdVersion == 1 ? 20 : 12), in: mdhd.content)
      // stsd: version and flags, entry count, then the sample entries.
      let entries = try reader.boxes(in: (stsd.content.lowerBound + 8)..<stsd.content.upperBound)
      guard let entry = entries.first else { continue }
      kinds.append(entry.type)
      // A sample entry starts with 6 reserved bytes and a data reference index.
      let body = (entry.content.lowerBound + 8)..<entry.content.upperBound
      let codec: TextTrack.Codec
      switch entry.type {
      case "wvtt":
        guard body.lowerBound <= body.upperBound else {
          throw Failure("its 'wvtt' sample entry is shorter than its header")
        }
        let config = try reader.first("vttC", in: body)
        codec = .webvtt(
          configuration: config.map { String(decoding: bytes[$0.content], as: UTF8.self) }
            ?? "WEBVTT")
      case "stpp":
        guard body.lowerBound <= body.upperBound else {
          throw Failure("its 'stpp' sample entry is shorter than its header")
        }
        codec = .ttml(namespace: reader.cString(at: body.lowerBound, in: body).0)
      default:
        continue
      }
      guard timescale > 0 else { throw Failure("its text track's timescale is 0") }
      found = TextTrack(trackID: trackID, timescale: timescale, codec: codec)
      break
    }
    guard var track = found else {
      throw Failure(
        "it has no 'wvtt' or 'stpp' text track"
          + (kinds.isEmpty ? "" : " (its tracks are \(kinds.joined(separator: ", ")))"))
    }
    if let mvex = try reader.first("mvex", in: moov.content) {
      for trex in try reader.boxes(in: mvex.content) where trex.type == "trex" {
        let base = trex.content.lowerBound + 4
        guard try reader.uint32(at: base, in: trex.content) == track.trackID else { continue }
        track.defaultDuration = try reader.uint32(at: base + 8, in: trex.content)
        track.defaultSize = try reader.uint32(at: base + 12, in: trex.content)
      }
    }
    return track
  }

  /// The samples of `track` in the `moof`/`mdat` fragments of `bytes`, their times continuing
  /// from `time` where a fragment has no `tfdt`. Returns them and the time after the last.
  public static func samples(
    in bytes: [UInt8], track: TextTrack, continuingFrom time: Int64 = 0
  ) throws(Failure) -> (samples: [Sample], end: Int64) {
    let reader = MP4ByteReader(bytes)
    let all = 0..<bytes.count
    var samples: [Sample] = []
    var next = time
    for moof in try reader.boxes(in: all) where moof.type == "moof" {
      for traf in try reader.boxes(in: moof.content) where traf.type == "traf" {
        let children = try reader.boxes(in: traf.content)
        guard let tfhd = children.first(where: { $0.type == "tfhd" }) else {
          throw Failure("a 'traf' at byte \(traf.start) has no 'tfhd'")
        }
        let (_, tfhdFlags) = try reader.versionAndFlags(of: tfhd)
        var field = tfhd.content.lowerBound + 4
        guard try reader.uint32(at: field, in: tfhd.content) == track.trackID else { continue }
        field += 4
        var base = moof.start
        if tfhdFlags & 0x1 != 0 {
          let offset = try reader.uint64(at: field, in: tfhd.content)
          guard offset < UInt64(bytes.count) else {
            throw Failure("a 'tfhd' at byte \(tfhd.start) points past the end of the file")
          }
          base = Int(offset)
          field += 8
        }
        if tfhdFlags & 0x2 != 0 { field += 4 }
        var defaultDuration = track.defaultDuration
        var defaultSize = track.defaultSize
        if tfhdFlags & 0x8 != 0 {
          defaultDuration = try reader.uint32(at: field, in: tfhd.content)
          field += 4
        }
        if tfhdFlags & 0x10 != 0 { defaultSize = try reader.uint32(at: field, in: tfhd.content) }
        if let tfdt = children.first(where: { $0.type == "tfdt" }) {
          let (version, _) = try reader.versionAndFlags(of: tfdt)
          let at = tfdt.content.lowerBound + 4
          let decodeTime =
            version == 1
            ? try reader.uint64(at: at, in: tfdt.content)
            : UInt64(try reader.uint32(at: at, in: tfdt.content))
          guard decodeTime <= UInt64(Int64.max / 2) else {
            throw Failure("a 'tfdt' at byte \(tfdt.start) gives a time too large to use")
          }
          next = Int64(decodeTime)
        }
        let subsamples = try firstSubsamples(children.first { $0.type == "subs" }, reader)
        var dataOffset = base
        var index = 0
        for trun in children where trun.type == "trun" {
          let (version, flags) = try reader.versionAndFlags(of: trun)
          var at = trun.content.lowerBound + 4
          let count = Int(try reader.uint32(at: at, in: trun.content))
          at += 4
          guard samples.count + count <= maximumSamples else {
            throw Failure("more than \(maximumSamples) samples: the file is not read")
          }
          if flags & 0x1 != 0 {
            let offset = Int32(bitPattern: try reader.uint32(at: at, in: trun.content))
            dataOffset = base + Int(offset)
            at += 4
          }
          if flags & 0x4 != 0 { at += 4 }
          let perSample =
            [0x100, 0x200, 0x400, 0x800].filter { flags & UInt32($0) != 0 }.count * 4
          guard count * perSample <= trun.content.upperBound - at else {
            throw Failure("a 'trun' at byte \(trun.start) lists more samples than it holds")
          }
          for _ in 0..<count {
            var duration = Int64(defaultDuration)
            var size = Int(defaultSize)
            var shift: Int64 = 0
            if flags & 0x100 != 0 {
              duration = Int64(try reader.uint32(at: at, in: trun.content))
              at += 4
            }
            if flags & 0x200 != 0 {
              size = Int(try reader.uint32(at: at, in: trun.content))
              at += 4
            }
            if flags & 0x400 != 0 { at += 4 }
            if flags & 0x800 != 0 {
              let raw = try reader.uint32(at: at, in: trun.content)
              shift = version == 0 ? Int64(raw) : Int64(Int32(bitPattern: raw))
              at += 4
            }
            guard size <= maximumSampleSize else {
              throw Failure("a sample of \(size) bytes: more than a text sample can be")
            }
            guard dataOffset >= 0, dataOffset + size <= bytes.count else {
              throw Failure(
                "a sample at byte \(dataOffset) (\(size) bytes) lies past the end of the file: "
                  + "it is truncated")
            }
            samples.append(
              Sample(
                time: next + shift, duration: duration,
                bytes: Array(bytes[dataOffset..<dataOffset + size]),
                firstSubsample: index < subsamples.count ? subsamples[index] : nil))
            dataOffset += size
            next += duration
            index += 1
          }
        }
      }
    }
    return (samples, next)
  }

  /// The size of each sample's first subsample in a `subs` box (0 where it lists none).
  static func firstSubsamples(_ box: MP4Box?, _ reader: MP4ByteReader) throws(Failure) -> [Int?] {
    guard let box else { return [] }
    let (version, _) = try reader.versionAndFlags(of: box)
    var at = box.content.lowerBound + 4
    let entries = Int(try reader.uint32(at: at, in: box.content))
    at += 4
    guard entries <= maximumSamples else { throw Failure("a 'subs' box lists too many samples") }
    var sizes: [Int?] = []
    for _ in 0..<entries {
      let delta = Int(try reader.uint32(at: at, in: box.content))
      let count = Int(try reader.uint16(at: at + 4, in: box.content))
      at += 6
      var first: Int?
      for index in 0..<count {
        let size =
          version == 1
          ? Int(try reader.uint32(at: at, in: box.content))
          : Int(try reader.uint16(at: at, in: box.content))
        if index == 0 { first = size }
        at += (version == 1 ? 4 : 2) + 6
      }
      // Samples the box skips (a delta above 1) have no subsamples.
      let skipped = min(max(0, delta - 1), maximumSamples - sizes.count)
      sizes += [Int?](repeating: nil, count: max(0, skipped))
      sizes.append(first)
    }
    return sizes
  }

  /// The cues of a `wvtt` sample: its `vttc` boxes (a `vtte` sample has none; `vtta` comments
  /// are skipped).
  public static func webVTTCues(in sample: [UInt8]) throws(Failure) -> [WebVTTCue] {
    let reader = MP4ByteReader(sample)
    var cues: [WebVTTCue] = []
    for box in try reader.boxes(in: 0..<sample.count) {
      switch box.type {
      case "vttc":
        var cue = WebVTTCue(identifier: "", settings: "", payload: "")
        for part in try reader.boxes(in: box.content) {
          let text = String(decoding: sample[part.content], as: UTF8.self)
          switch part.type {
          case "iden": cue.identifier = text
          case "sttg": cue.settings = text
          case "payl": cue.payload = text
          default: break
          }
        }
        cues.append(cue)
      case "vtte", "vtta":
        break
      default:
        throw Failure("a 'wvtt' sample holds a '\(box.type)' box, not 'vttc', 'vtte' or 'vtta'")
      }
    }
    return cues
  }
}
