import CaptionCore

/// Where a cue is shown, as far as overlaps go: two cues at the same place hide or push each
/// other, so their overlap is trimmed; cues at different places (a speaker at the top, a
/// sound at the bottom) are meant to be seen together and are kept.
///
/// The place is the region, the writing direction, the line (and whether it counts lines),
/// the position and the alignment (which SRT's `{\anN}` sets); size and the anchors are left
/// out. Cues without settings are all at one place.
struct TimingPlacement: Hashable {
  var region: String?
  var vertical: CueSettings.Vertical
  var line: Double?
  var snapToLines: Bool
  var position: Double?
  var align: CueSettings.Align

  init(_ settings: CueSettings) {
    region = settings.region
    vertical = settings.vertical
    line = settings.line
    snapToLines = settings.snapToLines
    position = settings.position
    align = settings.align
  }
}
