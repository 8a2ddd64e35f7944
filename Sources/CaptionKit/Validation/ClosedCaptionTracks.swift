public import CaptionCore
public import CaptionFormats
public import CaptionMedia

/// The closed captions of a media file as tracks: each stream's CEA-608 byte pairs decoded
/// (`CEA608Decoder`), one track per caption channel with cues, its CEA-708 service blocks
/// decoded (`CEA708Decoder`), one track per service with cues, and what the caption data says
/// about the programme (its XDS name and rating).
public struct ClosedCaptionTracks: Sendable {
  /// One caption stream as read: where it is, its channels, its 708 services and XDS facts.
  public struct StreamSummary: Sendable, Hashable {
    public struct Channel: Sendable, Hashable {
      public var channel: CEA608Channel
      public var cueCount: Int
      public var modes: [CEA608Mode]
      public var language: LanguageTag?
    }

    /// The stream's index: the video stream for A/53 captions.
    public var stream: Int
    public var source: ClosedCaptionSource
    /// The caption channels used (with cues or caption codes), in order.
    public var channels: [Channel]
    /// The CEA-708 services with data.
    public var services708: [Int]
    /// How many cues each CEA-708 service with data gave.
    public var service708Cues: [Int: Int] = [:]
    /// What the transport stream's program map table announces.
    public var serviceDescriptors: [CaptionServiceDescriptor]
    /// The XDS program name, when sent.
    public var programName: String?
    /// The XDS content advisory (rating) as text, when sent.
    public var contentAdvisory: String?

    /// `a53 (h264)`, `c608`, `eia_608`: how the captions are carried.
    public var carriage: String {
      switch source {
      case .a53(let codec): "A/53 in \(codec)"
      case .c608Track: "c608 track"
      case .eia608Stream: "eia_608 stream"
      }
    }
  }

  /// The tracks, one per channel with cues, in stream then channel order.
  public var results: [ReadResult]
  /// One summary per stream that carries caption data.
  public var streams: [StreamSummary]
  /// The findings that belong to no track: the reading's own (caption data that does not
  /// add up), and the decoders' about a stream that gave no track.
  public var diagnostics: [Diagnostic]

  public init(
    results: [ReadResult] = [], streams: [StreamSummary] = [], diagnostics: [Diagnostic] = []
  ) {
    self.results = results
    self.streams = streams
    self.diagnostics = diagnostics
  }

  /// The codec tracks of 608 captions are given (`Track.codec`).
  public static let codec = "eia_608"
  /// The codec tracks of 708 captions are given.
  public static let codec708 = "cea_708"

  /// Decodes the caption data of the media at `path`, described by `info`. Captions still on
  /// screen when a stream's data ends are ended there (at the media's end when the data
  /// runs to it). The decoders' findings (parity, unknown codes, XDS checksums, 708 commands)
  /// are `container.closed-captions` findings of the track of their channel or service, of
  /// the first track of their stream when they concern none with cues, or of the media
  /// (`diagnostics`) when the stream gave no track.
  public init(_ captions: MediaClosedCaptions, info: MediaInfo, path: String) {
    var results: [ReadResult] = []
    var summaries: [StreamSummary] = []
    var loose: [Diagnostic] = []
    for stream in captions.captioned {
      let decoded = Self.decode(stream, end: info.duration)
      let dataEnd = Self.dataEnd(of: stream)
      let container = info.streams.first { $0.index == stream.streamIndex }
      var summary = StreamSummary(
        stream: stream.streamIndex, source: stream.source, channels: [],
        services708: stream.services708, serviceDescriptors: stream.serviceDescriptors,
        programName: decoded.programName, contentAdvisory: decoded.contentAdvisory)
      var streamResults: [ReadResult] = []
      // Findings about no channel or service with cues: on the stream's first track.
      var unplaced: [Diagnostic] = []
      for channel in CEA608Channel.allCases {
        let own = decoded[channel]
        guard own.isUsed else { continue }
        var language: LanguageTag?
        var source = CEA608TrackFacts.LanguageSource.none
        // The descriptor names a field's language; the second data channel of a field is
        // usually another language, so only CC1 and CC3 take it.
        if channel.dataChannel == 1,
          let descriptor = stream.serviceDescriptors.first(where: {
            $0.service == .line21(field: channel.field)
          }), let tag = descriptor.languageTag
        {
          language = tag
          source = .serviceDescriptor
        } else if !Self.isInVideo(stream.source), channel == .cc1,
          let tag = container?.language
        {
          // A caption stream's own language tag; a video stream's says nothing of captions.
          language = tag
          source = .container
        }
        summary.channels.append(
          .init(channel: channel, cueCount: own.cues.count, modes: own.modes, language: language))
        guard !own.cues.isEmpty else { continue }
        let cues = own.cuesToTheMillisecond
        var track = Track(
          format: .webvtt, language: language, kind: .captions, source: .embedded, path: path,
          stream: stream.streamIndex, cues: cues)
        track.codec = Self.codec
        var facts = CEA608TrackFacts(decoded, channel: channel, dataEnd: dataEnd)
        facts.languageSource = source
        track.cea608 = facts
        streamResults.append(ReadResult(track: track))
      }
      for finding in decoded.findings {
        switch finding.kind {
        case .pastLastColumn, .tooManyRows, .stillShown: continue
        case .parity, .unknownCode, .xdsChecksum: break
        }
        var diagnostic = finding.diagnostic(rule: MediaClosedCaptions.rule, file: path)
        let channel = finding.channel.map { " \($0)" } ?? ""
        diagnostic.message =
          "stream \(stream.streamIndex)\(channel) at \(finding.time.timestamp()): "
          + diagnostic.message
        if let target = streamResults.firstIndex(where: {
          $0.track.cea608?.channel == finding.channel
        }) {
          streamResults[target].diagnostics.append(diagnostic)
        } else {
          unplaced.append(diagnostic)
        }
      }
      let services = stream.dtvcc.decoded(
        endingAt: info.duration, narrow: Self.narrowServices(stream, video: container))
      for service in services { summary.service708Cues[service.service] = service.cues.count }
      let (serviceResults, serviceFindings) = Self.tracks(of: services, in: stream, path: path)
      streamResults += serviceResults
      unplaced += serviceFindings
      if streamResults.isEmpty {
        loose += unplaced
      } else {
        streamResults[0].diagnostics += unplaced
      }
      results += streamResults
      summaries.append(summary)
    }
    loose += captions.diagnostics.map { diagnostic in
      var diagnostic = diagnostic
      diagnostic.file = diagnostic.file ?? path
      return diagnostic
    }
    if captions.omittedDiagnostics > 0 {
      loose.append(
        Diagnostic(
          rule: MediaClosedCaptions.rule, severity: .warning,
          message:
            "\(captions.omittedDiagnostics) more problems in the closed-caption data are not "
            + "listed", file: path))
    }
    self.init(results: results, streams: summaries, diagnostics: loose)
  }

