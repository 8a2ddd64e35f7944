/// What the CEA-608 decoder made of a run of byte pairs: the cues of each caption channel,
/// what each channel used, the XDS program facts, and the findings.
public struct CEA608Captions: Sendable, Hashable {
  /// CC1 to CC4, in order, each present even when it carried nothing.
  public var channels: [CEA608ChannelCaptions]
  /// The program name of the XDS current class (class 1, type 3), when a packet with a good
  /// checksum carried one.
  public var programName: String?
  /// The content advisory of the XDS current class (class 1, type 5) as text (`TV-PG (D, L)`,
  /// `MPA PG-13`), when a packet with a good checksum carried one.
  public var contentAdvisory: String?
  /// Every complete XDS packet with a good checksum, in the order they ended.
  public var xdsPackets: [CEA608XDSPacket]
  /// The findings, in the order of the pairs.
  public var findings: [CEA608Finding]

  public init(
    channels: [CEA608ChannelCaptions], programName: String? = nil,
    contentAdvisory: String? = nil, xdsPackets: [CEA608XDSPacket] = [],
    findings: [CEA608Finding] = []
  ) {
    self.channels = channels
    self.programName = programName
    self.contentAdvisory = contentAdvisory
    self.xdsPackets = xdsPackets
    self.findings = findings
  }

  /// The captions of `channel`.
  public subscript(channel: CEA608Channel) -> CEA608ChannelCaptions {
    channels[channel.rawValue - 1]
  }

  /// The channels that have at least one cue.
  public var channelsWithCues: [CEA608Channel] {
    channels.filter { !$0.cues.isEmpty }.map(\.channel)
  }
}

/// The cues of one caption channel, and the facts of how they were sent.
public struct CEA608ChannelCaptions: Sendable, Hashable {
  /// A roll-up depth taking effect.
  public struct DepthChange: Sendable, Hashable {
    /// 2, 3 or 4 rows.
    public var depth: Int
    /// When the roll-up code that set it was received.
    public var time: MediaTime

    public init(depth: Int, time: MediaTime) {
      self.depth = depth
      self.time = time
    }
  }

  public var channel: CEA608Channel
  /// The captions, in the order they were shown.
  public var cues: [Cue]
  /// The modes the channel used, in the order first seen (`text` for its text service).
  public var modes: [CEA608Mode]
  /// Each roll-up depth as it took effect (a repeated depth is not listed again).
  public var rollUpDepths: [DepthChange]
  /// How many characters were written past column 32, and so dropped.
  public var droppedPastLastColumn: Int
  /// How many captions had more than 4 rows.
  public var captionsOverFourRows: Int

  public init(
    channel: CEA608Channel, cues: [Cue] = [], modes: [CEA608Mode] = [],
    rollUpDepths: [DepthChange] = [], droppedPastLastColumn: Int = 0,
    captionsOverFourRows: Int = 0
  ) {
    self.channel = channel
    self.cues = cues
    self.modes = modes
    self.rollUpDepths = rollUpDepths
    self.droppedPastLastColumn = droppedPastLastColumn
    self.captionsOverFourRows = captionsOverFourRows
  }

  /// The cues with their times to the millisecond: frames are 33 ms apart, so that keeps
  /// them, and the formats the cues are written in need nothing finer.
  public var cuesToTheMillisecond: [Cue] {
    var cues = cues
    for index in cues.indices {
      cues[index].start = cues[index].start.converted(to: 1000)
      cues[index].end = cues[index].end.converted(to: 1000)
    }
    return cues
  }

  /// True when the channel carried caption codes or text (not only its text service).
  public var isUsed: Bool { !cues.isEmpty || modes.contains { $0 != .text } }
}
