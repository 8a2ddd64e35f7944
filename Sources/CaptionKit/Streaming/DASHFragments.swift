import CaptionCore
import CaptionFormats

/// A DASH text representation carried in MP4 fragments (`wvtt` or `stpp`, ISO/IEC 14496-30):
/// its segment files, named by its `SegmentTemplate` (numbers or a timeline) or one `BaseURL`
/// file, read with the box reader and turned into one track.
///
/// - `wvtt`: each sample's `vttc` boxes are cues for the sample's time. A cue that spans
///   several samples (it overlaps others) is repeated in each; such repeats are one cue again.
/// - `stpp`: each sample is a TTML document whose times are on the track's timeline (14496-30,
///   5.3), not the sample's. A cue shows only while its sample does, so it is cut to the sample;
///   one wholly outside is a finding (times written from the sample's start are the common
///   mistake).
///
/// Times are the track's, less the template's `presentationTimeOffset`.
enum DASHFragments {
  static let rule = "dash.fragments"
  /// At most this many segments a representation, and this many bytes a segment.
  static let maximumSegments = 200_000
  static let maximumSegmentSize = 64 * 1024 * 1024

  struct Segment: Equatable {
    var uri: String
  }

  /// The initialization address and the media segments of `representation` (of a set whose
  /// `BaseURL` is `setBase`), or why they cannot be listed.
  static func segments(
    of representation: DASHManifest.Representation, setBase: String?, period: MediaTime?
  ) -> Result<(initialization: String?, media: [Segment]), Failure> {
    guard let template = representation.template, let media = template.media else {
      guard let base = representation.baseURL ?? setBase else {
        return .failure(Failure("it names no BaseURL or SegmentTemplate; its text is not read"))
      }
      return .success((nil, [Segment(uri: base)]))
    }
    func name(_ pattern: String, number: Int64, time: Int64) -> String {
      substitute(
        pattern, id: representation.id ?? "", bandwidth: representation.bandwidth ?? "",
        number: number, time: time)
    }
    var segments: [Segment] = []
    var number = template.startNumber
    if !template.timeline.isEmpty {
      var time: Int64 = 0
      let end = period.map { Int64(($0.seconds * Double(template.timescale)).rounded()) }
      for (index, entry) in template.timeline.enumerated() {
        if let start = entry.time { time = start }
        var count = entry.repeats + 1
        if entry.repeats == -1 {
          // To the next entry's start, or the end of the period.
          let limit =
            index + 1 < template.timeline.count
            ? template.timeline[index + 1].time
            : end.map { $0 + template.presentationTimeOffset }
          guard let limit else {
            return .failure(
              Failure("its SegmentTimeline repeats to the end of a period of unknown length"))
          }
          count = max(0, (limit - time + entry.duration - 1) / entry.duration)
        }
        guard count <= Int64(maximumSegments - segments.count) else {
          return .failure(Failure("it lists more than \(maximumSegments) segments"))
        }
        for _ in 0..<count {
          segments.append(Segment(uri: name(media, number: number, time: time)))
          number += 1
          time += entry.duration
        }
      }
    } else if let duration = template.duration {
      guard let period else {
        return .failure(
          Failure(
            "its SegmentTemplate gives a duration but the period's length is not known "
              + "(no Period duration or mediaPresentationDuration)"))
      }
      let total = Int64((period.seconds * Double(template.timescale)).rounded())
      let count = (total + duration - 1) / duration
      guard count <= Int64(maximumSegments) else {
        return .failure(Failure("it lists more than \(maximumSegments) segments"))
      }
      for index in 0..<max(0, count) {
        segments.append(
          Segment(
            uri: name(
              media, number: number + index,
              time: template.presentationTimeOffset + index * duration)))
      }
    } else {
      return .failure(Failure("its SegmentTemplate has neither a duration nor a SegmentTimeline"))
    }
    let initialization = template.initialization.map { name($0, number: 0, time: 0) }
    return .success((initialization, segments))
  }