  /// The CEA-708 services of `stream` whose windows are placed on the grid of a 4:3
  /// picture: those a caption service descriptor says are not for a wide picture, or, without
  /// a descriptor, every service when the video (`video`, the stream's own) is narrower than
  /// 1.4 to 1 (640 × 480; a 720 × 480 picture may be either, and is read as 16:9).
  static func narrowServices(_ stream: ClosedCaptionStream, video: MediaStream?) -> Set<Int> {
    var narrow: Set<Int> = []
    for service in stream.services708 {
      if let descriptor = stream.serviceDescriptors.digital(service) {
        if !descriptor.isWideAspectRatio { narrow.insert(service) }
      } else if let width = video?.width, let height = video?.height, height > 0,
        Double(width) / Double(height) < 1.4
      {
        narrow.insert(service)
      }
    }
    return narrow
  }

  /// One track per CEA-708 service of `stream` with cues, with the decoder's findings about
  /// each service as `container.closed-captions` findings of its track; the findings about
  /// services without a cue are given apart.
  static func tracks(
    of services: [CEA708ServiceCaptions], in stream: ClosedCaptionStream, path: String
  ) -> (results: [ReadResult], unplaced: [Diagnostic]) {
    var results: [ReadResult] = []
    var orphans: [Diagnostic] = []
    for service in services {
      let language = stream.serviceDescriptors.digital(service.service)?.languageTag
      let name = CEA708ServiceCaptions.name(of: service.service)
      let diagnostics = service.findings.map { finding in
        var diagnostic = finding.diagnostic(rule: MediaClosedCaptions.rule, file: path)
        diagnostic.message =
          "stream \(stream.streamIndex) \(name) at \(finding.time.timestamp()): "
          + diagnostic.message
        return diagnostic
      }
      guard !service.cues.isEmpty else {
        orphans += diagnostics
        continue
      }
      var track = Track(
        format: .webvtt, language: language, kind: .captions, source: .embedded, path: path,
        stream: stream.streamIndex, cues: service.cues)
      track.codec = codec708
      track.cea708Service = service.service
      results.append(ReadResult(track: track, diagnostics: diagnostics))
    }
    return (results, orphans)
  }

  /// The tracks of what a read of the media at `path` found (`MediaFile.read` with
  /// `closedCaptions`); none when the read did not look for closed captions.
  public init(_ contents: MediaContents, info: MediaInfo, path: String) {
    if let captions = contents.closedCaptions {
      self.init(captions, info: info, path: path)
    } else {
      self.init()
    }
  }

  /// Decodes both fields of `stream` in time order, ending what is still shown at `end`
  /// (the media's end, or the last pair when that is later).
  public static func decode(_ stream: ClosedCaptionStream, end: MediaTime?) -> CEA608Captions {
    let last = dataEnd(of: stream) ?? .zero
    return stream.decoded608(endingAt: end.map { max($0, last) })
  }

  static func isInVideo(_ source: ClosedCaptionSource) -> Bool {
    if case .a53 = source { return true }
    return false
  }

  /// The time of the last byte pair of `stream`.
  static func dataEnd(of stream: ClosedCaptionStream) -> MediaTime? {
    switch (stream.field1.last?.time, stream.field2.last?.time) {
    case (let one?, let two?): max(one, two)
    case (let one?, nil): one
    case (nil, let two?): two
    case (nil, nil): nil
    }
  }
}
