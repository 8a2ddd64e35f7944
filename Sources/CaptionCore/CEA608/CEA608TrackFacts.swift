/// What a CEA-608 caption channel's byte pairs said besides its cues, kept with the track made
/// from them (`Track.cea608`) for the rules that check 608 captions as sent (`cea608.*`).
public struct CEA608TrackFacts: Sendable, Hashable {
  /// Where the track's language came from.
  public enum LanguageSource: String, Sendable, Hashable {
    /// A caption service descriptor of the transport stream's program map table.
    case serviceDescriptor = "service-descriptor"
    /// The language tag of the container's caption stream (`c608` in MOV).
    case container
    /// Nothing declared it.
    case none
  }

  public var channel: CEA608Channel
  /// The field the channel is sent in: 1 (CC1, CC2) or 2 (CC3, CC4).
  public var field: Int { channel.field }
  /// The modes the channel used, in the order first seen.
  public var modes: [CEA608Mode]
  /// Each roll-up depth as it took effect.
  public var rollUpDepths: [CEA608ChannelCaptions.DepthChange]
  /// Text past column 32 and captions of more than 4 rows, each where it was found.
  public var layoutFindings: [CEA608Finding]
  /// The caption still on screen when the byte pairs ended, when one was.
  public var stillShown: CEA608Finding?
  /// When the byte pairs ended (the end of the programme's caption data), when known.
  public var dataEnd: MediaTime?
  public var languageSource: LanguageSource

  public init(
    channel: CEA608Channel, modes: [CEA608Mode] = [],
    rollUpDepths: [CEA608ChannelCaptions.DepthChange] = [], layoutFindings: [CEA608Finding] = [],
    stillShown: CEA608Finding? = nil, dataEnd: MediaTime? = nil,
    languageSource: LanguageSource = .none
  ) {
    self.channel = channel
    self.modes = modes
    self.rollUpDepths = rollUpDepths
    self.layoutFindings = layoutFindings
    self.stillShown = stillShown
    self.dataEnd = dataEnd
    self.languageSource = languageSource
  }

  /// The facts of `channel` in `captions`: the channel's modes and depths, and the decoder's
  /// layout and still-shown findings about it.
  public init(_ captions: CEA608Captions, channel: CEA608Channel, dataEnd: MediaTime?) {
    let own = captions[channel]
    var layout: [CEA608Finding] = []
    var still: CEA608Finding?
    for finding in captions.findings where finding.channel == channel {
      switch finding.kind {
      case .pastLastColumn, .tooManyRows: layout.append(finding)
      case .stillShown: still = finding
      case .parity, .unknownCode, .xdsChecksum: break
      }
    }
    self.init(
      channel: channel, modes: own.modes, rollUpDepths: own.rollUpDepths, layoutFindings: layout,
      stillShown: still, dataEnd: dataEnd)
  }
}
