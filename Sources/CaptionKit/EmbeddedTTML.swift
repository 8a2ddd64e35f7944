public import CaptionMedia

/// Reads TTML in MP4 samples (`stpp`, ISO/IEC 14496-30), for `MediaFile.read` and
/// `MediaSubtitles.read`: each sample's document with the TTML reader, its cues cut to the
/// sample (`TTMLSample`). Cues wholly outside their sample are a `container.subtitle-stream`
/// error, as no player shows them.
public enum EmbeddedTTML {
  public static let reader: TTMLSampleReader = { sample, start, end, origin in
    let read = TTMLSample.read(
      document(in: sample), from: start, to: end, offset: origin, encoding: nil, path: nil)
    var diagnostics = read.checked
    if let outside = read.outside {
      diagnostics.append(
        Diagnostic(rule: MediaSubtitles.subtitleStreamRule, severity: .error, message: outside))
    }
    return (read.cues, diagnostics)
  }

  /// The TTML document of a sample: its bytes up to the end of the root element (`</tt>`,
  /// or with a prefix, `</tt:tt>`). Images may follow it as subsamples, whose sizes FFmpeg
  /// does not give.
  static func document(in sample: [UInt8]) -> [UInt8] {
    let lessThan = UInt8(ascii: "<")
    var index = sample.count - 1
    var end = sample.count
    // The last end tag of a root element named `tt`, whatever its prefix.
    while index > 0 {
      if sample[index] == lessThan, index + 1 < sample.count, sample[index + 1] == UInt8(ascii: "/")
      {
        // A tag name is short: the search stops after 64 bytes, so binary data full of
        // `</` cannot make it slow.
        var name = index + 2
        let limit = min(sample.count, name + 64)
        while name < limit, sample[name] != UInt8(ascii: ">") { name += 1 }
        let tag = sample[(index + 2)..<name]
        let local = tag.split(separator: UInt8(ascii: ":")).last.map(Array.init) ?? []
        if local == Array("tt".utf8), name < limit {
          end = name + 1
          break
        }
      }
      index -= 1
    }
    return end == sample.count ? sample : Array(sample[..<end])
  }
}
