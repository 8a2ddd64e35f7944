public import CaptionMedia

/// The media of a streaming package, read through FFmpeg's reader of the format from `source`
/// (a playlist or manifest whose every address was checked to be inside the package):
/// what it holds, named `path` (the package's playlist or manifest), and its speech when
/// asked for. Its segments are read through only for the speech; the damage that read finds
/// (corrupt packets, errors the demuxer logs) is returned with it.
enum PackageMedia {
  static func read(
    _ source: String, as path: String, audio choice: MediaInput.AudioChoice,
    notes: inout [String], failure: String
  ) throws -> (MediaInfo, AudioActivity?, MediaDamageReport) {
    do {
      let file = try MediaFile(opening: source)
      var info = file.info
      info.path = path
      var activity: AudioActivity?
      var damage = MediaDamageReport()
      let hasAudio = info.streams.contains { $0.kind == .audio }
      if choice != .off && hasAudio {
        let contents = try file.read(subtitles: [], audio: .defaultStream)
        damage = contents.damage
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
      return (info, activity, damage)
    } catch let error as FFmpegUnavailable {
      throw error
    } catch {
      throw InputFailure(.unusable, "\(path): \(failure): \(error)")
    }
  }
}
