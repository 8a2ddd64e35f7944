import CaptionMedia

/// The media of a streaming package, read through FFmpeg's reader of the format from `source`
/// (a playlist or manifest whose every address was checked to be inside the package):
/// what it holds, named `path` (the package's playlist or manifest), its speech when asked
/// for, and its closed captions when asked for and the video can carry them. Its segments
/// are read through only for these; the damage that read finds (corrupt packets, errors the
/// demuxer logs) is returned with it.
enum PackageMedia {
  /// What was read of a package's media.
  struct Contents {
    var info: MediaInfo
    var activity: AudioActivity?
    var damage: MediaDamageReport
    var closedCaptions: MediaClosedCaptions?
  }

  static func read(
    _ source: String, as path: String, audio choice: MediaInput.AudioChoice,
    closedCaptions: Bool = false, notes: inout [String], failure: String
  ) throws -> Contents {
    do {
      let file = try MediaFile(opening: source)
      var info = file.info
      info.path = path
      var activity: AudioActivity?
      var damage = MediaDamageReport()
      var captions: MediaClosedCaptions?
      let hasAudio = info.streams.contains { $0.kind == .audio }
      let readsAudio = choice != .off && hasAudio
      let readsCaptions = closedCaptions && MediaInput.mayCarryClosedCaptions(info)
      if readsAudio || readsCaptions {
        let contents = try file.read(
          subtitles: [], audio: readsAudio ? .defaultStream : .none, closedCaptions: readsCaptions)
        damage = contents.damage
        captions = contents.closedCaptions
        // As for a media file: audio that cannot be decoded stops the package (exit 65),
        // so no verdict rests on speech that was not found.
        if let result = contents.audio {
          do {
            activity = try result.get()
          } catch let error as AudioActivityError where error.reason == .noAudioStream {
            activity = nil
          }
        }
      }
      if choice == .on && !hasAudio {
        notes.append("note: \(path) has no audio stream; the audio is not analysed")
      }
      return Contents(info: info, activity: activity, damage: damage, closedCaptions: captions)
    } catch let error as FFmpegUnavailable {
      throw error
    } catch {
      throw InputFailure(.unusable, "\(path): \(failure): \(error)")
    }
  }
}
