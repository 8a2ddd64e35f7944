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
  /// How far above its noise floor, in decibels averaged over the speech bands and over
  /// `scoreSmoothing`, a frame must rise to count as active. Default 4.5 dB.
  public var threshold: Double = 4.5
  /// The span, centred on each frame, its rise above the floor is averaged over before it is
  /// compared with `threshold`: a word keeps rising for a while, a noise bed only for a
  /// frame now and then. Default 140 ms (seven 20 ms frames); 0 averages nothing.
  public var scoreSmoothing: MediaTime = MediaTime(milliseconds: 140)
  /// How much the speech band's spectrum must change from the previous frame for the frame
  /// to count as active: the mean absolute change of each bin's level, in decibels, weighted
  /// by the bin's share of the band's power. Held notes and chords change little (under
  /// 1 dB), speech changes its formants and pitch all the time (4 to 5 dB typically), so
  /// this keeps music out. Default 2.5 dB; 0 turns the check off.
  public var spectralChange: Double = 2.5
  /// The noise floor of each band is this percentile (0 to 1) of the band's level over
  /// `floorWindow`. A low percentile stays under continuous speech, which leaves only short
  /// pauses, and follows a steady bed of noise. Default 0.05.
  public var floorPercentile: Double = 0.05
  /// A bed that fluctuates (babble, music) has dips far under its usual level, so its low
  /// percentile lies far under it too. The gap between this percentile (0 to 1) and
  /// `floorPercentile`, averaged over the bands, measures that spread. Default 0.2.
  public var spreadPercentile: Double = 0.2
  /// Spread, in decibels, that is not counted: what a steady noise bed has. Default 2.5 dB.
  public var spreadAllowance: Double = 2.5
  /// Each decibel of spread beyond `spreadAllowance` raises the floor of every band by this
  /// many decibels. Default 3; 0 turns the correction off.
  public var spreadWeight: Double = 3
  /// The share of that raise a bed gets when its spectrum mostly holds still: music, whose
  /// held notes and chords `spectralChange` keeps out already, needs less of it than babble.
  /// A bed counts as holding still when the 20th percentile of its spectral change over
  /// `floorWindow` is under 1 dB, as changing (all of the raise) from 2 dB, in between
  /// linearly. Default 0.6; 1 treats every bed alike.
  public var heldBedShare: Double = 0.6
  /// The spread only counts while the bed's low percentile lies less than this many
  /// decibels under the loud level of the programme (the 95th percentile of the speech
  /// band's level over `floorWindow`), fading out over the next 5 dB: further down the
  /// "bed" is silence or faint room tone, and the spread is that of the speech itself.
  /// Default 60 dB.
  public var bedDepth: Double = 60
  /// The span of audio, centred on each frame, that its noise floor is taken from. Default
  /// 10 s; the result for a frame is known `floorWindow / 2` after it.
  public var floorWindow: MediaTime = MediaTime(milliseconds: 10_000)
  /// A second floor, the same percentile over this shorter span centred on the frame,
  /// follows a bed that swells and fades faster than `floorWindow` lets the first one do;
  /// each band's floor is the higher of the two. Default 2 s; 0 turns it off, and it is at
  /// most `floorWindow`.
  public var followWindow: MediaTime = MediaTime(milliseconds: 2000)
  /// Sound quieter than this over the speech band, in dBFS, is never active. Default -55.
  public var minimumLevel: Double = -55
  /// Frames more than this many decibels under the loud level of the programme (the 95th
  /// percentile of the speech band's level over `floorWindow`) are never active: quiet
  /// sounds far under the speech around them. Default 30 dB; `.infinity` turns it off.
  public var speechGate: Double = 30
  /// A segment is kept only when one of its active frames comes within this many decibels
  /// of the loud level of the programme (the same as for `speechGate`): talkers in the
  /// background (babble, a crowd) rise above their floor now and then like speech, but stay
  /// well under the speech in the foreground. Default 10 dB; `.infinity` turns it off.
  public var segmentGate: Double = 10
  /// A segment starts up to this much earlier than its first active frame, over the frames
  /// just before it whose smoothed rise reaches `lookBackThreshold`: where the word began
  /// to rise out of the bed rather than where it crossed `threshold`. Default 60 ms.
  public var lookBack: MediaTime = MediaTime(milliseconds: 60)
  /// The smoothed rise, in decibels, of the frames a segment's start may move back over.
  /// Default 3 dB.
  public var lookBackThreshold: Double = 3
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
