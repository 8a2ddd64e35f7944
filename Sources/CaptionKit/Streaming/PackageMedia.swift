public import CaptionMedia

/// The media of a streaming package, read through FFmpeg's reader of the format from `source`
/// (a playlist or manifest whose every address was checked to be inside the package):
/// what it holds, named `path` (the package's playlist or manifest), and its speech when
/// asked for. Its segments are read through only for the speech.
enum PackageMedia {
  static func read(
    _ source: String, as path: String, audio choice: MediaInput.AudioChoice,
    notes: inout [String], failure: String
  ) throws -> (MediaInfo, AudioActivity?) {
    do {
      let file = try MediaFile(opening: source)
      var info = file.info
      info.path = path
      var activity: AudioActivity?
      let hasAudio = info.streams.contains { $0.kind == .audio }
      if choice != .off && hasAudio {
        let contents = try file.read(subtitles: [], audio: .defaultStream)
        if let result = contents.audio { activity = try? result.get() }
      }
      if choice == .on && !hasAudio {
        notes.append("note: \(path) has no audio stream; the audio is not analysed")
      }
      return (info, activity)
    } catch let error as FFmpegUnavailable {
      throw error
    } catch {
      throw InputFailure(.unusable, "\(path): \(failure): \(error)")
    }
  }
}
