import CaptionKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--transcripts DIR`: the transcript of each media input, made as `transcript` makes it,
/// written atomically into one folder as `<name>.<ext>`.
///
/// A media file's name without its extension names its transcript (`movie.html` for
/// `lib/a/movie.mp4`); when two inputs found by the run share that name, each gets the
/// 64-bit FNV-1a hash of its input path after it (`movie-3f2a9c1d0b7e6a54.html`), so the
/// names do not depend on the order inputs finish, on `--shard` or on `--resume`.
struct BatchTranscripts {
  let folder: String
  let format: TranscriptFormat
  private let names: [String: String]

  /// Names the transcripts of the media among `inputs` (all inputs found, before shards and
  /// resume take theirs out).
  init(folder: String, format: TranscriptFormat, inputs: [String]) {
    self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    self.format = format
    var stems: [String: Int] = [:]
    for input in inputs { stems[Self.stem(input), default: 0] += 1 }
    var names: [String: String] = [:]
    for input in inputs {
      let stem = Self.stem(input)
      let hash = String(ShardSelector.fnv1a(input), radix: 16)
      let unique =
        stems[stem, default: 0] > 1
        ? stem + "-" + String(repeating: "0", count: 16 - hash.count) + hash : stem
      names[input] = unique + "." + format.rawValue
    }
    self.names = names
  }

  /// The path the transcript of `input` is written to.
  func path(for input: String) -> String {
    folder + "/" + (names[input] ?? (Self.stem(input) + "." + format.rawValue))
  }

  /// Writes the transcript of a media input; returns the result line's fields:
  /// `,"transcript":"<path>"`, or `,"transcript":null,"transcriptReason":"<why>"`.
  func write(for input: BatchInput, reader: CaptionFileReader) -> [UInt8] {
    var bytes = Array(",\"transcript\":".utf8)
    guard input.isMedia else {
      bytes += Array("null,\"transcriptReason\":".utf8)
      JSONOutput.appendString("transcripts are made of media files", to: &bytes)
      return bytes
    }
    let output = path(for: input.path)
    do {
      var tracks: TranscriptTracks
      if let given = input.tracks {
        tracks = TranscriptTracks()
        for path in given {
          let track: Track
          do {
            track = try reader.read(path: path).track
          } catch {
            throw InputOptions.failure(error)
          }
          let name = SidecarName(fileName: path, mediaFileName: input.path)
          switch name?.kind {
          case .descriptions: tracks.descriptions.append(track)
          case .chapters: tracks.chapters.append(track)
          default: if tracks.captions.isEmpty { tracks.captions.append(track) }
          }
          tracks.language = tracks.language ?? name?.language
        }
      } else {
        // The readers' findings are in the input's report already.
        var findings: [Diagnostic] = []
        tracks = try TranscriptTracks.find(
          forMedia: input.path, language: reader.language, reader: reader, findings: &findings)
      }
      if tracks.captions.isEmpty && tracks.descriptions.isEmpty {
        throw TranscriptCommand.noTracks(input.path, language: tracks.language)
      }
      let document = try TranscriptCommand.document(
        tracks, pause: MediaTime(milliseconds: 2000), title: nil,
        name: SidecarName.baseName(ofMedia: input.path), link: input.path, output: output,
        format: format)
      try AtomicFileWriter.write(document, to: output)
      JSONOutput.appendString(output, to: &bytes)
    } catch {
      bytes += Array("null,\"transcriptReason\":".utf8)
      JSONOutput.appendString(BatchRunner.reason(error), to: &bytes)
    }
    return bytes
  }

  /// The file name of a media path without its extension.
  private static func stem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return SidecarName.baseName(ofMedia: name)
  }
}