  /// `pattern` with DASH's identifiers (`$RepresentationID$`, `$Number$`, `$Time$`,
  /// `$Bandwidth$`, each with an optional `%0Nd` width, and `$$`) replaced.
  static func substitute(
    _ pattern: String, id: String, bandwidth: String, number: Int64, time: Int64
  ) -> String {
    var result = ""
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "$") {
      result += rest[..<open]
      let after = rest.index(after: open)
      guard let close = rest[after...].firstIndex(of: "$") else {
        result += rest[open...]
        return result
      }
      let token = rest[after..<close]
      rest = rest[rest.index(after: close)...]
      let (identifier, format) =
        token.split(separator: "%", maxSplits: 1).map(String.init).splitPair()
      var width = 0
      if let format, format.hasPrefix("0"), format.hasSuffix("d") {
        width = Int(format.dropFirst().dropLast()) ?? 0
      }
      func padded(_ value: Int64) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, min(width, 32) - text.count)) + text
      }
      switch identifier {
      case "": result += "$"
      case "RepresentationID": result += id
      case "Number": result += padded(number)
      case "Time": result += padded(time)
      case "Bandwidth": result += bandwidth
      default: result += "$\(token)$"
      }
    }
    return result + rest
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The cues of a text representation, read from its files (`initialization`, when given,
  /// then `media`, each already resolved to a path inside the package), with findings at the
  /// file that has the problem.
  static func read(
    initialization: String?, media: [(uri: String, path: String)],
    presentationTimeOffset: MediaTime, encoding: TextEncoding?
  ) -> (cues: [Cue], format: TrackFormat, diagnostics: [Diagnostic], checked: [Diagnostic]) {
    var findings: [Diagnostic] = []
    var checked: [Diagnostic] = []
    func report(_ severity: Severity, _ message: String, file: String) {
      findings.append(Diagnostic(rule: rule, severity: severity, message: message, file: file))
    }
    func load(_ path: String) -> [UInt8]? {
      do throws(CaptionFileReader.Failure) {
        return try CaptionFileReader.loadBytes(path: path, maximumSize: maximumSegmentSize)
      } catch {
        report(.error, "cannot be read: \(error)", file: path)
        return nil
      }
    }
    let trackFile = initialization ?? media.first?.path ?? ""
    guard let head = load(trackFile) else { return ([], .webvtt, findings, checked) }
    let track: MP4TextReader.TextTrack
    do throws(MP4TextReader.Failure) {
      track = try MP4TextReader.textTrack(in: head)
    } catch {
      report(.error, "its text track cannot be read: \(error)", file: trackFile)
      return ([], .webvtt, findings, checked)
    }
    var cues: [Cue] = []
    var time: Int64 = 0
    var lastEnd: Int64?
    var disordered = false
    var sampleCount = 0
    var segmentsRead = 0
    let format: TrackFormat
    var header = "WEBVTT"
    switch track.codec {
    case .webvtt(let configuration):
      format = .webvtt
      header = configuration.isEmpty ? "WEBVTT" : configuration
      let read = WebVTTReader.read(header + "\n", path: trackFile)
      checked += read.diagnostics
    case .ttml:
      format = .ttml
    }
    let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count
    for (index, segment) in media.enumerated() {
      let bytes: [UInt8]
      if index == 0, initialization == nil {
        bytes = head
      } else {
        guard let loaded = load(segment.path) else { continue }
        bytes = loaded
      }
      let samples: [MP4TextReader.Sample]
      do throws(MP4TextReader.Failure) {
        (samples, time) = try MP4TextReader.samples(
          in: bytes, track: track, continuingFrom: time)
      } catch {
        report(.error, "its samples cannot be read: \(error)", file: segment.path)
        continue
      }
      sampleCount += samples.count
      segmentsRead += 1
      for sample in samples {
        if let lastEnd, sample.time < lastEnd { disordered = true }
        lastEnd = sample.time + sample.duration
        let start = ticks(sample.time, track.timescale) - presentationTimeOffset
        let place = "sample at \(start.timestamp())"
        switch format {
        case .webvtt:
          let boxes: [MP4TextReader.WebVTTCue]
          do throws(MP4TextReader.Failure) {
            boxes = try MP4TextReader.webVTTCues(in: sample.bytes)
          } catch {
            report(.error, "\(place): \(error)", file: segment.path)
            continue
          }
          guard !boxes.isEmpty else { continue }
          // The sample as a WebVTT file of its own, read by the WebVTT reader.
          let local = ticks(sample.time, track.timescale).converted(to: 1000)
          let localEnd = ticks(sample.time + sample.duration, track.timescale).converted(to: 1000)
          var text = header + "\n\n"
          for box in boxes {
            if !box.identifier.isEmpty { text += box.identifier + "\n" }
            text += "\(local.timestamp()) --> \(localEnd.timestamp())"
            text += box.settings.isEmpty ? "\n" : " \(box.settings)\n"
            text += box.payload + "\n\n"
          }
          let read = WebVTTReader.read(text, path: segment.path)
          for var diagnostic in read.diagnostics
          where (diagnostic.location?.line ?? Int.max) > headerLines {
            diagnostic.message = "\(place): \(diagnostic.message)"
            diagnostic.location = nil
            checked.append(diagnostic)
          }
          for var cue in read.track.cues {
            cue.start = (cue.start - presentationTimeOffset).converted(to: 1000)
            cue.end = (cue.end - presentationTimeOffset).converted(to: 1000)
            cue.location = nil
            cues.append(cue)
          }
        default:
          let document = Array(sample.bytes.prefix(sample.firstSubsample ?? sample.bytes.count))
          let read = TTMLSample.read(
            document, from: ticks(sample.time, track.timescale),
            to: ticks(sample.time + sample.duration, track.timescale),
            offset: presentationTimeOffset, encoding: encoding, path: segment.path)
          checked += read.checked
          cues += read.cues
          if let outside = read.outside {
            report(.error, outside, file: segment.path)
          }
        }
      }
    }
    if sampleCount == 0, segmentsRead > 0 {
      report(
        .error,
        "no sample of its text track is found in its segments' fragments (moof); a file "
          + "that is not fragmented is not read", file: media.first?.path ?? trackFile)
    }
    if disordered {
      report(
        .error,
        "its samples overlap or go back in time; players show each sample's cues only until "
          + "the next sample", file: trackFile)
    }
    return (cues.joiningSampleRepeats(), format, findings, checked)
  }

  /// `value` ticks of `timescale` a second.
  static func ticks(_ value: Int64, _ timescale: UInt32) -> MediaTime {
    if timescale <= UInt32(Int32.max) {
      return MediaTime(value: value, timescale: Int32(timescale))
    }
    return MediaTime(value: value / Int64(timescale / 1000), timescale: 1000)
  }
}

extension Array where Element == String {
  /// The first two elements (the second nil when there is one).
  fileprivate func splitPair() -> (String, String?) {
    (first ?? "", count > 1 ? self[1] : nil)
  }
}
