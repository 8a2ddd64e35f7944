internal import CFFmpeg

extension StreamDisposition {
  /// FFmpeg's flag for each disposition (`AV_DISPOSITION_*`), in the order ffprobe lists
  /// them.
  private static let flags: [(StreamDisposition, Int32)] = [
    (.default, AV_DISPOSITION_DEFAULT), (.dub, AV_DISPOSITION_DUB),
    (.original, AV_DISPOSITION_ORIGINAL), (.comment, AV_DISPOSITION_COMMENT),
    (.lyrics, AV_DISPOSITION_LYRICS), (.karaoke, AV_DISPOSITION_KARAOKE),
    (.forced, AV_DISPOSITION_FORCED), (.hearingImpaired, AV_DISPOSITION_HEARING_IMPAIRED),
    (.visualImpaired, AV_DISPOSITION_VISUAL_IMPAIRED),
    (.cleanEffects, AV_DISPOSITION_CLEAN_EFFECTS),
    (.attachedPicture, AV_DISPOSITION_ATTACHED_PIC),
    (.timedThumbnails, AV_DISPOSITION_TIMED_THUMBNAILS),
    (.nonDiegetic, AV_DISPOSITION_NON_DIEGETIC), (.captions, AV_DISPOSITION_CAPTIONS),
    (.descriptions, AV_DISPOSITION_DESCRIPTIONS), (.metadata, AV_DISPOSITION_METADATA),
    (.dependent, AV_DISPOSITION_DEPENDENT), (.stillImage, AV_DISPOSITION_STILL_IMAGE),
  ]

  /// The dispositions set in an `AVStream.disposition` field, in the order of `flags`.
  static func dispositions(in field: Int32) -> [StreamDisposition] {
    flags.compactMap { field & $0.1 != 0 ? $0.0 : nil }
  }

  /// The `AVStream.disposition` field with exactly `dispositions` set.
  static func field(for dispositions: [StreamDisposition]) -> Int32 {
    dispositions.reduce(0) { field, disposition in
      field | (flags.first { $0.0 == disposition }?.1 ?? 0)
    }
  }
}
