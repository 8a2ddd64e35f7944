/// A disposition flag of a stream: how a player should treat it, and who it is for.
///
/// The raw values are FFmpeg's names (`hearing_impaired`), as ffprobe prints them.
public enum StreamDisposition: String, Sendable, Hashable, CaseIterable {
  case `default`
  case dub
  case original
  case comment
  case lyrics
  case karaoke
  case forced
  case hearingImpaired = "hearing_impaired"
  case visualImpaired = "visual_impaired"
  case cleanEffects = "clean_effects"
  case attachedPicture = "attached_pic"
  case timedThumbnails = "timed_thumbnails"
  case nonDiegetic = "non_diegetic"
  case captions
  case descriptions
  case metadata
  case dependent
  case stillImage = "still_image"
}
