public import CaptionCore

/// The tuning of `AudioActivityDetector`; every default is the value the accuracy figures in
/// `Docs/audio-activity.md` were measured with.
public struct AudioActivityOptions: Sendable, Hashable {
  /// The step between analysis frames; each frame looks at 32 ms of audio around its step.
  /// Default 20 ms; from 5 to 32 ms.
  public var frameStep: MediaTime = MediaTime(milliseconds: 20)
  /// The lower edge of the speech band, in hertz. Default 300.
  public var lowFrequency: Double = 300
  /// The upper edge of the speech band, in hertz. Default 3400.
  public var highFrequency: Double = 3400
  /// How far above its noise floor, in decibels averaged over the speech bands, a frame must
  /// rise to count as active. Default 6 dB.
  public var threshold: Double = 6
  /// How much the speech band's spectrum must change from the previous frame for the frame
  /// to count as active: the mean absolute change of each bin's level, in decibels, weighted
  /// by the bin's share of the band's power. Held notes and chords change little (under
  /// 1 dB), speech changes its formants and pitch all the time (4 to 5 dB typically), so
  /// this keeps music out. Default 2.5 dB; 0 turns the check off.
  public var spectralChange: Double = 2.5
  /// The noise floor of each band is this percentile (0 to 1) of the band's level over
  /// `floorWindow`. A low percentile follows the bed under the speech, since speech leaves
  /// pauses; one not too low sits in the middle of a bed that fluctuates (babble, music)
  /// rather than in its dips. Default 0.35.
  public var floorPercentile: Double = 0.35
  /// The span of audio, centred on each frame, that its noise floor is taken from. Default
  /// 6 s; the result for a frame is known `floorWindow / 2` after it.
  public var floorWindow: MediaTime = MediaTime(milliseconds: 6000)
  /// Sound quieter than this over the speech band, in dBFS, is never active. Default -55.
  public var minimumLevel: Double = -55
  /// Active runs shorter than this are ignored (clicks, drum hits). Default 60 ms.
  public var minimumBurst: MediaTime = MediaTime(milliseconds: 60)
  /// How long a segment is held open after its last active frame. Default 150 ms.
  public var hangover: MediaTime = MediaTime(milliseconds: 150)
  /// Segments separated by less than this (after the hangover) are merged. Default 250 ms.
  public var mergeGap: MediaTime = MediaTime(milliseconds: 250)
  /// Segments shorter than this, hangover included, are dropped. Default 250 ms.
  public var minimumSegment: MediaTime = MediaTime(milliseconds: 250)

  public init() {}
}
