/// A DASH manifest (MPD, ISO/IEC 23009-1) as far as captions and descriptions need it: its
/// periods, their adaptation sets with language, roles and accessibility descriptors, and the
/// representations' addresses. Items keep the 1-based line they were read from.
public struct DASHManifest: Sendable, Hashable {
  /// `type`: `static` (on demand) or `dynamic` (live).
  public var type: String?
  /// `mediaPresentationDuration`, when given and well-formed.
  public var duration: MediaTime?
  /// The MPD's own `BaseURL`, when given, and the bytes of its element.
  public var baseURL: String?
  public var baseURLRange: Range<Int>?
  /// The byte offset just after the `MPD` start tag.
  public var rootTagEnd = 0
  public var periods: [Period]

  public init(
    type: String? = nil, duration: MediaTime? = nil, baseURL: String? = nil,
    periods: [Period] = []
  ) {
    self.type = type
    self.duration = duration
    self.baseURL = baseURL
    self.periods = periods
  }

  /// A `Period`.
  public struct Period: Sendable, Hashable {
    public var id: String?
    /// `duration`, when given and well-formed.
    public var duration: MediaTime?
    public var baseURL: String?
    public var adaptationSets: [AdaptationSet]
    public var line: Int

    public init(
      id: String? = nil, baseURL: String? = nil, adaptationSets: [AdaptationSet] = [], line: Int
    ) {
      self.id = id
      self.baseURL = baseURL
      self.adaptationSets = adaptationSets
      self.line = line
    }
  }

  /// A `Role`, `Accessibility` or other descriptor: its scheme and value.
  public struct Descriptor: Sendable, Hashable {
    public var scheme: String
    public var value: String?
    public var line: Int

    public init(scheme: String, value: String?, line: Int) {
      self.scheme = scheme
      self.value = value
      self.line = line
    }
  }

  /// An `AdaptationSet`.
  public struct AdaptationSet: Sendable, Hashable {
    public var id: String?
    /// `contentType`: `video`, `audio`, `text`, `image`.
    public var contentType: String?
    /// `mimeType` of the set (a representation may give its own).
    public var mimeType: String?
    /// `codecs` of the set.
    public var codecs: String?
    /// `lang`, as written.
    public var language: String?
    public var roles: [Descriptor]
    public var accessibility: [Descriptor]
    public var baseURL: String?
    public var representations: [Representation]
    public var line: Int
    /// The bytes of the element, from its start tag to the end of its end tag.
    public var byteRange: Range<Int> = 0..<0

    public init(
      id: String? = nil, contentType: String? = nil, mimeType: String? = nil,
      codecs: String? = nil, language: String? = nil, roles: [Descriptor] = [],
      accessibility: [Descriptor] = [], baseURL: String? = nil,
      representations: [Representation] = [], line: Int
    ) {
      self.id = id
      self.contentType = contentType
      self.mimeType = mimeType
      self.codecs = codecs
      self.language = language
      self.roles = roles
      self.accessibility = accessibility
      self.baseURL = baseURL
      self.representations = representations
      self.line = line
    }
  }

  /// A `SegmentTemplate`: how a representation's segment files are named and timed.
  public struct SegmentTemplate: Sendable, Hashable {
    public var initialization: String?
    public var media: String?
    public var startNumber: Int64 = 1
    /// Ticks a second of `duration`, the timeline and `presentationTimeOffset`.
    public var timescale: Int64 = 1
    /// Each segment's duration, in ticks, when there is no timeline.
    public var duration: Int64?
    public var presentationTimeOffset: Int64 = 0
    /// `SegmentTimeline`'s `S` elements: start (`t`), duration (`d`), repeats (`r`; -1 to the
    /// end of the period).
    public var timeline: [TimelineEntry] = []
    public var line: Int

    public init(initialization: String? = nil, media: String? = nil, line: Int) {
      self.initialization = initialization
      self.media = media
      self.line = line
    }
  }

  /// An `S` element of a `SegmentTimeline`.
  public struct TimelineEntry: Sendable, Hashable {
    public var time: Int64?
    public var duration: Int64
    public var repeats: Int64

    public init(time: Int64?, duration: Int64, repeats: Int64) {
      self.time = time
      self.duration = duration
      self.repeats = repeats
    }
  }

  /// A `Representation`.
  public struct Representation: Sendable, Hashable {
    public var id: String?
    public var mimeType: String?
    public var codecs: String?
    public var bandwidth: String?
    public var baseURL: String?
    /// The representation's `SegmentTemplate`, or its set's.
    public var template: SegmentTemplate?
    public var line: Int

    /// `SegmentTemplate@initialization`, when there is a template.
    public var initialization: String? { template?.initialization }
    /// `SegmentTemplate@media`, when there is a template.
    public var media: String? { template?.media }

    public init(
      id: String? = nil, mimeType: String? = nil, codecs: String? = nil, baseURL: String? = nil,
      template: SegmentTemplate? = nil, line: Int
    ) {
      self.id = id
      self.mimeType = mimeType
      self.codecs = codecs
      self.baseURL = baseURL
      self.template = template
      self.line = line
    }
  }
}
